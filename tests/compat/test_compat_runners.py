"""``tf.train.QueueRunner``, ``add_queue_runner``, ``start_queue_runners`` and the
``tf.train.queue_runner`` namespace through the drop-in: TensorFlow's semantics in graph mode (against
TensorFlow's own), and what a user expects in eager mode where TensorFlow refuses."""

from __future__ import annotations

import threading
import warnings

import numpy as np
import pytest
import tensorflow as tf
from batch_harness import BRIDGE, LEGACY, both, counter, multiset, pair

import tfdata_bridge.compat.v1 as bridge
from tfdata_bridge._src.compat import runners
from tfdata_bridge._src.compat.notice import reset
from tfdata_bridge._src.warnings import CompiledToTfDataWarning

OOR = tf.errors.OutOfRangeError


def user_runner(tf1, produce, threads=2):
    q = tf1.FIFOQueue(8, [tf.int64, tf.float32], shapes=[[], []])
    values = tf1.py_func(produce, [], [tf.int64, tf.float32])
    tf1.train.add_queue_runner(tf1.train.QueueRunner(q, [q.enqueue(values)] * threads))
    return q


def test_a_user_queue_runner_fills_a_bridge_queue_until_its_producer_ends_then_closes_it():
    legacy, ours = both(lambda tf1: user_runner(tf1, counter(24)).dequeue_many(4))
    assert multiset(ours.batches) == multiset(legacy.batches)
    assert len(ours.batches) == 6
    assert ours.end is legacy.end is OOR and ours.joined is legacy.joined is None
    assert ours.threads == legacy.threads == 3  # two enqueue threads and the close-on-stop thread


def test_a_user_queue_runner_error_reaches_coordinator_join():
    def boom():
        raise ValueError("enqueue exploded")

    legacy, ours = both(lambda tf1: user_runner(tf1, boom).dequeue_many(4))
    assert type(ours.joined) is type(legacy.joined) is tf.errors.InvalidArgumentError
    assert "ValueError: enqueue exploded" in ours.joined.message
    assert ours.end is legacy.end is OOR  # the coordinator's stop cancelled the queue


def test_without_a_coordinator_errors_are_kept_in_exceptions_raised():
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        q = bridge.FIFOQueue(4, tf.int64, shapes=[[]])

        def boom():
            raise ValueError("no coordinator")

        qr = bridge.train.QueueRunner(q, [q.enqueue(bridge.py_func(boom, [], tf.int64))])
        with bridge.Session() as sess:
            threads = qr.create_threads(sess)
            assert qr.create_threads(sess) == []  # still counted as running until started and finished
            original_hook, threading.excepthook = threading.excepthook, lambda args: None
            try:
                for t in threads:
                    t.start()
                for t in threads:
                    t.join(10)
            finally:
                threading.excepthook = original_hook
    assert [type(e) for e in qr.exceptions_raised] == [tf.errors.InvalidArgumentError]


def test_queue_runner_checks_its_arguments_as_tensorflow_does():
    for tf1 in (LEGACY, BRIDGE):
        with tf.Graph().as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            q = tf1.FIFOQueue(2, tf.int32)
            with pytest.raises(ValueError, match="^Must provide queue and enqueue_ops.$"):
                tf1.train.QueueRunner(q, [])
            with pytest.raises(TypeError, match="must be a tuple of tf.error types"):
                tf1.train.QueueRunner(q, [q.enqueue(1)], queue_closed_exception_types=(ValueError,))
            qr = tf1.train.QueueRunner(q, [q.enqueue(1)], queue_closed_exception_types=(OOR, tf.errors.CancelledError))
            assert qr.queue_closed_exception_types == (OOR, tf.errors.CancelledError)
            assert qr.name == q.name


def test_start_queue_runners_refuses_what_tensorflow_refuses_with_its_messages():
    messages = []
    for tf1 in (LEGACY, BRIDGE):
        with tf.Graph().as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with pytest.raises(ValueError) as no_session:
                tf1.train.start_queue_runners()
            with pytest.raises(TypeError) as not_a_session:
                tf1.train.start_queue_runners(sess=object())
            messages.append((str(no_session.value), str(not_a_session.value)))
    assert messages[0] == messages[1]


def test_start_queue_runners_returns_only_the_threads_that_exist():
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        bridge.train.batch(pair(bridge, 4), 2)  # lifted: a runner (legacy's, first in the collection) with no thread
        with bridge.Session() as sess:
            assert bridge.train.start_queue_runners(sess) == []
        user_runner(bridge, counter(4), threads=3)
        with bridge.Session() as sess:
            threads = bridge.train.start_queue_runners(sess)
            assert len(threads) == 3 and all(t.daemon for t in threads)
            sess.run(bridge.get_collection(bridge.GraphKeys.QUEUE_RUNNERS)[1].cancel_op)
            for t in threads:
                t.join(10)


def test_the_queue_runner_namespace_holds_the_bridges_runners():
    assert bridge.train.queue_runner.QueueRunner is bridge.train.QueueRunner is runners.QueueRunner
    assert bridge.train.queue_runner.add_queue_runner is bridge.train.add_queue_runner is runners.add_queue_runner
    assert bridge.train.queue_runner.start_queue_runners is runners.start_queue_runners
    assert bridge.train.Coordinator is tf.compat.v1.train.Coordinator


def test_a_queue_runner_round_trips_through_a_meta_graph():
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        user_runner(bridge, counter(4))
        meta = bridge.train.export_meta_graph()
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        bridge.train.import_meta_graph(meta)
        (qr,) = bridge.get_collection(bridge.GraphKeys.QUEUE_RUNNERS)
        assert len(qr.enqueue_ops) == 2 and qr.queue_closed_exception_types == (OOR,)


# --- eager mode -------------------------------------------------------------------------------


class ListQueue:
    """A stand-in eager queue: enqueue appends, close records how it was closed."""

    def __init__(self, limit=None):
        self.items, self.closed, self.limit = [], None, limit
        self.name = "list_queue"
        self._lock = threading.Lock()

    def enqueue(self, value):
        with self._lock:
            if self.closed is not None:
                raise tf.errors.CancelledError(None, None, "closed")
            self.items.append(value)

    def close(self, cancel_pending_enqueues=False):
        self.closed = "cancel" if cancel_pending_enqueues else "close"


def test_in_eager_mode_start_queue_runners_returns_no_threads_and_teaches_tfdata():
    reset()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert bridge.train.start_queue_runners() == []
    assert [w.category for w in caught] == [CompiledToTfDataWarning]
    with pytest.raises(RuntimeError):
        LEGACY.train.start_queue_runners()


def test_in_eager_mode_a_queue_runner_runs_callables_until_they_end_then_closes_the_queue():
    q = ListQueue()
    produce = counter(10, lambda i: i)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        qr = bridge.train.QueueRunner(q, [lambda: q.enqueue(produce())] * 3)
        bridge.train.add_queue_runner(qr, collection="eager_test_runners")
        coord = bridge.train.Coordinator()
        threads = bridge.train.start_queue_runners(coord=coord, collection="eager_test_runners")
    assert len(threads) == 4
    for t in threads[:3]:
        t.join(10)
    assert sorted(q.items) == list(range(10)) and q.closed == "close"
    coord.request_stop()
    coord.join(threads, stop_grace_period_secs=10)
    assert q.closed == "cancel"


def test_in_eager_mode_a_runner_error_reaches_coordinator_join():
    q = ListQueue()

    def boom():
        raise ValueError("eager enqueue exploded")

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        qr = bridge.train.QueueRunner(q, [boom])
    coord = bridge.train.Coordinator()
    threads = qr.create_threads(None, coord=coord, start=True)
    with pytest.raises(ValueError, match="eager enqueue exploded"):
        coord.join(threads, stop_grace_period_secs=10)


def test_in_eager_mode_enqueue_results_are_refused_with_the_fix():
    q = ListQueue()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(TypeError, match="zero-argument callables"):
            bridge.train.QueueRunner(q, [q.enqueue(np.int64(1))])


def test_in_eager_mode_a_queue_runner_feeds_the_drop_ins_eager_queue():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        q = bridge.FIFOQueue(4, tf.int64, shapes=[[]])
        produce = counter(10, lambda i: np.int64(i))
        qr = bridge.train.QueueRunner(q, [lambda: q.enqueue(produce())] * 2)
    coord = bridge.train.Coordinator()
    threads = qr.create_threads(None, coord=coord, start=True)
    got = []
    with pytest.raises(OOR):
        while True:
            got.extend(q.dequeue_many(3).numpy().tolist())
    coord.request_stop()
    coord.join(threads, stop_grace_period_secs=10)
    assert len(got) == 9 and set(got) <= set(range(10))  # the last, short batch stays in the queue
