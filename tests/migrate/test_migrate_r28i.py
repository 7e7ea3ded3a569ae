"""Held-out round 28's join over decoders that choose their reader by a flag: a helper making its own file queue
and its reader in an ``if`` on a parameter each call passes as a literal (a plain ``TFRecordReader`` or a GZIP
one), the join's lists calls of it: each list its own dataset with its own compression, the join
``choose_from_datasets`` over them (the same multiset: legacy's threads compete). A flag not known where the
pipeline is built is refused, naming it.

The programs of ``r28i_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r28i_programs"


@pytest.mark.timeout(500)
def test_the_r28i_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 3
    assert [n for n, c in code.items() if "Reader(" in c or "_producer(" in c] == [], code
    assert code["default_flag_gzip_in_else_arm.py"].count('compression_type="GZIP"') == 2
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset", end=None)


FLAG = '''\
import tensorflow.compat.v1 as tf


def decoder(files, compressed):
    queue = tf.train.string_input_producer(files, num_epochs=1)
    if compressed:
        reader = tf.TFRecordReader(options=tf.python_io.TFRecordOptions(
            tf.python_io.TFRecordCompressionType.GZIP))
    else:
        reader = tf.TFRecordReader()
    _, value = reader.read(queue)
    return [tf.parse_single_example(value, {"x": tf.FixedLenFeature([], tf.int64)})["x"]]


def main(a, b, flag):
    lists = [decoder(a, FLAG_A), decoder(b, True)]
    x, = tf.train.batch_join(lists, batch_size=2)
    return x
'''


def test_a_flag_not_literal_where_the_join_is_built_is_refused_naming_it():
    for given in ("flag", "len(a) > 1"):
        result = rewrite(FLAG.replace("FLAG_A", given), to="tfdata")
        assert result.refused, result.code
        said = " ".join(n.message for n in result.notes)
        assert "`compressed` is not given a literal True or False" in said, said
    result = rewrite(FLAG.replace("FLAG_A", "False"), to="tfdata")
    assert not result.refused and "Reader(" not in result.code, result.notes
    assert result.code.count('compression_type="GZIP"') == 1


def test_a_reader_chosen_by_a_value_the_helper_computes_is_refused():
    source = FLAG.replace("if compressed:", "if len(files) > compressed:").replace("FLAG_A", "False")
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    said = " ".join(n.message for n in result.notes)
    assert "tested on a value other than one of its parameters" in said, said


CLASS_READER = '''\
import tensorflow.compat.v1 as tf


class Reader(object):
    def __init__(self, files, reader_kwargs=None, num_readers=2):
        self.files = files
        self.reader_kwargs = reader_kwargs or {}
        self.num_readers = num_readers

    def single_reader(self, filename_queue):
        reader = tf.TFRecordReader(**self.reader_kwargs)
        _, record = reader.read(filename_queue)
        return record

    def parse_example(self, record):
        return [tf.parse_single_example(record, {"x": tf.FixedLenFeature([], tf.int64)})["x"]]

    def batch_inputs(self, batch_size):
        queue = tf.train.string_input_producer(self.files, num_epochs=1)
        examples = [self.parse_example(self.single_reader(queue)) for _ in range(self.num_readers)]
        return tf.train.shuffle_batch_join(examples, batch_size=batch_size, capacity=20, min_after_dequeue=4)
'''


def test_a_reader_method_of_a_left_join_says_the_join_it_stays_with():
    result = rewrite(CLASS_READER, to="tfdata")
    assert result.refused, result.code
    said = {n.line: n.message for n in result.notes}
    assert said[11].endswith("`single_reader` is called by `batch_inputs`, whose pipeline at line 21 is left "
                             "(the note there says why)"), said


LOOP = '''\
import tensorflow.compat.v1 as tf


def decoder(files, compressed):
    queue = tf.train.string_input_producer(files, num_epochs=1)
    if compressed:
        reader = tf.TFRecordReader(options=tf.python_io.TFRecordOptions(
            tf.python_io.TFRecordCompressionType.GZIP))
    else:
        reader = tf.TFRecordReader()
    _, value = reader.read(queue)
    return [tf.parse_single_example(value, {"x": tf.FixedLenFeature([], tf.int64)})["x"]]


def main(a, b):
    lists = []
    for files, gz in CONFIGS:
        lists.append(decoder(files, gz))
    x, = tf.train.batch_join(lists, batch_size=2)
    return x
'''


def test_a_loop_over_literal_configurations_is_its_list_of_calls_else_left():
    result = rewrite(LOOP.replace("CONFIGS", "[(a, False), (b, True)]"), to="tfdata")
    assert not result.refused and "Reader(" not in result.code, result.notes
    assert result.code.count('compression_type="GZIP"') == 1
    for configs in ("[(a, False), (b, len(b) > 1)]",  # (an item computed: not moved into the call)
                    "zip([a, b], [False, True])"):
        result = rewrite(LOOP.replace("CONFIGS", configs), to="tfdata")
        assert result.refused and "TFRecordReader" in result.code, configs
    used_after = LOOP.replace("CONFIGS", "[(a, False), (b, True)]").replace("    return x", "    return x, gz")
    assert rewrite(used_after, to="tfdata").refused  # (the loop's name stays bound after it)
