"""A prefetch queue (``passthrough.py``) whose ``QueueRunner`` is TensorFlow's own doc shape: made by hand,
``QueueRunner(q, [enqueue_op] * k)``, added to no collection and started by ``qr.create_threads(sess, coord=coord,
start=True)`` (``queue_runners.started_by_hand``): the runner and its starts go, a threads list it gave is what
legacy had less its threads. Its k threads each run the one op (a reader's read takes its next record): each
element once, in an order they raced for, so the rewrite gives them in the order one thread does (compared as a
multiset). Round 50's quarry blasts. Variants: the threads joined by the coordinator (`import tensorflow.compat.v1
as tf`), a `for t in qr.create_threads(sess, coord): t.start()` loop of three threads (`from tensorflow.compat.v1
import train`), a class method over another module's reader whose threads list is `start_queue_runners(...) +
qr.create_threads(...)`, called twice; the runner made in a helper and returned with its queue (`return q, qr`),
the caller extending `start_queue_runners`' list with its threads; and a queue batched by `dequeue_many`
(``runner_queue.py``) whose runner's threads a loop starts and appends to a list; a queue of k readers
(``handbuilt.py``) whose runner is made and started by hand, the threads list kept.

The programs of ``hq2_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "hq2_programs"


@pytest.mark.timeout(500)
def test_the_hq2_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 6
    assert all("create_threads" not in code[p.name] and "QueueRunner(" not in code[p.name] for p in programs), code
    assert "runner threads raced" in code["doc_shape_joined_threads.py"]
    assert "runner_threads = []" in code["k_readers_hand_started.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset", end=None)


UNSTARTED = '''\
import tensorflow.compat.v1 as tf


def main(path, n):
    _, line = tf.TextLineReader().read(tf.train.string_input_producer([path], num_epochs=1, shuffle=False))
    q = tf.FIFOQueue(4, [tf.string])
    op = q.enqueue([line])
    qr = tf.train.QueueRunner(q, [op] * {count})
    got = q.dequeue()
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        {start}
        return sess.run(got)
'''


@pytest.mark.parametrize("count, start, why", [
    ("2", "threads = qr.create_threads(sess, coord=coord)", "is not added by `add_queue_runner(qr)`"),
    ("2", "for t in qr.create_threads(sess, coord):\n            t.start()\n        t.join()", "is not added by"),
])
def test_a_runner_not_started_by_hand_is_left(count, start, why):
    # (threads made but not started, or the loop's last thread read after it: the runner stays)
    result = rewrite(UNSTARTED.format(count=count, start=start), to="tfdata")
    said = " ".join(n.message for n in result.notes)
    assert result.refused and why in said, said
    assert "QueueRunner(q" in result.code


def test_a_runner_of_threads_not_counted_here_goes():
    # (``[op] * n``, ``n`` the caller's: any count of threads running the one op delivers the same elements)
    result = rewrite(UNSTARTED.format(count="n", start="qr.create_threads(sess, coord=coord, start=True)"),
                     to="tfdata")
    assert not result.refused, result.notes
    assert "QueueRunner(" not in result.code and "create_threads" not in result.code and "got = line" in result.code
    assert "legacy's `n` runner threads, however many" in " ".join(n.message for n in result.notes)


STATEFUL = '''\
import tensorflow.compat.v1 as tf


def main(path):
    _, line = tf.TextLineReader().read(tf.train.string_input_producer([path], num_epochs=1, shuffle=False))
    counter = tf.Variable(0.0)
    {made}
    q = tf.FIFOQueue(4, [tf.float32])
    {enqueue}
    tf.train.add_queue_runner(tf.train.QueueRunner(q, [op]))
    got = q.dequeue()
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        tf.train.start_queue_runners(sess)
        return sess.run(got)
'''


@pytest.mark.parametrize("made, enqueue, why", [
    # (round 61: a counter incremented by the enqueue's dependency; the rewrite read it without the increment)
    ("bump = tf.assign_add(counter, 1.0)", "with tf.control_dependencies([bump]):\n        op = q.enqueue([counter])",
     "made under `tf.control_dependencies([bump])`"),
    ("value = tf.strings.to_number(line)",
     "with tf.name_scope('fill'), tf.control_dependencies([tf.assign_add(counter, 1.0)]):\n"
     "        op = q.enqueue([value])", "made under"),
    ("value = tf.strings.to_number(line) + counter", "op = q.enqueue([value])", "reads a variable (`tf.Variable`)"),
    ("step = counter.assign_add(1.0)", "op = q.enqueue([step])", "reads a variable (`counter.assign_add`)"),
])
def test_an_enqueue_that_runs_or_reads_state_keeps_its_queue(made, enqueue, why):
    # (legacy's runner ran the op ahead of the dequeues, until the queue was full: its dependencies ran once per
    # element and its variables were read at the runner's time; the queue cannot become the tensors)
    result = rewrite(STATEFUL.format(made=made, enqueue=enqueue), to="tfdata")
    said = " ".join(n.message for n in result.notes)
    assert result.refused and why in said, said
    assert "FIFOQueue(4" in result.code and "q.dequeue()" in result.code


FED_UNDER_DEPENDENCIES = '''\
import threading

import tensorflow.compat.v1 as tf


def main():
    x = tf.placeholder(tf.float32, [])
    count = tf.Variable(0.0, trainable=False)
    q = tf.FIFOQueue(10, [tf.float32], shapes=[[]])
    with tf.control_dependencies([tf.assign_add(count, 1.0)]):
        enqueue_op = q.enqueue([x])
    close_op = q.close()
    out = q.dequeue_many(2)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())

        def feed():
            for i in range(8):
                sess.run(enqueue_op, feed_dict={x: float(i)})
            sess.run(close_op)

        t = threading.Thread(target=feed)
        t.start()
        first = sess.run(out)
        t.join()
        return first, sess.run(count)
'''


def test_a_fed_enqueue_under_control_dependencies_keeps_its_queue():
    # (each of the thread's runs of the op ran the increment too: a generator's yield would not, and the rewrite
    # used to drop it, leaving `with ...: pass`)
    result = rewrite(FED_UNDER_DEPENDENCIES, to="tfdata")
    said = " ".join(n.message for n in result.notes)
    assert result.refused and "is made under `tf.control_dependencies([tf.assign_add(count, 1.0)])`" in said, said
    assert "q.enqueue([x])" in result.code and "from_generator" not in result.code
