"""The classic graph-mode loop through the drop-in, against legacy: production starts at
``start_queue_runners`` and stays within capacity, and a producer's error reaches ``Coordinator.join``
with legacy's type and message in every loop shape."""

from __future__ import annotations

import threading
import time
import warnings
from typing import Any

import numpy as np
import pytest
import tensorflow as tf

import tfdata_bridge.compat.v1 as bridge

LEGACY = tf.compat.v1
pytestmark = pytest.mark.timeout(120)


def producer(fail_at: int | None = None) -> tuple[Any, list[int]]:
    calls = [0]
    lock = threading.Lock()

    def make() -> np.float32:
        with lock:
            calls[0] += 1
            n = calls[0]
        if fail_at is not None and n >= fail_at:
            raise ValueError(f"corrupt record {n}")
        return np.float32(n)

    return make, calls


@pytest.mark.parametrize("shuffled", [False, True], ids=["batch", "shuffle_batch"])
@pytest.mark.parametrize("tf1", [LEGACY, bridge], ids=["legacy", "drop-in"])
def test_production_starts_at_start_queue_runners_and_stays_within_capacity(tf1, shuffled):
    make, calls = producer()
    capacity, batch_size = 8, 2
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        value = tf1.py_func(make, [], tf.float32)
        if shuffled:  # the shuffle buffer and the Python producer's channel share the capacity
            batch = tf1.train.shuffle_batch([value], batch_size, capacity, 2, shapes=[()], seed=1)
        else:
            batch = tf1.train.batch([value], batch_size, shapes=[()], capacity=capacity)
        with tf1.Session() as sess:
            coord = tf1.train.Coordinator()
            threads = tf1.train.start_queue_runners(sess, coord)
            deadline = time.monotonic() + 30
            while calls[0] < capacity and time.monotonic() < deadline:  # the producer runs ahead, unasked
                time.sleep(0.01)
            time.sleep(0.3)  # and then stops, the queue full
            before_first_batch = calls[0]
            sess.run(batch)
            coord.request_stop()
            sess.close()
            coord.join(threads, stop_grace_period_secs=10)
    assert capacity <= before_first_batch <= capacity + 2 * batch_size + 1, before_first_batch


def _loop_until_out_of_range(sess, coord, batch):
    try:
        while not coord.should_stop():
            sess.run(batch)
    except tf.errors.OutOfRangeError:
        pass


def _loop_until_any_error(sess, coord, batch):
    try:
        while not coord.should_stop():
            sess.run(batch)
    except tf.errors.OpError:
        pass


def _loop_in_stop_on_exception(sess, coord, batch):
    with coord.stop_on_exception():
        while not coord.should_stop():
            sess.run(batch)


LOOPS = {"except OutOfRangeError": _loop_until_out_of_range, "except OpError": _loop_until_any_error,
         "stop_on_exception": _loop_in_stop_on_exception}


def joined(tf1: Any, loop: Any) -> BaseException | None:
    make, _ = producer(fail_at=7)
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        value = tf1.py_func(make, [], tf.float32)
        batch = tf1.train.batch([value], 2, shapes=[()], capacity=4)
        with tf1.Session() as sess:
            coord = tf1.train.Coordinator()
            threads = tf1.train.start_queue_runners(sess, coord)
            try:
                loop(sess, coord, batch)
            finally:
                coord.request_stop()
                try:
                    coord.join(threads, stop_grace_period_secs=10)
                except Exception as e:  # noqa: BLE001 - compared below
                    return e
    return None


@pytest.mark.parametrize("shape", list(LOOPS))
def test_coordinator_join_reraises_the_producers_error_in_every_loop_shape(shape):
    legacy, ours = joined(LEGACY, LOOPS[shape]), joined(bridge, LOOPS[shape])
    assert type(legacy) is type(ours) is tf.errors.InvalidArgumentError
    assert "ValueError: corrupt record 7" in legacy.message and "ValueError: corrupt record 7" in ours.message


def test_the_batch_warning_gives_the_chain_with_the_calls_own_values():
    from tfdata_bridge._src.compat.notice import reset
    from tfdata_bridge._src.warnings import CompiledToTfDataWarning

    reset()
    make, _ = producer()
    with tf.Graph().as_default(), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        value = bridge.py_func(make, [], tf.float32)
        bridge.train.shuffle_batch([value], 10, capacity=1010, min_after_dequeue=1000, seed=7, shapes=[()])
    (notice,) = [str(w.message) for w in caught if w.category is CompiledToTfDataWarning]
    # the producer's element goes straight to the batch: shuffled and batched as it comes, nothing to map
    assert notice.endswith("with this call's values: dataset.shuffle(1010, seed=7).batch(10, drop_remainder=True)"
                           ".map(produce_batch)"), notice


@pytest.mark.parametrize("tf1", [LEGACY, bridge], ids=["legacy", "drop-in"])
def test_the_first_batch_comes_from_the_producers_start_queue_runners_started(tf1):
    """Production started early is the production the batches come from: after the first batch the
    producer has run ahead by no more than legacy's runner (the queue refilled, one element in flight),
    not by a second pipeline's worth."""
    make, calls = producer()
    capacity, batch_size = 8, 2
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        batch = tf1.train.batch([tf1.py_func(make, [], tf.float32)], batch_size, shapes=[()], capacity=capacity)
        with tf1.Session() as sess:
            coord = tf1.train.Coordinator()
            threads = tf1.train.start_queue_runners(sess, coord)
            deadline = time.monotonic() + 30
            while calls[0] < capacity and time.monotonic() < deadline:
                time.sleep(0.01)
            first = sess.run(batch)
            deadline = time.monotonic() + 30
            while calls[0] < capacity + batch_size and time.monotonic() < deadline:
                time.sleep(0.01)
            time.sleep(0.3)
            after_first_batch = calls[0]
            coord.request_stop()
            sess.close()
            coord.join(threads, stop_grace_period_secs=10)
    assert list(first) == [1.0, 2.0]
    assert capacity + batch_size <= after_first_batch <= capacity + batch_size + 2, after_first_batch


def test_closing_the_session_before_any_batch_stops_the_producers_start_queue_runners_started():
    make, calls = producer()
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        bridge.train.batch([bridge.py_func(make, [], tf.float32)], 2, shapes=[()], capacity=8)
        sess = bridge.Session()
        coord = bridge.train.Coordinator()
        bridge.train.start_queue_runners(sess, coord)
        deadline = time.monotonic() + 30
        while calls[0] < 8 and time.monotonic() < deadline:  # producing, then blocked on the full channel
            time.sleep(0.01)
        assert [t for t in threading.enumerate() if t.name.startswith("tfdata_bridge-producer")]
        sess.close()
    deadline = time.monotonic() + 30
    while [t for t in threading.enumerate() if t.name.startswith("tfdata_bridge-producer")]:
        assert time.monotonic() < deadline, [t.name for t in threading.enumerate()]
        time.sleep(0.01)
    made = calls[0]
    time.sleep(0.2)
    assert calls[0] == made


def _producer_threads() -> list[str]:
    return [t.name for t in threading.enumerate() if t.name.startswith("tfdata_bridge-producer")]


def test_closing_the_session_after_some_batches_stops_its_producers():
    """Legacy's runner threads end when the session closes; so do the producers of the drop-in run that
    the session began (they were blocked on a full channel)."""
    make, calls = producer()
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        batch = bridge.train.batch([bridge.py_func(make, [], tf.float32)], 2, shapes=[()], capacity=8,
                                   num_threads=2)
        sess = bridge.Session()
        coord = bridge.train.Coordinator()
        bridge.train.start_queue_runners(sess, coord)
        assert list(sess.run(batch)) in ([1.0, 2.0], [2.0, 1.0])
        sess.run(batch)
        assert _producer_threads()
        sess.close()
    deadline = time.monotonic() + 30
    while _producer_threads():
        assert time.monotonic() < deadline, _producer_threads()
        time.sleep(0.01)


def test_the_classic_program_runs_without_from_generator():
    """TensorFlow's GeneratorDataset kernel fixes the process's mmap threshold when it is built (a
    mallopt), which slows every later producer making big arrays; the drop-in's batches do not use it."""
    with tf.Graph().as_default() as graph, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        batch = bridge.train.batch([bridge.py_func(lambda: np.float32(1), [], tf.float32)], 2, shapes=[()])
        ops = {node.op for node in graph.as_graph_def().node}
        ops |= {node.op for f in graph.as_graph_def().library.function for node in f.node_def}
    assert "FlatMapDataset" in ops or "MapDataset" in ops, ops  # (the graph holds the pipeline)
    assert "GeneratorDataset" not in ops
    assert batch.shape.as_list() == [2]
