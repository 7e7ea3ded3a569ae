"""A class's fed queue with ``shared_name=`` (held-out round 56's bell tower keeps its queue in a class): the name
goes where no other session can reach the queue and the class is built once (``shared_names.py``, read by
``feed/klass.py`` as the function form reads it); a class built twice makes one shared queue in legacy, so it
is left. The programs of ``fixa2_programs/`` (three threads and a countdown, the class in a package module, a
local queue kept on the instance; ``import tensorflow as tf``, ``tensorflow.compat.v1 as tf``, ``from
tensorflow.compat import v1``) are migrated as one tree and run against their originals. A method that runs the
enqueue called outright by a function the threads run (the bell tower's ``append_to_queue``) is still left,
naming its caller (text tests, no TensorFlow)."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

PROGRAMS = pathlib.Path(__file__).resolve().parent / "fixa2_programs"


@pytest.mark.timeout(500)
def test_the_fixa2_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    assert [n for n, c in code.items() if "Queue(" in c or "Thread(" in c] == [], code
    assert "shared_name='trajectory_buffer' goes" in code["trajectories.py"]
    assert "shared_name='windows' goes" in code["class_shared_local.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset", end=None)


def _source(name: str) -> str:
    return (PROGRAMS / f"{name}.py").read_text()


def _refused(source: str) -> str:
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    return " ".join(n.message for n in result.notes)


def _swap(source: str, old: str, new: str) -> str:
    assert old in source
    return source.replace(old, new)


def test_a_shared_queue_of_a_class_built_twice_is_left():
    source = _swap(_source("class_shared_local"), "    batch = w.q.dequeue_many(3)\n",
                   "    twin = Windows([1.0, 2.0])\n    batch = w.q.dequeue_many(3)\n")
    assert "`Windows`, which makes it, is built more than once" in _refused(source)


def test_a_shared_queue_of_a_class_built_in_a_loop_is_left():
    source = _swap(_source("class_shared_countdown"), "    feeder = RowFeeder(path)\n",
                   "    for _ in range(1):\n        feeder = RowFeeder(path)\n")
    assert "`RowFeeder`, which makes it, is built in a loop" in _refused(source)


def test_a_shared_queue_of_a_class_with_a_server_session_is_left():
    source = _swap(_source("class_shared_countdown"), "tf.compat.v1.Session()", "tf.compat.v1.Session('grpc://h:2222')")
    assert "connects to a server" in _refused(source)


_PUSHED = '''
import threading
import numpy as np
import tensorflow.compat.v1 as tf


class Buffer(object):
    def __init__(self):
        self.ph = tf.placeholder(tf.float32, [2])
        self.queue = tf.FIFOQueue(4, [tf.float32], shapes=[[2]], shared_name='buf')
        self.enqueue_op = self.queue.enqueue([self.ph])
        self.close_op = self.queue.close()

    def push(self, sess, row):
        sess.run(self.enqueue_op, feed_dict={self.ph: row})

    def batch(self, n):
        return self.queue.dequeue_many(n)


def actor(sess, buf, rows):
    for row in rows:
        buf.push(sess, row)


def main(data_dir):
    buf = Buffer()
    xs = buf.batch(2)
    sess = tf.Session()
    actors = [threading.Thread(target=actor, args=(sess, buf, [[k, 1.0], [k, 2.0]])) for k in range(3)]
    for t in actors:
        t.start()
    for t in actors:
        t.join()
    sess.run(buf.close_op)
    return [sess.run(xs).tolist() for _ in range(3)]
'''


def test_an_enqueue_method_called_by_the_threads_function_is_left_naming_the_caller():
    said = _refused(_PUSHED)
    assert "`push`, the method that runs the enqueue, is called outright by `actor`" in said
    assert "shared_name" not in said


_SUMMARY = '''
import threading
import tensorflow.compat.v1 as tf


def feed(sess, op, close, ph):
    for k in range(4):
        sess.run(op, feed_dict={ph: float(k)})
    sess.run(close)


def main(data_dir):
    q = tf.FIFOQueue(4, [tf.float32], shapes=[[]])
    tf.summary.scalar('fill/' + q.name, tf.cast(q.size(), tf.float32) * 0.25)
    ph = tf.placeholder(tf.float32, [])
    op = q.enqueue([ph])
    close = q.close()
    xs = q.dequeue_many(2)
    with tf.Session() as sess:
        threading.Thread(target=feed, args=(sess, op, close, ph)).start()
        return [sess.run(xs).tolist() for _ in range(2)]
'''


def test_a_fill_summary_goes_with_the_queue_unless_the_summaries_are_read():
    # (a fill-level summary of the queue goes with it, said; where the module merges its summaries, the queue
    # stays, and the note names the reads)
    result = rewrite(_SUMMARY, to="tfdata")
    assert not result.refused and "from_generator" in result.code and "q.size()" not in result.code, result.notes
    assert "fill-level summary" in " ".join(n.message for n in result.notes)
    said = _refused(_SUMMARY.replace("    with tf.Session() as sess:\n",
                                     "    merged = tf.summary.merge_all()\n    with tf.Session() as sess:\n"))
    assert "`q.name`, `q.size()` read by `tf.summary.scalar(...)`" in said, said
