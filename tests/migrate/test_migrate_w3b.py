"""Held-out round 53's hand-built queues: a runner's `[enqueue_op] * n` whose `n` is a name bound once to an
integer literal (a local, or a module constant of a helper's module) is that count; the list of the one tensor
`slice_input_producer` slices, enqueued whole (`queue.enqueue(sched)`), is the queue's one component; a FIFOQueue
filled from in-memory data by `for _ in range(k): sess.run(fill)`, then closed, is those rows k times over.
Feeding threads each closing the queue under a guard stay refused, saying so.

The programs of ``w3b_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "w3b_programs"
MULTISET = {"gate_package_caller1", "gate_package_caller2", "sched_fifo_named_op_train_import"}


def test_a_thread_count_bound_twice_migrates_as_any_count():
    # (since round 57's fix the count of copies of the one enqueue op is not needed: each thread's run took the
    # next evaluation, so whatever the count the queue held each element once, in an order one thread gives)
    source = (PROGRAMS / "gate_local_count.py").read_text().replace(
        "    num_threads = 1\n", "    num_threads = 1\n    if data_dir:\n        num_threads = 2\n")
    result = rewrite(source, "tfdata")
    assert not result.refused and "FIFOQueue(" not in result.code, result.notes
    assert any("however many" in n.message for n in result.notes), result.notes


@pytest.mark.parametrize("change, why", [
    ("    close_op.run()\n", "is not run once after the fills"),  # closed before the fills: legacy's enqueue fails
    ("        sess.run(enqueue_op)\n", "is run inside a loop"),  # a loop that may leave early
])
def test_a_fill_loop_off_the_form_stays_refused(change, why):
    source = (PROGRAMS / "passages_interactive_twice_close.py").read_text()
    if "close" in change:
        source = source.replace(change, "").replace("    sess = tf.InteractiveSession()\n",
                                                    "    sess = tf.InteractiveSession()\n" + change)
    else:
        source = source.replace(change, change + "        if i:\n            break\n")
    result = rewrite(source, "tfdata")
    assert result.refused and "FIFOQueue(" in result.code
    assert why in " ".join(n.message for n in result.notes), result.notes


@pytest.mark.timeout(500)
def test_the_w3b_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert [n for n, c in code.items() if "Queue(" in c] == [], code
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset" if name in MULTISET else "exact",
                                 end=None)


FEEDER = '''\
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class Feeder:
    def __init__(self, values, num_threads=2):
        self.values, self.num_threads = values, num_threads
        self.ph = tf.placeholder(tf.float32, [None])
        self.queue = tf.FIFOQueue(40, [tf.float32], shapes=[[]])
        self.enqueue_op = self.queue.enqueue_many([self.ph])
        self.close_op = self.queue.close()
        self._lock = threading.Lock()
        self._running = 0

    def take(self, n):
        return self.queue.dequeue_up_to(n)

    def _work(self, sess, part):
        sess.run(self.enqueue_op, feed_dict={self.ph: np.array_split(self.values, self.num_threads)[part]})
        with self._lock:
            self._running -= 1
            last = self._running == 0
        if last:
            sess.run(self.close_op)

    def start(self, sess):
        self._running = self.num_threads
        threads = [threading.Thread(target=self._work, args=(sess, k)) for k in range(self.num_threads)]
        for t in threads:
            t.start()
        return threads


def main():
    feeder = Feeder(np.arange(8.0))
    out = feeder.take(4)
    sess = tf.Session()
    threads = feeder.start(sess)
    return sess.run(out), threads
'''


def test_threads_each_closing_the_queue_under_a_guard_stay_refused_with_a_clear_note():
    result = rewrite(FEEDER, "tfdata")
    said = " ".join(n.message for n in result.notes)
    assert result.refused and "FIFOQueue(" in result.code
    assert "where a condition of its own holds" in said and "close the queue once, after joining" in said, said
    assert "is used 2 times" not in said, said  # (``self.queue.dequeue_up_to`` is the queue's, not ``take``)
