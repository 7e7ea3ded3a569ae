"""A hand-built queue filled by one enqueue op per turn of a loop whose turns are alike (each reads the next
record of one reader made before the loop and parses it; nothing depends on the turn): the ``k`` ops are one op
run by ``k`` threads, each record enqueued once, so the loop is written as ``[op] * k`` and the queue rewritten
as such (``shared_turns.py``). A turn with state of its own per copy (a random op, a reader made in the turn) or
reading the loop variable keeps the loop, and the queue its note.

Feeding threads of a class whose last one closes the queue, a count up under a lock to a limit ``__init__`` set
once (``self._done += 1; last = self._done == self.n_threads``), the starter's loop ``range(self.n_threads)``:
the close comes after every thread's part, so the threads become one generator (``feed/countdown.py``). A loop
counting to anything else keeps the refusal: a close may come before another thread's last enqueue.

The programs of ``fixb1_programs/`` (a function called twice, ``from tensorflow.compat.v1 import train`` with
``read_up_to`` / ``enqueue_many``, a class of a package module, a sharded feeder class) are migrated as one tree
and run against their originals: the same rows, each once, in batches of the same sizes."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixb1_programs"


@pytest.mark.timeout(500)
def test_alike_enqueue_turns_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 4
    assert [n for n, c in code.items() if "Queue(" in c or ".enqueue" in c] == [], code
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset", end=None)


LOOP = '''\
import tensorflow.compat.v1 as tf


def build(paths, k):
    files = tf.train.string_input_producer(paths, num_epochs=1)
    reader = tf.TextLineReader()
    queue = tf.RandomShuffleQueue(20, 2, [tf.string, tf.float32], shapes=[[], []])
    ops = []
    for i in range(k):
{turn}
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, ops))
    return queue.dequeue_many(4)
'''


@pytest.mark.parametrize("turn", [
    # a random op: each copy its own seed and values
    "        _, line = reader.read(files)\n        ops.append(queue.enqueue([line, tf.random.uniform([])]))",
    # the loop variable read: the turns differ
    "        _, line = reader.read(files)\n        ops.append(queue.enqueue([line, tf.cast(i, tf.float32)]))",
    # a reader made in each turn: each copy its own reader
    "        _, line = tf.TextLineReader().read(files)\n        ops.append(queue.enqueue([line, 1.0]))",
])
def test_turns_that_differ_keep_the_queue(turn):
    result = rewrite(LOOP.format(turn=turn), to="tfdata")
    assert "RandomShuffleQueue(" in result.code and "for i in range(k):" in result.code, result.code
    assert "made in each turn of the loop" in " ".join(n.message for n in result.notes), result.notes


def test_alike_turns_are_one_op_replicated():
    turn = "        _, line = reader.read(files)\n        ops.append(queue.enqueue([line, 1.0]))"
    result = rewrite(LOOP.format(turn=turn), to="tfdata")
    assert "RandomShuffleQueue(" not in result.code and "TextLineDataset" in result.code, result.code


FEEDER = '''\
import threading

import tensorflow.compat.v1 as tf


class Feeder(object):
    def __init__(self, rows, n_threads):
        self.rows = rows
        self.n_threads = n_threads
        self.x = tf.placeholder(tf.float32, [None])
        self.queue = tf.RandomShuffleQueue(20, 0, [tf.float32], shapes=[[]])
        self.enqueue_op = self.queue.enqueue_many([self.x])
        self.close_op = self.queue.close()
        self._done = 0
        self._lock = threading.Lock()

    def get(self):
        return self.queue.dequeue_many(2)

    def thread_main(self, sess, k):
        sess.run(self.enqueue_op, feed_dict={{self.x: self.rows[k::self.n_threads]}})
        with self._lock:
            self._done += 1
            last = self._done == self.n_threads
        if last:
            sess.run(self.close_op)

    def start_threads(self, sess):
        threads = []
        for k in range({count}):
            t = threading.Thread(target=self.thread_main, args=(sess, k))
            t.start()
            threads.append(t)
        return threads
'''


def test_a_count_up_to_the_thread_count_init_set_ends_the_generator():
    result = rewrite(FEEDER.format(count="self.n_threads"), to="tfdata")
    assert "Queue(" not in result.code and "from_generator" in result.code, result.code


@pytest.mark.parametrize("count", ["self.n_threads + 1", "len(self.rows)"])
def test_a_count_up_to_another_number_keeps_the_queue(count):
    result = rewrite(FEEDER.format(count=count), to="tfdata")
    assert "RandomShuffleQueue(" in result.code, result.code
    assert "whether a close comes before another thread's last enqueue" in \
        " ".join(n.message for n in result.notes), result.notes
