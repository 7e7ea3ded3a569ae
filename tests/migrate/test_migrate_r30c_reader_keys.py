"""Held-out round 30's ``celeba_png_wholefile_shuffle_batch_join_gan``: a reader's record key used in a join of k
copies of a reader helper (``[read_face(queue, cfg) for _ in range(k)]`` into ``shuffle_batch_join``).

Each of the k legacy readers takes whole files from the one queue and keys its records within its file
(``record_keys.py``: a ``WholeFileReader``'s key is the file name, a ``TextLineReader``'s "<file>:<line number>"
from 1 with the header counted, a ``TFRecordReader``'s "<file>:<byte offset>"), so the rewrite's interleave of
per-file keyed datasets gives every key legacy gave. Variants: the round shape (a config object handed on too),
``import tensorflow as tf`` with the key used only for a label, a class's reader method whose key gives a
label, one function with ``train.batch``, the loop form of a join with TextLineReaders, another module's
TFRecordReader helper. A reader the rewrite does not know (``LMDBReader``) stays refused, naming it."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r30c_programs"
EXACT = {"one_function_wholefile_batch"}  # (one reader, no shuffle: legacy's order)


@pytest.mark.timeout(500)
def test_the_r30c_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 6
    assert ".map(lambda filename: (filename, tf.io.read_file(filename)))" in code["join_wholefile_keys_config.py"]
    assert ".enumerate(1).skip(1)" in code["loop_join_textline_keys.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact" if name in EXACT else "multiset")


JOIN = '''\
import tensorflow.compat.v1 as tf


def read_one(queue):
    reader = tf.{reader}
    key, value = reader.read(queue)
    return [key, value]


def inputs(files):
    queue = tf.train.string_input_producer(files, num_epochs=1)
    example_list = [read_one(queue) for _ in range(2)]
    return tf.train.batch_join(example_list, batch_size=4)
'''


def test_a_join_of_a_reader_the_rewrite_does_not_know_is_left_naming_the_reader():
    result = rewrite(JOIN.format(reader="LMDBReader()"), to="tfdata")
    assert result.refused, result.code
    said = " ".join(n.message for n in result.notes)
    assert "`read_one` does not read with one of FixedLengthRecordReader, TFRecordReader" in said, said


def test_a_join_of_keyed_whole_file_readers_keeps_the_file_name_as_the_key():
    result = rewrite(JOIN.format(reader="WholeFileReader()"), to="tfdata")
    assert not result.refused, result.notes
    assert "map(lambda filename: (filename, tf.io.read_file(filename)))" in result.code, result.code
