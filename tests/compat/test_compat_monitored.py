"""``MonitoredSession``, ``SingularMonitoredSession`` and ``MonitoredTrainingSession`` through the drop-in,
against legacy: the feed-thread program and the ``py_func`` + ``train.batch`` program deliver legacy's
batches and end as legacy's did; their session is the drop-in one (the feed-thread fast path applies);
production starts when the monitored session is created, bounded by capacity; closing never hangs; a
producer's error reaches the program as legacy's did."""

from __future__ import annotations

import threading
import time
import warnings
from typing import Any

import numpy as np
import pytest
import tensorflow as tf

import tfdata_bridge.compat.v1 as bridge
from tfdata_bridge._src.compat import fast_feed

LEGACY = tf.compat.v1
KINDS = ["MonitoredSession", "SingularMonitoredSession", "MonitoredTrainingSession"]
pytestmark = pytest.mark.timeout(120)


class Created(LEGACY.train.SessionRunHook):
    """Records the session each monitored session creates."""

    def __init__(self) -> None:
        self.sessions: list[Any] = []

    def after_create_session(self, session, coord):
        self.sessions.append(session)


class FeedsSometimes(LEGACY.train.SessionRunHook):
    """In every third run, asks for a tensor of its own and feeds its own placeholder: those runs of an
    enqueue cannot take the fast path (the feeds are not just the enqueue's)."""

    def __init__(self, every: int = 3) -> None:
        self.every, self.runs = every, 0

    def begin(self):
        self.value = LEGACY.placeholder(tf.int32, [])
        self.tensor = 2 * self.value

    def before_run(self, run_context):
        self.runs += 1
        if self.runs % self.every:
            return None
        return LEGACY.train.SessionRunArgs(self.tensor, feed_dict={self.value: self.runs})


def monitored(tf1: Any, kind: str, hooks: list[Any], summary_dir: str | None = None) -> Any:
    if kind == "MonitoredSession":
        return tf1.train.MonitoredSession(hooks=hooks)
    if kind == "SingularMonitoredSession":
        return tf1.train.SingularMonitoredSession(hooks)
    tf1.train.get_or_create_global_step()
    # with a summary_dir, its step counter fetches the global step in every run
    return tf1.train.MonitoredTrainingSession(hooks=hooks, summary_dir=summary_dir, save_summaries_steps=None,
                                              save_checkpoint_secs=None)


def feed_thread_program(tf1: Any, kind: str, examples: int = 300, hooks: list[Any] = (),
                        summary_dir: str | None = None) -> dict[str, Any]:
    created = Created()
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        x = tf1.placeholder(tf.float32, shape=[3])
        y = tf1.placeholder(tf.int32, shape=[])
        queue = tf1.FIFOQueue(capacity=20, dtypes=[tf.float32, tf.int32], shapes=[[3], []])
        enqueue_op, close_op = queue.enqueue([x, y]), queue.close()
        x_batch, y_batch = queue.dequeue_many(8)
        batches, fed = [], False
        with monitored(tf1, kind, [created, *hooks], summary_dir) as sess:
            def feed() -> None:
                for i in range(examples):
                    sess.run(enqueue_op, feed_dict={x: [i, i + 0.5, i + 0.25], y: i})
                sess.run(close_op)

            feeder = threading.Thread(target=feed, daemon=True)
            feeder.start()
            try:
                while not sess.should_stop():
                    xs, ys = sess.run([x_batch, y_batch])
                    batches.append((xs.tolist(), ys.tolist()))
                end = "should_stop"
            except tf.errors.OutOfRangeError:
                end = "OutOfRangeError"
            feeder.join(30)
            assert not feeder.is_alive()
            fed = bool(fast_feed._buffers.get(created.sessions[0]))  # noqa: SLF001 - the fast path was taken
    return {"batches": batches, "end": end, "session": type(created.sessions[0]), "fast": fed}


@pytest.mark.parametrize("kind", KINDS)
def test_the_feed_thread_program_gives_legacys_batches_on_the_fast_path(kind):
    legacy = feed_thread_program(LEGACY, kind)
    ours = feed_thread_program(bridge, kind)
    assert ours["batches"] == legacy["batches"] and len(ours["batches"]) == 300 // 8
    assert ours["end"] == legacy["end"]
    assert issubclass(ours["session"], bridge.Session) and not issubclass(legacy["session"], bridge.Session)
    assert ours["fast"] and not legacy["fast"]


def test_a_step_counter_fetching_in_every_run_keeps_the_feeder_on_ordinary_steps_with_legacys_batches(tmp_path):
    legacy = feed_thread_program(LEGACY, "MonitoredTrainingSession", summary_dir=str(tmp_path / "legacy"))
    ours = feed_thread_program(bridge, "MonitoredTrainingSession", summary_dir=str(tmp_path / "ours"))
    assert ours["batches"] == legacy["batches"] and len(ours["batches"]) == 300 // 8
    assert ours["end"] == legacy["end"] and issubclass(ours["session"], bridge.Session)
    assert not ours["fast"]  # each run is a step for the hook's fetch anyway


@pytest.mark.parametrize("kind", ["MonitoredSession", "SingularMonitoredSession"])
def test_a_hook_that_feeds_in_some_runs_leaves_the_fed_order_as_legacys(kind):
    legacy = feed_thread_program(LEGACY, kind, hooks=[FeedsSometimes()])
    ours = feed_thread_program(bridge, kind, hooks=[FeedsSometimes()])
    assert ours["batches"] == legacy["batches"] and len(ours["batches"]) == 300 // 8
    assert ours["end"] == legacy["end"] and ours["fast"]


@pytest.mark.parametrize("tf1", [LEGACY, bridge], ids=["legacy", "drop-in"])
def test_closing_under_a_feeder_blocked_on_a_full_queue_ends_it(tf1):
    errors: list[BaseException] = []
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        x = tf1.placeholder(tf.int32, shape=[])
        queue = tf1.FIFOQueue(4, [tf.int32], shapes=[[]])
        enqueue_op = queue.enqueue([x])
        with tf1.train.MonitoredSession() as sess:
            def feed() -> None:
                try:
                    for i in range(1000):
                        sess.run(enqueue_op, feed_dict={x: i})
                except Exception as e:  # noqa: BLE001 - what the feeder sees is the point
                    errors.append(e)

            feeder = threading.Thread(target=feed, daemon=True)
            feeder.start()
            time.sleep(0.5)  # the queue fills; the feeder blocks
        feeder.join(30)
    assert not feeder.is_alive(), "the feeder still waits after the session was closed"
    assert errors and isinstance(errors[0], (tf.errors.CancelledError, RuntimeError)), errors


def py_func_batch_program(tf1: Any, kind: str, steps: int = 6) -> dict[str, Any]:
    calls = [0]
    lock = threading.Lock()

    def make_example() -> tuple[np.ndarray, np.int32]:
        with lock:
            calls[0] += 1
            i = calls[0]
        return np.full((2, 2), i, np.float32), np.int32(i)

    capacity, batch_size = 8, 2
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        features, label = tf1.py_func(make_example, [], [tf.float32, tf.int32])
        feature_batch, label_batch = tf1.train.batch([features, label], batch_size, shapes=[(2, 2), ()],
                                                     capacity=capacity)
        built = calls[0]  # the drop-in may call the producer once to learn its shapes
        with monitored(tf1, kind, []) as sess:
            deadline = time.monotonic() + 30
            while calls[0] - built < capacity and time.monotonic() < deadline:  # it runs ahead, unasked
                time.sleep(0.01)
            time.sleep(0.3)  # and then stops, the queue full
            before_first_batch = calls[0]
            batches = [[v.tolist() for v in sess.run([feature_batch, label_batch])] for _ in range(steps)]
    return {"batches": batches, "before": before_first_batch}


@pytest.mark.parametrize("kind", KINDS)
def test_the_py_func_batch_program_starts_producing_when_the_session_is_created(kind):
    legacy = py_func_batch_program(LEGACY, kind)
    ours = py_func_batch_program(bridge, kind)
    assert ours["batches"] == legacy["batches"]
    capacity, batch_size = 8, 2
    assert capacity <= legacy["before"] <= capacity + batch_size + 1, legacy["before"]
    assert capacity <= ours["before"] <= capacity + 2 * batch_size + 1, ours["before"]


def failing_program(tf1: Any, kind: str) -> tuple[type, str, int]:
    calls = [0]

    def make_example() -> np.float32:
        calls[0] += 1
        if calls[0] > 7:
            raise ValueError(f"corrupt record {calls[0]}")
        return np.float32(calls[0])

    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        batch = tf1.train.batch([tf1.py_func(make_example, [], tf.float32)], 2, shapes=[()], capacity=4)
        got = 0
        with pytest.raises(tf.errors.OpError) as raised:
            with monitored(tf1, kind, []) as sess:
                while not sess.should_stop():
                    sess.run(batch)
                    got += 1
    return type(raised.value), raised.value.message, got


@pytest.mark.parametrize("kind", KINDS)
def test_a_producers_error_reaches_the_program_as_legacys_did(kind):
    legacy = failing_program(LEGACY, kind)
    ours = failing_program(bridge, kind)
    assert ours[0] is legacy[0] is tf.errors.InvalidArgumentError
    assert "ValueError: corrupt record 8" in ours[1] and "ValueError: corrupt record 8" in legacy[1], (ours, legacy)
    assert ours[2] <= 3 and legacy[2] <= 3  # at most the three batches made before the error


def test_the_monitored_sessions_are_tensorflows_with_the_same_signatures():
    import inspect

    for name in KINDS:
        ours, theirs = getattr(bridge.train, name), getattr(LEGACY.train, name)
        if inspect.isclass(theirs):
            assert issubclass(ours, theirs) and ours is not theirs
        else:
            assert inspect.signature(ours) == inspect.signature(theirs) and ours is not theirs
