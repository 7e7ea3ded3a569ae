"""Held-out rounds 44/45's feed thread (ischlag's "TensorFlow Input Pipelines for Large Data Sets"): placeholders
for a chunk of rows, ``enqueue_many`` into a ``FIFOQueue`` whose one ``dequeue()`` is batched by ``train.batch``,
a Python thread feeding chunks with wraparound until the queue's close cancels it, the close run by the main
program at the end, ``RunOptions`` on each step, and the thread's ``isDaemon()`` read and left unused. Such a read
of a thread's state (``isDaemon()``, ``is_alive()``, ``getName()``, ``name``, ``daemon``) as a statement of its
own goes with the thread (``feed/threads.py``'s ``quiet_use``); one whose value is used (``print(t.is_alive())``)
is refused, and so is ``t.isAlive()``, which Python 3.9 removed (the original raises there). A feeder that closes
the queue while the program closes it again on the way out without ``cancel_pending_enqueues=True`` is refused:
legacy's second close raises ``CancelledError`` ("already closed").

Variants: ``import tensorflow.compat.v1 as tf`` with ``name`` / ``is_alive()`` reads; one row per ``enqueue``
into ``shuffle_batch`` (``from tensorflow.compat.v1 import train``, ``setDaemon``); the helper in a package module
called twice; the thread kept on ``self.thread`` by a class; a class's starter returning its thread, whose
``is_alive()`` and ``name`` the caller reads. The programs of ``r44t_programs/`` are migrated as one tree and run
against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r44t_programs"
COMPARE = {"rows_shuffle_train": "multiset"}
ENDS = {"wrap_chunks_batch": "steps: 6", "rows_shuffle_train": "rows: 12", "package_two_callers": "steps: 5 + 3",
        "class_held_thread": "steps: 5", "returned_thread_rows": "words: 8"}


@pytest.mark.timeout(500)
def test_the_r44t_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 5
    lib = (migrated / "r44t_lib" / "feeding.py").read_text()
    assert "from_generator" in lib and "isDaemon" not in lib and ".unbatch()" in lib, lib
    assert all("isDaemon" not in c and "is_alive" not in c and "threading.Thread" not in c for c in code.values())
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE.get(name, "exact"), end=ENDS[name])


FED = '''\
import threading

import numpy as np
import tensorflow.compat.v1 as tf


def main():
    ph = tf.placeholder(tf.float32, shape=[2, 3])
    queue = tf.FIFOQueue(capacity=8, dtypes=[tf.float32], shapes=[[3]])
    enqueue_op = queue.enqueue_many([ph])
    row = queue.dequeue()
    batch = tf.train.batch([row], batch_size=2)

    def enqueue(sess):
        for k in range(3):
            sess.run(enqueue_op, feed_dict={{ph: np.zeros([2, 3]) + k}})

    sess = tf.Session()
    t = threading.Thread(target=enqueue, args=[sess])
{use}
    t.start()
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(coord=coord, sess=sess)
    out = [sess.run(batch) for _ in range(3)]
    t.join()
    return out
'''


@pytest.mark.parametrize("use", ["    print(t.is_alive())", "    t.isAlive()", "    alive = t.is_alive()",
                                 "    t.is_alive(1)"])
def test_a_thread_read_used_or_raising_is_refused(use):
    result = rewrite(FED.format(use=use), to="tfdata")
    assert result.refused, result.code
    said = " ".join(n.message for n in result.notes)
    assert "the thread `t` is used other than by start(), join(), daemon, `coord.join(...)` and reads of its " \
           "state left unused: line 20" in said, said


def test_a_thread_read_left_unused_goes_with_it():
    result = rewrite(FED.format(use="    t.isDaemon()\n    t.daemon\n    t.getName()"), to="tfdata")
    assert not result.refused, result.notes
    assert "threading" not in result.code and "isDaemon" not in result.code, result.code


def test_a_plain_close_after_the_feeders_close_is_refused():
    source = FED.format(use="").replace("""feed_dict={ph: np.zeros([2, 3]) + k})
""", """feed_dict={ph: np.zeros([2, 3]) + k})
        sess.run(close_op)
""").replace("    row = queue.dequeue()\n", "    row = queue.dequeue()\n    close_op = queue.close()\n").replace(
        "    t.join()\n", "    t.join()\n    sess.run(close_op)\n")
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    said = " ".join(n.message for n in result.notes)
    assert "`enqueue` closes the queue, and line 28 closes it again without `cancel_pending_enqueues=True`" \
        in said, said
    cancel = source.replace("close_op = queue.close()", "close_op = queue.close(cancel_pending_enqueues=True)")
    assert not rewrite(cancel, to="tfdata").refused
