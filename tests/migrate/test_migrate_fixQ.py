"""Held-out round 57's prefetch queue run by `[enqueue_op] * numberOfThreads`, the count not known when migrating
(`1 if test else 50` of a parameter): k runner threads running copies of the one enqueue op each take the next
evaluation of its tensors (one shared reader, one upstream queue), so they deliver the same elements for any k
from one up, in an order they race for; one thread's order is one of those, and the queue goes whatever k is
(a parameter, a module constant, a `len(...)`, `[op] * k`, `k * [op]`, `[op for _ in range(k)]`). A helper of
another module that returns its queue's `dequeue()` (not the queue) is its own module's rewrite, and its callers
are not refused for it. Refusals kept: no thread at all (legacy waits forever), and k feed threads that each
close the queue (which data arrives depends on k and their race).

The programs of ``fixQ_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixQ_programs"
EXACT = {"param_test_one_thread_read_up_to"}  # (one thread: legacy's order; the others race, compared as multisets)


@pytest.mark.timeout(500)
def test_the_fixQ_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 5
    assert [n for n, c in code.items() if "Queue(" in c or "QueueRunner(" in c or "dequeue()" in c] == [], code
    assert "[points, station] = points, station" in code["param_test_one_thread_read_up_to.py"]
    assert "return [first, second]" in code["prefetch.py"]
    flat = " ".join(code["constant_listcomp_train_import.py"].replace("# ", "").split())
    assert "legacy's `NUM_THREADS` runner threads, however many, raced for that order" in flat
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact" if name in EXACT else "multiset")


PREFETCH = '''\
import tensorflow.compat.v1 as tf


def prefetch(x, y):
    queue = tf.FIFOQueue(8, [tf.float32, tf.int64])
    op = queue.enqueue([x, y])
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, {ops}))
    return queue.dequeue()
'''


@pytest.mark.parametrize("ops", ["[op] * 0", "0 * [op]", "[op for _ in range(0)]"])
def test_no_runner_thread_is_refused(ops):
    result = rewrite(PREFETCH.format(ops=ops), to="tfdata")
    assert result.refused and "in 0 threads: legacy's dequeue waits forever" in " ".join(n.message for n in result.notes)


def test_copies_of_another_op_are_refused():
    result = rewrite(PREFETCH.format(ops="[op, queue.enqueue([x, y])] * 2"), to="tfdata")
    assert result.refused, result.notes


CLOSING_FEEDERS = '''\
import threading

import tensorflow.compat.v1 as tf


class Reader:
    def __init__(self, rows):
        self.rows = rows
        self.x = tf.placeholder(tf.float32, [])
        self.queue = tf.FIFOQueue(10, [tf.float32], shapes=[[]])
        self.enqueue = self.queue.enqueue([self.x])

    def dequeue(self, n):
        return self.queue.dequeue_many(n)

    def thread_main(self, sess):
        for row in self.rows:
            sess.run(self.enqueue, feed_dict={self.x: row})
        sess.run(self.queue.close())

    def start_threads(self, sess, n_threads):
        for _ in range(n_threads):
            t = threading.Thread(target=self.thread_main, args=(sess,))
            t.daemon = True
            t.start()


def main(rows, n_threads):
    reader = Reader(rows)
    batch = reader.dequeue(2)
    with tf.Session() as sess:
        reader.start_threads(sess, n_threads)
        return sess.run(batch)
'''


def test_k_feed_threads_each_closing_the_queue_stay_refused():
    """Where k matters (each of k Python threads feeds its own copy and closes the queue: the first close cuts
    the others' data), the count not known here is still a refusal."""
    result = rewrite(CLOSING_FEEDERS, to="tfdata")
    text = " ".join(n.message for n in result.notes)
    assert result.refused and "starts its threads in a loop whose count is not 1 at every call" in text, text
