"""Held-out round 41's reaction yields (the CS 20SI queue example): a ``FIFOQueue`` filled by copies of one
``enqueue_many`` of in-memory data (numpy arrays, lists, constants) run by a ``QueueRunner`` and read one element
at a time by ``dequeue()`` becomes ``from_tensor_slices(data).repeat()`` read by one iterator. Legacy's queue takes
each ``enqueue_many`` whole before the next, and every copy puts in the same rows, so the stream is the rows in
order, repeated, whatever the number of threads: the programs are compared exactly. Each column is converted to
the queue's dtype, as its enqueue did (a float64 array into a float32 queue). The runner's plumbing goes:
``qr.create_threads(sess, coord=coord, start=True)`` (its list left empty for the join), or
``add_queue_runner`` + ``start_queue_runners``. A source that may differ at each run is refused with the reason.

The programs of ``r41c_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r41c_programs"
ENDS = {"one_thread_create_threads": "steps: 13", "three_threads_start_queue_runners": "rows: 17",
        "helper_package": "read 11", "two_callers_class": "steps: 8"}


@pytest.mark.timeout(500)
def test_the_r41c_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 4
    assert [n for n, c in code.items() if "Queue(" in c or "QueueRunner(" in c or ".create_threads(" in c] == [], code
    assert "enqueue_threads = []" in code["one_thread_create_threads.py"]
    assert "convert_to_tensor(all_data, dtype=tf.float32)" in code["one_thread_create_threads.py"]
    assert ".repeat()" in code["samples.py"] and "shuffle" not in code["samples.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end=ENDS[name])


SOURCE = '''\
import numpy as np
import tensorflow.compat.v1 as tf

DTYPES = [tf.float32]


def main():
    x = {value}
    q = tf.FIFOQueue(8, {dtypes}, shapes=[[]])
    op = q.enqueue_many([x])
    tf.train.add_queue_runner(tf.train.QueueRunner(q, [op] * 2))
    return q.dequeue()
'''


def test_a_source_that_may_change_at_each_run_or_dtypes_not_written_out_are_refused():
    random = rewrite(SOURCE.format(value="tf.random_uniform([4])", dtypes="[tf.float32]"), to="tfdata")
    assert random.refused and "FIFOQueue" in random.code
    assert any("`tf.random_uniform([4])` is a TensorFlow op that may give another value at each run" in n.message
               for n in random.notes), random.notes
    named = rewrite(SOURCE.format(value="np.arange(4.0)", dtypes="DTYPES"), to="tfdata")
    assert named.refused and any("`dtypes` are not a literal list" in n.message for n in named.notes), named.notes
    plain = rewrite(SOURCE.format(value="np.arange(4.0)", dtypes="[tf.float32]"), to="tfdata")
    assert not plain.refused and "convert_to_tensor(x, dtype=tf.float32)" in plain.code, plain.notes
