"""Held-out round 36's click logs: a reader helper handed the file queue (or making its reader inline) that reads
with ``read_up_to(queue, n)`` and decodes the vector of lines, its caller batching the rows with
``enqueue_many=True``, becomes the reader's dataset in groups of ``n``, the helper mapped over each group,
``unbatch()``, then the batch (as the inline ``read_up_to`` form already was); each file's records are grouped
inside the reader's interleave, so that a group never spans two files (legacy's ``ReadUpTo`` stops at a file's
end), for the helper and the inline form alike. The helper in a package module
keeps its module's count (``rows.READ_N``). Files of record counts that are not multiples of ``n``.

The programs of ``r36c_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r36c_programs"
COMPARE = {"inline_reader_batch_many": "exact"}  # one thread: in order; the shuffles: each row once
ENDS = {"helper_queue_shuffle_many": "rows: 12", "inline_reader_batch_many": "rows: 12",
        "package_helper_shuffle": "rows: 16"}


@pytest.mark.timeout(500)
def test_the_r36c_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    # each file's records in groups inside the interleave: a group never spans two files, as legacy's
    assert "TextLineDataset(filename).batch(3), cycle_length=1)" in code["helper_queue_shuffle_many.py"]
    assert "TextLineDataset(filename).batch(4), cycle_length=1)" in code["inline_reader_batch_many.py"]
    assert "TextLineDataset(filename).skip(1)).batch(rows.READ_N)" in code["package_helper_shuffle.py"]
    assert all(".unbatch()" in code[p.name] for p in programs)
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE.get(name, "multiset"), end=ENDS[name])


HELPER = '''\
import tensorflow.compat.v1 as tf


def read_batch(queue):
{body}
    return tf.decode_csv(lines, record_defaults=[[0]])[0]


def main(files):
    queue = tf.train.string_input_producer(files, num_epochs=1)
    rows = read_batch(queue)
    return tf.train.shuffle_batch([rows], 4, 32, 4, num_threads=2, enqueue_many=True)
'''


@pytest.mark.parametrize("body, why", [
    ("    keys, lines = tf.TextLineReader().read_up_to(queue, 3)\n    tf.summary.text('k', keys)",
     "record keys `keys` of `read_up_to` are used"),
    ("    n = tf.size(queue.dequeue())\n    _, lines = tf.TextLineReader().read_up_to(queue, n)", "beyond the read"),
    ("    _, lines = tf.WholeFileReader().read_up_to(queue, 3)", "WholeFileReader.read_up_to"),
])
def test_what_the_helper_form_cannot_prove_is_refused(body, why):
    result = rewrite(HELPER.format(body=body), to="tfdata")
    assert result.refused
    assert any(why in n.message for n in result.refused), result.notes


def test_read_up_to_in_the_helper_without_enqueue_many_is_refused():
    src = HELPER.format(body="    _, lines = tf.TextLineReader().read_up_to(queue, 3)").replace(
        ", enqueue_many=True", "")
    result = rewrite(src, to="tfdata")
    assert result.refused
    assert any("without enqueue_many=True" in n.message for n in result.refused), result.notes
