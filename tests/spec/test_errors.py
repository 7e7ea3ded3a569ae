"""A producer's exception reaches the consumer with its cause: as itself (type, message, the producer's
traceback) in eager iteration, as the ``tf.errors`` type ``py_func`` gives (with the producer's text) where
the iterator runs inside a ``tf.function`` (Keras ``fit``), and in graph mode as legacy TensorFlow gives it;
promptly, with the rest of the pipeline shut down."""

from __future__ import annotations

import itertools
import threading
import time
import traceback
import warnings

import numpy as np
import pytest
import tensorflow as tf
from batch_harness import both

import tfdata_bridge as tfb
import tfdata_bridge.compat.v1 as bridge
from tfdata_bridge._src.compiler.error_dataset import BridgeDataset
from tfdata_bridge._src.runtime import failures

OOR = tf.errors.OutOfRangeError
NOTE = r"\[tfdata_bridge\] raised by producer '{}' on thread '{}' feeding 'fifo_queue' \(error id tfdb-"


class LookupFailed(Exception):
    def __init__(self, message: str, row: int) -> None:
        super().__init__(message)
        self.row = row


def failing_after(n: int, raised: list[BaseException]):
    """A generator producer: n float32 scalars 0..n-1, then LookupFailed (kept in ``raised``), raised
    from a KeyError so it has a cause of its own."""

    def read_rows():
        for i in range(n):
            yield np.float32(i)
        try:
            {}[n]
        except KeyError as cause:
            error = LookupFailed(f"row {n} is missing", n)
            raised.append(error)
            raise error from cause

    return read_rows


def producer_threads() -> list[str]:
    return [t.name for t in threading.enumerate() if t.name.startswith("tfdata_bridge-producer")]


def wait_for_no_producer_threads(limit_s: float) -> None:
    deadline = time.monotonic() + limit_s
    while producer_threads() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert producer_threads() == []


# --- eager iteration: the original exception --------------------------------------------------

CONSUMERS = {  # what a single-thread fifo delivers of elements 0..4 before the failure
    "dequeue": (dict(), [0, 1, 2, 3, 4]),
    "dequeue_many": (dict(batch_size=2), [[0, 1], [2, 3]]),  # the short tail fails with the queue, as in legacy
    "dequeue_up_to": (dict(batch_size=2, allow_smaller_final_batch=True), [[0, 1], [2, 3], [4]]),
}


@pytest.mark.parametrize("consumer", sorted(CONSUMERS))
def test_the_producers_own_exception_arrives_after_every_element_made_before_it(consumer):
    kwargs, expected = CONSUMERS[consumer]
    raised: list[BaseException] = []
    dataset = tfb.compile(tfb.pipeline(failing_after(5, raised), dtypes="float32", shapes=[], **kwargs))
    got = []
    with pytest.raises(LookupFailed, match="row 5 is missing") as info:
        for value in dataset:
            got.append(value.numpy().tolist())
    assert got == expected
    error = info.value
    assert error is raised[0] and error.row == 5  # the object itself, attributes and all
    assert isinstance(error.__cause__, KeyError)  # the producer's own chain is left as it was
    frames = [frame.name for frame in traceback.extract_tb(error.__traceback__)]
    assert "read_rows" in frames  # the producer's traceback
    assert "_run" in frames and frames.index("_run") < frames.index("read_rows")
    assert error.__notes__[-1].startswith("[tfdata_bridge] raised by producer 'failing_after.<locals>.read_rows'")
    wait_for_no_producer_threads(30)  # a hang guard: the threads end within milliseconds when quiet


def test_a_shuffled_multi_thread_pipeline_raises_the_original_too():
    def flaky():
        for i in range(50):
            yield np.float32(i)
        raise ValueError("bad row")

    spec = tfb.pipeline(tfb.Producer.generator(flaky, threads=3), dtypes="float32", shapes=[], batch_size=4,
                        shuffle=True, min_after_dequeue=8, capacity=16, seed=1)
    with pytest.raises(ValueError, match="bad row"):
        for _ in tfb.compile(spec):
            pass
    wait_for_no_producer_threads(30)  # a hang guard: the threads end within milliseconds when quiet


def test_a_chain_after_compile_keeps_the_original_exception():
    raised: list[BaseException] = []
    base = tfb.compile(tfb.pipeline(failing_after(6, raised), dtypes="float32", shapes=[]))
    chained = base.map(lambda x: x * 2).batch(2).prefetch(1).with_options(tf.data.Options())
    assert isinstance(chained, tf.data.Dataset) and isinstance(chained, BridgeDataset)
    assert chained.element_spec == tf.TensorSpec([None], tf.float32)
    got = []
    with pytest.raises(LookupFailed):
        for batch in chained:
            got.append(batch.numpy().tolist())
    assert got == [[0, 2], [4, 6], [8, 10]]
    iterator = iter(tfb.compile(tfb.pipeline(failing_after(1, []), dtypes="float32", shapes=[])))
    assert iterator.get_next().numpy() == 0
    with pytest.raises(LookupFailed):
        iterator.get_next()
    with pytest.raises(LookupFailed):
        list(tfb.compile(tfb.pipeline(failing_after(2, []), dtypes="float32", shapes=[])).as_numpy_iterator())


def test_errors_that_are_not_a_producers_pass_through_unchanged():
    def small(x):
        with tf.control_dependencies([tf.debugging.assert_less(x, 3, message="x too big")]):
            return tf.identity(x)

    def numbers():
        yield from range(5)

    checked = tfb.compile(tfb.pipeline(numbers, dtypes="int32", shapes=[])).map(small)
    with pytest.raises(tf.errors.InvalidArgumentError, match="x too big"):
        list(checked)


def test_an_eager_queues_dataset_raises_the_original_of_a_failed_queue():
    q = tfb.FIFOQueue(8, tf.float32, shapes=[[]])
    q.enqueue(1.0)
    q.enqueue(2.0)
    error = LookupFailed("feeder failed", 3)
    q._fail(failures.mark(error, producer="feeder", thread="test"))
    dataset = q.as_dataset()
    got = []
    with pytest.raises(LookupFailed) as info:
        for value in dataset:
            got.append(float(value))
    assert got == [1.0, 2.0] and info.value is error


# --- the dataset is still an ordinary tf.data.Dataset -----------------------------------------


def good_examples():
    for i in range(32):
        yield np.full(3, i, np.float32), np.float32(i)


def test_the_compiled_dataset_works_in_tf_function_distribute_and_keras():
    spec = tfb.pipeline(good_examples, dtypes=["float32", "float32"], shapes=[[3], []], batch_size=8)
    dataset = tfb.compile(spec)

    @tf.function
    def total(ds):
        s = tf.constant(0.0)
        for _, y in ds:
            s += tf.reduce_sum(y)
        return s

    assert float(total(dataset)) == sum(range(32))
    strategy = tf.distribute.MirroredStrategy(["/cpu:0"])
    assert sum(1 for _ in strategy.experimental_distribute_dataset(dataset)) == 4
    import keras

    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile("sgd", "mse")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Keras: "ran out of data" (the dataset's length is unknown)
        history = model.fit(dataset.repeat(2), epochs=1, verbose=0)
    assert len(history.history["loss"]) == 1


# --- inside a tf.function (Keras fit): the tf.errors type, with the producer's text -----------

PY_FUNC_CODES = {  # the tf.errors type TensorFlow's py_func kernel gives each Python exception
    "KeyError": (KeyError("row 40 is missing"), tf.errors.UnknownError),
    "ValueError": (ValueError("bad row"), tf.errors.InvalidArgumentError),
    "TypeError": (TypeError("not a row"), tf.errors.InvalidArgumentError),
    "MemoryError": (MemoryError("no room"), tf.errors.ResourceExhaustedError),
    "NotImplementedError": (NotImplementedError("later"), tf.errors.UnimplementedError),
    "custom": (LookupFailed("row 7 is missing", 7), tf.errors.UnknownError),
}


@pytest.mark.parametrize("case", sorted(PY_FUNC_CODES))
def test_inside_a_tf_function_the_error_is_tf_errors_with_the_producers_text(case):
    error, expected = PY_FUNC_CODES[case]

    def examples():
        yield np.float32(1)
        raise error

    dataset = tfb.compile(tfb.pipeline(examples, dtypes="float32", shapes=[]))

    @tf.function
    def total(ds):
        s = tf.constant(0.0)
        for x in ds:
            s += x
        return s

    with pytest.raises(expected) as info:
        total(dataset)
    message = info.value.message
    assert f"{type(error).__name__}: {error}" in message  # the original type and message
    assert 'in examples\n' in message  # the producer's traceback
    assert "[tfdata_bridge] raised by producer 'test_inside_a_tf_function" in message


@pytest.mark.timeout(60)
def test_keras_fit_gets_the_tf_errors_type_with_the_producers_type_message_and_traceback():
    import keras

    def examples():
        for i in range(40):
            yield np.full(3, i, np.float32), np.float32(i)
        raise KeyError("row 40 is missing")

    spec = tfb.pipeline(examples, dtypes=["float32", "float32"], shapes=[[3], []], batch_size=8)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile("sgd", "mse")
    with pytest.raises(tf.errors.UnknownError) as info, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model.fit(tfb.compile(spec), epochs=1, verbose=0)
    message = info.value.message
    assert "KeyError: 'row 40 is missing'" in message
    assert 'in examples\n    raise KeyError("row 40 is missing")' in message
    assert "[tfdata_bridge] raised by producer " in message
    wait_for_no_producer_threads(30)  # a hang guard: the threads end within milliseconds when quiet


# --- promptly, and the rest shuts down --------------------------------------------------------


SLOW_CALL_GUARD_S = 30.0  # a "slow call" lasts until the test releases it, or this long (a hang guard)


class SlowCalls:
    """Producer calls that wait until ``release()`` (at most SLOW_CALL_GUARD_S): ``in_progress`` counts the
    calls waiting now, ``expired`` those that gave up waiting (which only a hang, or an error that waited
    for the slow calls to end, would cause)."""

    def __init__(self) -> None:
        self._release = threading.Event()
        self._lock = threading.Lock()
        self.started = threading.Event()
        self.in_progress = 0
        self.expired = 0

    def call(self) -> None:
        with self._lock:
            self.in_progress += 1
        self.started.set()
        released = self._release.wait(SLOW_CALL_GUARD_S)
        with self._lock:
            self.in_progress -= 1
            self.expired += not released

    def release(self) -> None:
        self._release.set()


@pytest.mark.timeout(SLOW_CALL_GUARD_S + 30)
@pytest.mark.parametrize("batch_size", [None, 4])
def test_the_error_arrives_while_other_threads_are_in_slow_calls(batch_size):
    counter = itertools.count()
    lock = threading.Lock()
    slow = SlowCalls()

    def produce():
        with lock:
            n = next(counter)
        if threading.current_thread().name.endswith("-0"):
            if n >= 12:
                slow.started.wait(SLOW_CALL_GUARD_S)
                raise LookupFailed("thread 0 failed", n)
            return np.float32(n)
        slow.call()  # three threads inside a slow call when thread 0 fails
        return np.float32(n)

    spec = tfb.pipeline(tfb.Producer.call(produce, threads=4), dtypes="float32", shapes=[], capacity=8,
                        batch_size=batch_size)
    try:
        with pytest.raises(LookupFailed):
            for _ in tfb.compile(spec):
                pass
        in_progress, expired = slow.in_progress, slow.expired
    finally:
        slow.release()
    assert expired == 0 and in_progress >= 1, (  # it did not wait for a slow call to end
        f"the error arrived with {in_progress} slow calls in progress, after {expired} gave up waiting")
    wait_for_no_producer_threads(SLOW_CALL_GUARD_S)  # each slow thread ends once its call returns


@pytest.mark.timeout(SLOW_CALL_GUARD_S + 30)
def test_graph_mode_the_error_of_one_lifted_copy_arrives_while_the_others_are_slow():
    counter = itertools.count()
    lock = threading.Lock()
    slow = SlowCalls()

    def produce():
        with lock:
            n = next(counter)
        if n == 6:
            raise KeyError("copy failed")
        if n > 6:
            slow.call()
        return np.float32(n)

    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        batch = bridge.train.batch([bridge.py_func(produce, [], tf.float32)], 2, shapes=[()], capacity=4,
                                   num_threads=4)
        with bridge.Session() as sess:
            coord = bridge.train.Coordinator()
            threads = bridge.train.start_queue_runners(sess, coord)
            try:
                # as legacy: the consumer sees the end (the error went to the coordinator) ...
                with pytest.raises(tf.errors.OutOfRangeError):
                    while True:
                        sess.run(batch)
                expired = slow.expired
            finally:
                slow.release()
            coord.request_stop()
            with pytest.raises(tf.errors.UnknownError, match="KeyError: 'copy failed'"):
                coord.join(threads)  # ... and join raises it
    assert expired == 0, f"the error arrived after {expired} slow calls gave up waiting for it"


# --- eager queues fed by runner threads -------------------------------------------------------


def feeder(q, n: int, error: BaseException):
    count = itertools.count()

    def enqueue_one():
        i = next(count)
        if i >= n:
            raise error
        q.enqueue(np.float32(i))

    return enqueue_one


@pytest.mark.timeout(30)
def test_eager_runner_without_coordinator_fails_the_queue_so_its_consumer_gets_the_error():
    error = LookupFailed("feeder failed", 3)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        q = bridge.FIFOQueue(8, tf.float32, shapes=[[]])
        qr = bridge.train.QueueRunner(q, [feeder(q, 3, error)])
    original_hook, threading.excepthook = threading.excepthook, lambda args: None  # the thread dies, as legacy
    try:
        (thread,) = qr.create_threads(None, start=True)
        got = []
        with pytest.raises(LookupFailed) as info:
            while True:
                got.append(float(q.dequeue()))
        thread.join(10)
    finally:
        threading.excepthook = original_hook
    assert got == [0.0, 1.0, 2.0] and info.value is error
    assert qr.exceptions_raised == [error]
    assert "raised by producer 'feeder.<locals>.enqueue_one' on thread 'QueueRunnerThread-" in error.__notes__[-1]


@pytest.mark.timeout(30)
def test_eager_runner_with_a_coordinator_ends_the_consumer_and_join_reraises_the_original():
    error = LookupFailed("feeder failed", 3)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        q = bridge.FIFOQueue(8, tf.float32, shapes=[[]])
        qr = bridge.train.QueueRunner(q, [feeder(q, 3, error)])
    coord = bridge.train.Coordinator()
    threads = qr.create_threads(None, coord=coord, start=True)
    got = []
    with pytest.raises(OOR):  # the coordinator's stop cancels the queue, as legacy
        while True:
            got.append(float(q.dequeue()))
    assert got == [0.0, 1.0, 2.0]
    with pytest.raises(LookupFailed) as info:
        coord.join(threads, stop_grace_period_secs=10)
    assert info.value is error


# --- graph mode: the legacy tf.errors types ---------------------------------------------------


def failing_py_func(tf1, error: BaseException, pattern: str):
    n = [0]

    def produce():
        n[0] += 1
        if n[0] > 5:
            raise error
        return np.float32(n[0])

    value = tf1.py_func(produce, [], tf.float32)
    if pattern == "lifted":
        return tf1.train.batch([value], 2, shapes=[()], capacity=4)
    if pattern == "fallback":  # a variable read cannot move into tf.data: a runner thread runs it
        return tf1.train.batch([value * tf1.Variable(1.0)], 2, shapes=[()], capacity=4)
    q = tf1.FIFOQueue(4, [tf.float32], shapes=[()])
    tf1.train.add_queue_runner(tf1.train.QueueRunner(q, [q.enqueue([value])]))
    return q.dequeue_many(2)


GRAPH_CASES = {
    "KeyError": (KeyError("missing"), tf.errors.UnknownError, "KeyError: 'missing'"),
    "ValueError": (ValueError("bad value"), tf.errors.InvalidArgumentError, "ValueError: bad value"),
}


@pytest.mark.parametrize("pattern", ["lifted", "fallback", "queue_runner"])
@pytest.mark.parametrize("case", sorted(GRAPH_CASES))
def test_graph_mode_gives_the_legacy_tf_errors_type_and_coordinator_join_reraises_it(case, pattern):
    error, expected, text = GRAPH_CASES[case]
    legacy, ours = both(lambda tf1: failing_py_func(tf1, error, pattern))
    assert type(legacy.joined) is type(ours.joined) is expected
    assert text in ours.joined.message
    if pattern == "lifted":
        # No runner thread: the consumer's sess.run meets the error, after every full batch made before
        # it, hands it to the coordinator and raises OutOfRange, as legacy's cancelled queue did.
        assert ours.end is OOR and len(ours.batches) == 2
    else:
        assert ours.end in (None, OOR)


@pytest.mark.timeout(30)
def test_graph_mode_fallback_runner_without_coordinator_fails_the_consumer_instead_of_hanging():
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        batch = failing_py_func(bridge, KeyError("missing"), "fallback")
        with bridge.Session() as sess:
            sess.run(bridge.global_variables_initializer())
            original_hook, threading.excepthook = threading.excepthook, lambda args: None
            try:
                threads = bridge.train.start_queue_runners(sess)
                got = []
                with pytest.raises(tf.errors.OpError) as info:
                    while True:
                        got.append(sess.run(batch).tolist())
                for t in threads:
                    t.join(10)
            finally:
                threading.excepthook = original_hook
    assert got == [[1.0, 2.0], [3.0, 4.0]]
    # the message travels through the queue as a string and TensorFlow's Assert prints it escaped
    assert "KeyError" in info.value.message and "missing" in info.value.message
    assert "[tfdata_bridge] raised by producer" in info.value.message


# --- the registry -----------------------------------------------------------------------------


def test_failures_nobody_claims_are_not_kept_forever(monkeypatch):
    import weakref

    monkeypatch.setattr(failures, "_consumers", weakref.WeakSet())  # no live iterator: the last KEEP
    for i in range(failures.KEEP * 3):
        failures.mark(ValueError(i), producer="p", thread="t")
    assert len(failures._unowned) == failures.KEEP
    assert sum(not refs for _, _, refs in failures._failures.values()) == failures.KEEP


def test_an_exception_marked_again_carries_one_bridge_note():
    error = ValueError("again")
    failures.mark(error, producer="p", thread="t")
    failures.mark(error, producer="q", thread="u")
    notes = [n for n in error.__notes__ if n.startswith("[tfdata_bridge]")]
    assert len(notes) == 1 and "producer 'q' on thread 'u'" in notes[0]
