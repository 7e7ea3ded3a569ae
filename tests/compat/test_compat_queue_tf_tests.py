"""Behaviours TensorFlow's own queue and ``queue_runner_test.py`` tests check, through the drop-in and
compared with ``tensorflow.compat.v1`` (issue 16, item 4): an enqueue inside a ``tf.function`` in graph
mode, ``QueueRunner.to_proto`` / ``from_proto``, the message of a dequeue cancelled by
``Session.close()``, and the bridge's eager queues inside a ``tf.function``."""

from __future__ import annotations

import threading
import warnings
from typing import Any

import numpy as np
import pytest
import tensorflow as tf
from batch_harness import BRIDGE, LEGACY

import tfdata_bridge
from tfdata_bridge._src.compat import graph_queues

MODULES = pytest.mark.parametrize("tf1", [LEGACY, BRIDGE], ids=["legacy", "bridge"])
WAIT_S = 30


def _in_graph(tf1: Any, body: Any) -> Any:
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return body(tf1)


# -- an enqueue inside a tf.function, in graph mode --------------------------------------------------------


def _put_twice(queue: Any, x: Any) -> None:
    queue.enqueue(x)
    queue.enqueue(x * 2)


@pytest.mark.parametrize("form", ["method", "helper", "placeholder_fed"])
def test_an_enqueue_inside_a_tf_function_in_graph_mode_runs_as_in_legacy(form):
    def program(tf1: Any) -> list[float]:
        q = tf1.FIFOQueue(10, tf1.float32, shapes=[[]])

        @tf.function
        def put(x):
            if form == "helper":
                _put_twice(q, x)
            else:
                q.enqueue(x)
            return x

        if form == "placeholder_fed":
            fed = tf1.placeholder(tf1.float32, [])
            step = put(fed)
            feeds = [{fed: 1.0}, {fed: 3.0}]
        else:
            step = put(tf1.constant(1.0))
            feeds = [None, None]
        taken = q.dequeue_up_to(10)
        with tf1.Session() as sess:
            for feed in feeds:
                sess.run(step, feed_dict=feed)
            sess.run(q.close())
            return sess.run(taken).tolist()

    legacy = _in_graph(LEGACY, program)
    assert _in_graph(BRIDGE, program) == legacy
    assert len(legacy) in (2, 4)


# -- QueueRunner protos ----------------------------------------------------------------------------------


@MODULES
@pytest.mark.parametrize("types", [None, (tf.errors.OutOfRangeError, tf.errors.CancelledError)])
def test_a_queue_runner_survives_to_proto_and_from_proto(tf1, types):
    def program(tf1: Any) -> Any:
        q = tf1.FIFOQueue(4, tf1.float32, shapes=[[]])
        ops = [q.enqueue(tf1.constant(1.0)), q.enqueue(tf1.constant(2.0))]
        qr = tf1.train.QueueRunner(q, ops, queue_closed_exception_types=types)
        back = tf1.train.QueueRunner.from_proto(qr.to_proto())
        assert back.queue.name == qr.queue.name
        assert [op.name for op in back.enqueue_ops] == [op.name for op in qr.enqueue_ops]
        assert back.close_op.name == qr.close_op.name and back.cancel_op.name == qr.cancel_op.name
        assert back.queue_closed_exception_types == (types or (tf.errors.OutOfRangeError,))
        with tf1.Session() as sess:  # the runner from the proto runs
            coord = tf1.train.Coordinator()
            threads = back.create_threads(sess, coord=coord, daemon=True, start=True)
            try:
                got = sorted(sess.run(q.dequeue()) for _ in range(4))
            finally:  # a failure must not leave runner threads waiting for a stop
                coord.request_stop()
                coord.join(threads, stop_grace_period_secs=10)
        return got

    assert {1.0, 2.0} >= set(_in_graph(tf1, program))


def test_a_meta_graph_round_trip_keeps_the_runner():
    def program(tf1: Any) -> Any:
        q = tf1.FIFOQueue(4, tf1.float32, shapes=[[]])
        tf1.train.add_queue_runner(tf1.train.QueueRunner(q, [q.enqueue(tf1.constant(5.0))]))
        meta = tf1.train.export_meta_graph()
        with tf.Graph().as_default():
            tf1.train.import_meta_graph(meta)
            runners = tf1.get_collection(tf1.GraphKeys.QUEUE_RUNNERS)
            return [r.queue.name for r in runners], [len(r.enqueue_ops) for r in runners]

    assert _in_graph(BRIDGE, program) == _in_graph(LEGACY, program)


# -- a dequeue cancelled by Session.close ------------------------------------------------------------------


def _cancelled_by_close(tf1: Any, attempts: int = 3) -> list[tuple[str, str]]:
    """``(error type, message)`` of a dequeue blocked on an empty queue when another thread closes the
    session; an attempt whose close came before the run started raises no dequeue error and is retried."""
    seen = []
    for _ in range(attempts):
        with tf.Graph().as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            q = tf1.FIFOQueue(4, tf1.float32, shapes=[[]])
            value = q.dequeue()
            sess = tf1.Session()
            sess.run(q.size())  # the session is up
            started, finished = threading.Event(), threading.Event()
            result: dict[str, Any] = {}

            def consume() -> None:
                started.set()
                try:
                    sess.run(value)
                except Exception as e:  # noqa: BLE001 - what close() gave is the point
                    result["error"] = e
                finished.set()

            thread = threading.Thread(target=consume, daemon=True)
            thread.start()
            assert started.wait(WAIT_S)
            finished.wait(0.5)  # most attempts: the run is blocked in the dequeue by now
            sess.close()
            assert finished.wait(WAIT_S), "Session.close() did not end the blocked dequeue"
            error = result.get("error")
            if isinstance(error, tf.errors.CancelledError):
                seen.append((type(error).__name__, error.message))
    return seen


def test_a_dequeue_cancelled_by_session_close_says_so_as_in_legacy():
    ours = _cancelled_by_close(BRIDGE)
    legacy = _cancelled_by_close(LEGACY)
    assert legacy and ours
    assert all(graph_queues.DEQUEUE_CANCELLED in m for _, m in legacy)
    assert all(t == "CancelledError" and graph_queues.DEQUEUE_CANCELLED in m for t, m in ours), ours


def test_an_empty_cancelled_message_of_a_bridge_dequeue_becomes_legacys():
    def program(tf1: Any) -> None:
        q = tf1.FIFOQueue(4, tf1.float32, shapes=[[]])
        value, other = q.dequeue(), tf1.constant(1.0)
        empty = tf.errors.CancelledError(None, None, "")
        assert graph_queues.cancelled_dequeue([value], empty).message == graph_queues.DEQUEUE_CANCELLED
        assert graph_queues.cancelled_dequeue({"v": value}, empty).message == graph_queues.DEQUEUE_CANCELLED
        assert graph_queues.cancelled_dequeue(other, empty) is empty  # not a dequeue: left alone
        worded = tf.errors.CancelledError(None, None, "Session has been closed.")
        assert graph_queues.cancelled_dequeue(value, worded) is worded
        oor = tf.errors.OutOfRangeError(None, None, "")
        assert graph_queues.cancelled_dequeue(value, oor) is oor

    _in_graph(BRIDGE, program)


# -- the bridge's eager queues and tf.function -------------------------------------------------------------


@pytest.mark.parametrize("method", ["enqueue", "enqueue_many", "dequeue", "dequeue_many", "dequeue_up_to",
                                    "close", "size", "is_closed"])
def test_an_eager_queue_used_inside_a_tf_function_raises_a_clear_error_at_trace_time(method):
    q = tfdata_bridge.FIFOQueue(8, tf.float32, shapes=[[]])
    q.enqueue(1.0)
    calls = {
        "enqueue": lambda x: q.enqueue(x),
        "enqueue_many": lambda x: q.enqueue_many([tf.stack([x, x])]),
        "dequeue": lambda x: q.dequeue(),
        "dequeue_many": lambda x: q.dequeue_many(1),
        "dequeue_up_to": lambda x: q.dequeue_up_to(1),
        "close": lambda x: q.close(),
        "size": lambda x: q.size(),
        "is_closed": lambda x: q.is_closed(),
    }

    @tf.function
    def traced(x):
        calls[method](x)
        return x

    with pytest.raises(RuntimeError, match=rf"FIFOQueue\.{method}\(\) .* inside a tf\.function.*as_dataset"):
        traced(tf.constant(2.0))
    assert int(q.size()) == 1  # nothing happened to the queue


def test_an_eager_queue_is_read_inside_a_tf_function_through_as_dataset():
    q = tfdata_bridge.FIFOQueue(8, tf.float32, shapes=[[]])
    q.enqueue_many([np.arange(5, dtype=np.float32)])
    q.close()

    @tf.function
    def total(ds):
        s = tf.constant(0.0)
        for x in ds:
            s += x
        return s

    assert float(total(q.as_dataset())) == 10.0


# -- more of queue_runner_test.py: runs to the end, chained queues, a stopped coordinator, bad ops, names ------


def _same_both_ways(program: Any) -> Any:
    legacy, ours = _in_graph(LEGACY, program), _in_graph(BRIDGE, program)
    assert ours == legacy
    return ours


def _joined(threads: list[Any]) -> list[bool]:
    for t in threads:
        t.join(WAIT_S)
    return [t.is_alive() for t in threads]


def test_a_runner_of_two_count_up_to_ops_runs_each_to_its_end_without_an_exception():
    def program(tf1: Any) -> Any:
        counters = [tf1.Variable(tf1.constant(0, tf1.int64)) for _ in range(2)]
        runner = tf1.train.QueueRunner(tf1.FIFOQueue(10, tf1.float32), [counters[0].count_up_to(3),
                                                                        counters[1].count_up_to(30)])
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            alive = _joined(runner.create_threads(sess, start=True))
            return alive, len(runner.exceptions_raised), sess.run(counters)

    assert _same_both_ways(program)[1:] == (0, [3, 30])


def test_a_runner_between_two_queues_ends_when_the_first_closes_and_closes_the_second():
    def program(tf1: Any) -> Any:
        first = tf1.FIFOQueue(3, tf1.float32)
        put, close = first.enqueue((10.0,)), first.close()
        second = tf1.FIFOQueue(30, tf1.float32)
        runner = tf1.train.QueueRunner(second, [second.enqueue((first.dequeue(),))])
        take = second.dequeue()
        with tf1.Session() as sess:
            threads = runner.create_threads(sess, start=True)
            sess.run(put)
            sess.run(put)
            sess.run(close)
            alive = _joined(threads)
            got = [float(sess.run(take)) for _ in range(2)]
            with pytest.raises(tf.errors.OutOfRangeError, match="is closed"):
                sess.run(take)
            return alive, len(runner.exceptions_raised), got

    assert _same_both_ways(program) == ([False], 0, [10.0, 10.0])


def test_a_runner_started_under_a_stopped_coordinator_runs_nothing():
    def program(tf1: Any) -> Any:
        counter = tf1.Variable(tf1.constant(0, tf1.int64))
        runner = tf1.train.QueueRunner(tf1.FIFOQueue(10, tf1.float32), [counter.count_up_to(3)])
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            coord = tf1.train.Coordinator()
            coord.request_stop()
            coord.join(runner.create_threads(sess, coord, start=True), stop_grace_period_secs=WAIT_S)
            return len(runner.exceptions_raised), int(sess.run(counter))

    assert _same_both_ways(program) == (0, 0)


def test_an_enqueue_op_given_by_its_name_fails_create_threads_as_in_legacy():
    # (queue_runner_test.py's "i fail" ops: TensorFlow 2.21's create_threads reads op.name, so the string
    # fails there, and the runner counts as started in that session)
    def program(tf1: Any) -> Any:
        runner = tf1.train.QueueRunner(tf1.FIFOQueue(10, tf1.float32), ["i fail", "so fail"])
        with tf1.Session() as sess:
            with pytest.raises(AttributeError) as raised:
                runner.create_threads(sess)
            return str(raised.value), runner.create_threads(sess)

    assert _same_both_ways(program) == ("'str' object has no attribute 'name'", [])


def test_a_runners_name_is_its_queues_and_the_collection_filters_by_scope():
    def program(tf1: Any) -> Any:
        with tf1.name_scope("scope"):
            queue = tf1.FIFOQueue(10, tf1.float32, name="queue")
        runner = tf1.train.QueueRunner(queue, [tf1.no_op()])
        tf1.train.add_queue_runner(runner)
        keys = tf1.GraphKeys.QUEUE_RUNNERS
        return runner.name, len(tf1.get_collection(keys, "scope")), len(tf1.get_collection(keys, "other"))

    assert _same_both_ways(program) == ("scope/queue", 1, 0)
