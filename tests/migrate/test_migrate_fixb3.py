"""Held-out rounds 60/61's feed threads: a batcher class that keeps its feeding threads on the instance
(``self._threads.append(t)``) and closes the queue from a method that joins that list (``feed/class_threads.py``,
``closer_args.py``: the same multiset, the threads' items one after another); a queue of one dtype not in a list
(``FIFOQueue(cap, tf.float32, shapes=[], names=['data'])``: one component, its one shape, ``feed/queue.py``),
fed a placeholder dict by ``enqueue`` or ``enqueue_many``. The programs of ``fixb3_programs/`` (package modules,
``tensorflow.compat.v1``, ``from tensorflow.compat import v1``, ``import tensorflow as tf``; a class and
functions; two callers) are migrated as one tree and run against their originals; what cannot be kept is
refused (text tests, no TensorFlow)."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

PROGRAMS = pathlib.Path(__file__).resolve().parent / "fixb3_programs"
SEVERAL = {"class_threads_on_instance"}  # (several feeding threads: their multiset; one thread: legacy's order)


@pytest.mark.timeout(500)
def test_the_fixb3_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    assert [n for n, c in code.items() if "Queue(" in c or "target=" in c or "args=" in c] == [], code
    # (no thread feeds; since O2b (``feed/starter.returned_on_self``) the starter's ``return self.thread`` keeps
    # that attribute a started idle thread, so what a caller got back still joins: the one ``Thread(`` left)
    assert [n for n, c in code.items() if "Thread(" in c] == ["streams.py"], code
    assert "self.thread = threading.Thread(daemon=True)\n        self.thread.start()\n        return self.thread" \
        in code["streams.py"], code["streams.py"]
    assert "shape=[None, 2]" in code["streams.py"] and "'pair'" in code["streams.py"]
    assert "_close_all" not in code["workers.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset" if name in SEVERAL else "exact",
                                  end=None)


def _source(path: str) -> str:
    return (PROGRAMS / path).read_text()


def _refused(source: str) -> str:
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    return " ".join(n.message for n in result.notes)


def _swap(source: str, old: str, new: str) -> str:
    assert old in source
    return source.replace(old, new)


def test_the_instance_list_of_threads_used_beyond_starter_and_closer_is_left():
    source = _swap(_source("fixb3_lib/workers.py"), "        sess.run(self._close)\n",
                   "        sess.run(self._close)\n\n    def more(self, t):\n        self._workers.append(t)\n")
    assert "`self._workers`, the list the feeding threads of `_fill` are kept in, is used beyond" in _refused(source)


def test_a_closer_joining_another_instance_list_is_left():
    source = _swap(_source("fixb3_lib/workers.py"), "        for worker in self._workers:\n",
                   "        for worker in self._others:\n")
    assert "`_close_all` closes the queue without joining every feeding thread first" in _refused(source)


def test_one_dtype_with_shapes_not_a_literal_list_of_sizes_is_left():
    source = _swap(_source("fixb3_lib/streams.py"), "shapes=[2]", "shapes=PAIR_SHAPE")
    said = _refused("PAIR_SHAPE = [2]\n" + source)
    assert "the queue has one dtype and its shapes= is not a literal list of sizes (the one component's shape) " \
        "nor of shapes" in said


_RETURNED = '''
import threading
import tensorflow.compat.v1 as tf

sess = None


def build():
    global queue, enqueue_op, close_op, ph
    ph = tf.placeholder(tf.float32, shape=[3])
    queue = tf.FIFOQueue(8, [tf.float32], shapes=[[3]])
    enqueue_op = queue.enqueue([ph])
    close_op = queue.close()
    return queue


def _feed(rows):
    for x in rows:
        sess.run(enqueue_op, feed_dict={ph: x})
    sess.run(close_op)


def start(rows):
    t = threading.Thread(target=_feed, args=(rows,))
    t.start()
    return t
'''


def test_a_queue_returned_for_a_caller_to_dequeue_is_left_with_its_reason():
    assert "`queue` leaves the block that makes it (returned, or kept in a `global`) and is dequeued elsewhere" \
        in _refused(_RETURNED)
