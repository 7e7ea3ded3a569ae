"""Held-out round 41's feed-thread queue whose ``size()`` is read once the dequeue loop has drained it: the
threads feed through placeholders, the queue is closed, a ``while True`` loop runs the dequeue to
``OutOfRangeError`` (or breaks on it), then ``sess.run(queue.size())``. Its value is known whatever the threads'
timing: 0 after a ``dequeue()``/``dequeue_up_to`` drain, the rows fed mod ``n`` after a ``dequeue_many(n)`` one
(the generator counts them); the rewrite gives that. A size read before the drain is a fill level: refused. The
same read after the drain of a queue filled by copies of one enqueue op under a ``QueueRunner`` is 0 after
``dequeue_up_to`` (``runner_queue.py``), refused after ``dequeue_many`` (a tail the rewrite does not count).

The programs of ``r41q_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r41q_programs"
ENDS = {"drain_many_left_tail": "left in queue: 2", "drain_up_to_shards_break": "drained",
        "drain_one_by_one_module_feeder": "size after the drain: 0", "runner_size_after_drain": "left: 0"}
COMPARE = {"drain_up_to_shards_break": "multiset", "runner_size_after_drain": "multiset"}


@pytest.mark.timeout(500)
def test_the_r41q_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 4
    assert [n for n, c in code.items() if "FIFOQueue(" in c or "import threading" in c or ".size())" in c] == [], code
    assert "queue_rows[0] % 4" in code["drain_many_left_tail.py"]
    assert "left = sess.run(tf.compat.v1.constant(0, tf.compat.v1.int32))" in code["runner_size_after_drain.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE.get(name, "exact"), end=ENDS[name])


def _source(before: str) -> str:
    source = (PROGRAMS / "drain_many_left_tail.py").read_text()
    return source.replace("        try:\n            while True:", f"        {before}\n        try:\n            while True:")


def test_a_size_read_before_the_drain_is_left():
    result = rewrite(_source("print(sess.run(queue.size()))"), to="tfdata")
    assert result.refused, result.code
    said = " ".join(n.message for n in result.notes)
    assert "`queue.size()` is read at line 34 where the dequeue loop has not drained the queue" in said, said


def test_a_drain_loop_another_exit_may_leave_is_no_drain():
    source = _source("pass").replace("                batches.append([ids.tolist(), values.tolist()])",
                                     "                batches.append([ids.tolist(), values.tolist()])\n"
                                     "                if len(batches) == 1:\n                    break")
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    assert "has not drained the queue" in " ".join(n.message for n in result.notes)


HELPER_FILLED = '''\
import tensorflow as tf


def push_rows(source, target):
    reader = tf.compat.v1.TextLineReader()
    _, line = reader.read(source)
    return target.enqueue([tf.strings.length(line)])


def main(paths):
    names = tf.compat.v1.FIFOQueue(4, [tf.string], shapes=[[]])
    name = tf.compat.v1.placeholder(tf.string)
    put_name = names.enqueue([name])
    close_names = names.close()
    rows = tf.compat.v1.RandomShuffleQueue(8, 1, [tf.int32], shapes=[[]])
    ops = [push_rows(names, rows) for _ in range(3)]
    runner = tf.compat.v1.train.QueueRunner(rows, ops)
    batch = rows.dequeue_up_to(2)
    with tf.compat.v1.Session() as sess:
        runner.create_threads(sess, start=True)  # (before the names: not the book's fed-once filename queue)
        for p in paths:
            sess.run(put_name, feed_dict={name: p})
        sess.run(close_names)
        return sess.run(batch)
'''


def test_queues_handed_to_a_function_that_reads_or_fills_them_are_left_with_the_function_named():
    result = rewrite(HELPER_FILLED, to="tfdata")
    assert result.refused, result.code
    said = " ".join(" ".join(n.message.split()) for n in result.notes)
    assert "`names` is handed to `push_rows` (line 16), and what that does with it is not followed" in said, said
    assert "`rows` (a `RandomShuffleQueue` made in `main`) is filled by the enqueue ops that `push_rows` (line 16) " \
           "makes, each call handed the queue, and read by `dequeue_up_to`" in said, said


SIZE_DRAINED = '''\
from tensorflow.compat.v1 import RandomShuffleQueue, Session, float32


def main(values):
    q = RandomShuffleQueue(capacity=16, min_after_dequeue=0, dtypes=[float32], seed=3)
    fill = q.enqueue_many([values])
    take = q.dequeue()
    out = []
    with Session() as sess:
        sess.run(fill)
        while sess.run(q.size()) > 0:
            out.append(sess.run(take))
    return out
'''


def test_a_queue_drained_by_its_size_now_migrates():
    """(size_drain.py: each fill an iterator's initializer, its rows left counted in `q_rows`; test_migrate_r46s.py
    runs the form both ways)"""
    result = rewrite(SIZE_DRAINED, to="tfdata")
    assert not result.refused, result.notes
    assert "while sess.run(q_rows) > 0:" in result.code and "RandomShuffleQueue(" not in result.code, result.code


def test_a_runner_queue_size_read_after_a_dequeue_many_drain_is_left():
    source = (PROGRAMS / "runner_size_after_drain.py").read_text().replace("dequeue_up_to(3)", "dequeue_many(3)")
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    said = " ".join(" ".join(n.message.split()) for n in result.notes)
    assert "`queue.size()` is read at line 41 after a `dequeue_many` drain: the queue then holds the short tail" \
        in said, said
