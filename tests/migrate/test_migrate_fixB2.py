"""Held-out rounds 56/57's feed threads closed in ways followed now: a reader class whose starter sets a running
count on the instance right before starting its threads, the last to end closing the queue under the instance's
lock (``feed/countdown.py``, class form; a module-level countdown kept by a class's method too); a closer thread
or function that joins every feeding thread, then closes (``feed/plumbing.py``: the data end after them all);
a queue's ``shared_name=`` where no other session can reach it (``shared_names.py``). The programs of
``fixB2_programs/`` (the reader in a package module, ``import tensorflow as tf`` and ``tensorflow.compat.v1``,
``from tensorflow.compat import v1``) are migrated as one tree and run against their originals; what cannot be
proved is refused (text tests, no TensorFlow)."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

PROGRAMS = pathlib.Path(__file__).resolve().parent / "fixB2_programs"


@pytest.mark.timeout(500)
def test_the_fixB2_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 5
    assert [n for n, c in code.items() if "Queue(" in c or "Thread(" in c] == [], code
    assert "_running -=" not in code["wav_reader.py"] and "finally" not in code["wav_reader.py"]
    assert "self._running = n_threads" not in code["wav_reader.py"]
    assert "_ALIVE[0] = len(self.shards)" not in code["module_countdown_method.py"]
    assert "shared_name='peal_buffer' goes" in code["closer_thread_shared.py"]
    assert "def closer" not in code["closer_thread_shared.py"]
    assert "close_when_done" not in code["closer_function_args.py"]
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


_GUARDED = "closes the queue where a condition of its own holds"


def test_a_countdown_on_the_instance_read_elsewhere_is_left():
    source = _swap(_source("class_countdown_inline"), "        feeder.start(sess, 3)\n",
                   "        feeder.start(sess, 3)\n        print(feeder._left)\n")
    assert _GUARDED in _refused(source)


def test_a_countdown_set_to_another_count_than_the_threads_is_left():
    source = _swap(_source("class_countdown_inline"), "        self._left = workers\n", "        self._left = 2\n")
    assert "`tf.compat.v1.FIFOQueue` left: `start`" in _refused(source)


def test_a_countdown_set_elsewhere_than_right_before_the_loop_is_left():
    source = _swap(_source("class_countdown_inline"), "        self._left = workers\n        for w",
                   "        self._left = workers\n        print(workers)\n        for w")
    assert "threads" in _refused(source)


def test_a_countdown_without_a_lock_is_left():
    source = _swap(_source("class_countdown_inline"), "        self._guard = threading.RLock()\n",
                   "        self._guard = open(path)\n")
    assert _GUARDED in _refused(source)


def test_a_countdown_flag_read_elsewhere_is_left():
    source = _swap(_source("module_countdown_method"), "            if done:\n                sess.run(self.close_op)\n",
                   "            if done:\n                sess.run(self.close_op)\n            print(done)\n")
    assert "`tf.compat.v1.FIFOQueue` left: `start_threads`" in _refused(source)


def test_a_closer_that_closes_before_joining_is_left():
    source = _swap(_source("closer_thread_shared"), "        coord.join(actors)\n        sess.run(close_op)\n",
                   "        sess.run(close_op)\n        coord.join(actors)\n")
    assert "`closer` closes the queue before its last statement" in _refused(source)


def test_a_closer_that_joins_only_the_last_thread_is_left():
    source = _swap(_source("closer_function_args"), "args=(sess, feeders, close_op)", "args=(sess, [t], close_op)")
    assert "close_when_done" in _refused(source)


def test_a_closer_that_does_not_join_is_left():
    source = _swap(_source("closer_thread_shared"), "        coord.join(actors)\n        sess.run(close_op)\n",
                   "        sess.run(close_op)\n")
    assert "`closer` closes the queue without joining every feeding thread first" in _refused(source)


def test_a_shared_name_another_queue_uses_too_is_left():
    source = _swap(_source("closer_thread_shared"), "    close_op = queue.close()\n",
                   "    close_op = queue.close()\n    twin = tf.FIFOQueue(4, [tf.float32], shared_name='peal_buffer')\n")
    assert "is built with that shared name too" in _refused(source)


def test_a_shared_name_with_a_server_session_is_left():
    source = _swap(_source("closer_thread_shared"), "    sess = tf.Session()\n",
                   "    sess = tf.Session('grpc://localhost:2222')\n")
    assert "connects to a server" in _refused(source)


def test_a_shared_name_made_by_a_function_called_twice_is_left():
    source = _swap(_source("closer_thread_shared"), "def main(data_dir):\n",
                   "def main(data_dir):\n    return run(data_dir) if False else run(data_dir)\n\n\ndef run(data_dir):\n")
    assert "is called more than once" in _refused(source)


_CLASS_CLOSER = '''
import threading
import tensorflow.compat.v1 as tf


class Feeder(object):
    def __init__(self, items):
        self.items = items
        self.ph = tf.placeholder(tf.float32, [])
        self.queue = tf.FIFOQueue(2, [tf.float32], shapes=[[]])
        self.enqueue = self.queue.enqueue([self.ph])
        self.close = self.queue.close()

    def feed(self, sess, part):
        for x in self.items[part::2]:
            sess.run(self.enqueue, feed_dict={self.ph: x})

    def _close_when_done(self, sess, feeders):
        for t in feeders:
            t.join()
        sess.run(self.close)

    def start(self, sess):
        feeders = []
        for k in range(2):
            t = threading.Thread(target=self.feed, args=(sess, k))
            t.start()
            feeders.append(t)
        closer = threading.Thread(target=self._close_when_done, args=(sess, feeders))
        closer.start()
        return feeders + [closer]


def main():
    f = Feeder([float(i) for i in range(12)])
    b = f.queue.dequeue_many(3)
    sess = tf.Session()
    f.start(sess)
    return sess.run(b)
'''


def test_a_class_closer_joining_every_feeder_is_rewritten_and_one_joining_some_is_left():
    assert not rewrite(_CLASS_CLOSER, to="tfdata").refused
    for given in ("feeders[:1]", "[t]"):
        source = _swap(_CLASS_CLOSER, "args=(sess, feeders))", f"args=(sess, {given}))")
        assert "`_close_when_done` closes the queue without joining every feeding thread first" in _refused(source)
    source = _swap(_CLASS_CLOSER, "        for t in feeders:\n            t.join()\n        sess.run(self.close)\n",
                   "        sess.run(self.close)\n        for t in feeders:\n            t.join()\n")
    assert "`start` starts a thread that neither feeds the queue nor only joins the feeders" in _refused(source)
