"""A second session over a zero-input ``py_func`` producer batched by ``train.batch``, legacy against the
drop-in: legacy's second session makes new queues and runner threads that call the same function again,
which carries on from its Python state; the drop-in's must deliver what legacy's did.

Each session starts its runners with a ``Coordinator`` and reads until it has its batches or an error.
Where a session reads to the function's end (one runner thread), legacy is deterministic and the batches
are compared exactly; where it stops early, legacy's runner has read ahead by however far it got (up to
its queue's capacity and the element in flight), so the continuation is checked: consecutive values, no
repeat, a gap no larger than that read-ahead. In worker processes (``configure(workers=N)``) the function's
state ends with its workers, so a second run is refused with an error naming the rule and the fix.
"""

from __future__ import annotations

import itertools
import warnings
from typing import Any, Callable

import numpy as np
import pytest
import tensorflow as tf
from batch_harness import BRIDGE, LEGACY
import py_func_shards

import tfdata_bridge
from tfdata_bridge._src import config

pytestmark = pytest.mark.timeout(180)

BATCH, CAPACITY = 3, 6


def _read(tf1: Any, sess: Any, out: Any, steps: int, default: bool = False
          ) -> tuple[list[list[int]], str | None, str | None]:
    """``steps`` batches (fewer at an error) of one session, the error that ended them, and what
    ``Coordinator.join`` raised (its text). ``default``: the runners start in the default session."""
    coord = tf1.train.Coordinator()
    threads = tf1.train.start_queue_runners(coord=coord) if default else tf1.train.start_queue_runners(sess, coord)
    batches, end, joined = [], None, None
    try:
        for _ in range(steps):
            batches.append(np.ravel(sess.run(out)).tolist())
    except tf.errors.OpError as e:
        end = type(e).__name__
        coord.request_stop(e)
    coord.request_stop()
    try:
        coord.join(threads, stop_grace_period_secs=10)
    except Exception as e:  # noqa: BLE001 - compared by the tests
        joined = f"{type(e).__name__}: {e}"
    return batches, end, joined


def _sessions(tf1: Any, make: Callable[[], Any], *, mode: str = "closed", sessions: int = 3, steps: int = 5,
              op: bool = False, static: bool = True, allow: bool = True) -> list[Any]:
    """``sessions`` sessions one after another over one graph's ``py_func(make)`` + ``train.batch``.
    ``mode``: "closed" (``close()`` after each), "with" (a ``with tf.Session()`` block each), "open" (left
    open), "interactive" (an ``InteractiveSession`` each, its runners started without naming it). ``op``:
    graph ops between the ``py_func`` and the batch; ``static``: the ``py_func``'s shape set (else given to
    ``batch`` as ``shapes``)."""
    runs, kept = [], []
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        value = tf1.py_func(make, [], tf.int64, stateful=True)
        if static:
            value.set_shape([])
        if op:
            value = value * 2 + 1
        out = tf1.train.batch([value], BATCH, capacity=CAPACITY, allow_smaller_final_batch=allow,
                              shapes=None if static else [[]])
        for _ in range(sessions):
            if mode == "with":
                with tf1.Session() as sess:
                    runs.append(_read(tf1, sess, out, steps))
                continue
            sess = tf1.InteractiveSession() if mode == "interactive" else tf1.Session()
            runs.append(_read(tf1, sess, out, steps, default=mode == "interactive"))
            if mode == "interactive":
                sess.close()
                continue
            if mode == "closed":
                sess.close()
            else:
                kept.append(sess)
        for sess in kept:
            sess.close()
    return [(b, e) for b, e, _ in runs]


def _epochs(size: int = 7) -> Callable[[], Any]:
    """A function reading ``range(size)`` per epoch, ``100 * epoch`` added; at an epoch's end it raises
    ``StopIteration`` and re-arms itself, so the next call begins the next epoch."""
    state = {"it": iter(range(size)), "epoch": 0}

    def make() -> Any:
        try:
            return np.int64(next(state["it"]) + 100 * state["epoch"])
        except StopIteration:
            state["epoch"] += 1
            state["it"] = iter(range(size))
            raise

    return make


class _EpochReader:
    """The same as ``_epochs``, its state on an instance and the ``py_func`` given its bound method."""

    def __init__(self, size: int = 7) -> None:
        self.size, self.epoch = size, 0
        self.it = iter(range(size))

    def next_example(self) -> Any:
        for value in self.it:
            return np.int64(value + 100 * self.epoch)
        self.epoch, self.it = self.epoch + 1, iter(range(self.size))
        raise StopIteration


def _counter() -> Callable[[], Any]:
    counter = itertools.count()
    return lambda: np.int64(next(counter))


@pytest.mark.parametrize("mode, make", [("closed", _epochs), ("with", _epochs), ("open", _epochs),
                                        ("with", lambda: _EpochReader().next_example), ("interactive", _epochs)],
                         ids=["closed", "with", "open", "with-method", "interactive"])
def test_a_session_per_epoch_gets_legacys_batches_exactly(mode: str, make: Callable[[], Any]) -> None:
    legacy = _sessions(LEGACY, make(), mode=mode)
    ours = _sessions(BRIDGE, make(), mode=mode)
    assert legacy[1] == ([[100, 101, 102], [103, 104, 105], [106]], "OutOfRangeError")
    assert ours == legacy


@pytest.mark.parametrize("op, static, allow", [(True, True, True), (False, False, False), (True, False, False)])
def test_a_session_per_epoch_through_ops_or_learned_shapes_gets_legacys_batches(op: bool, static: bool,
                                                                                allow: bool) -> None:
    kwargs = dict(op=op, static=static, allow=allow, sessions=2)
    ours = _sessions(BRIDGE, _epochs(), **kwargs)
    assert ours == _sessions(LEGACY, _epochs(), **kwargs)
    assert ours[1][0]  # the second session delivered batches


def _generator_ends() -> Callable[[], Any]:
    values = iter(range(5))
    return lambda: np.int64(next(values))


def _sentinel_ends() -> Callable[[], Any]:
    def source() -> Any:
        yield from range(5)

    values = source()

    def make() -> Any:
        value = next(values, None)
        if value is None:  # the sentinel: the generator is done
            raise StopIteration
        return np.int64(value)

    return make


@pytest.mark.parametrize("make", [_generator_ends, _sentinel_ends], ids=["stopiteration", "sentinel"])
def test_a_function_that_ended_ends_the_next_session_as_legacys(make: Callable[[], Any]) -> None:
    legacy = _sessions(LEGACY, make(), sessions=2)
    ours = _sessions(BRIDGE, make(), sessions=2)
    assert legacy == [([[0, 1, 2], [3, 4]], "OutOfRangeError"), ([], "OutOfRangeError")]
    assert ours == legacy


def _check_continues(runs: list[Any], read_ahead: int) -> None:
    """Each session's values consecutive; each next session's first value after the last one before it,
    by no more than the runners' read-ahead (nothing repeated, nothing restarted)."""
    last = -1
    for batches, end in runs:
        flat = [v for b in batches for v in b]
        assert end is None and len(flat) == 2 * BATCH, runs
        assert flat == list(range(flat[0], flat[0] + len(flat))), runs
        assert last < flat[0] <= last + 1 + read_ahead, runs
        last = flat[-1]


@pytest.mark.parametrize("mode", ["closed", "with", "open"])
def test_a_producer_that_never_ends_continues_in_the_next_session(mode: str) -> None:
    # legacy reads ahead up to its queue's capacity and one element in flight per runner thread
    _check_continues(_sessions(LEGACY, _counter(), mode=mode, steps=2), CAPACITY + 1)
    _check_continues(_sessions(BRIDGE, _counter(), mode=mode, steps=2), CAPACITY + BATCH)


def _two_open(tf1: Any) -> list[list[int]]:
    """Two sessions open at once over one ``py_func``: two batches from the first, two from the second,
    two more from the first (legacy: each session its own queues and runner, the function shared)."""
    make = _counter()
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        value = tf1.py_func(make, [], tf.int64, stateful=True)
        value.set_shape([])
        out = tf1.train.batch([value], BATCH, capacity=CAPACITY)
        first, second = tf1.Session(), tf1.Session()
        coords = [tf1.train.Coordinator() for _ in range(2)]
        threads = [tf1.train.start_queue_runners(s, c) for s, c in zip((first, second), coords)]
        reads = []
        for sess in (first, second, first):
            reads.append([v for _ in range(2) for v in np.ravel(sess.run(out)).tolist()])
        for coord, started in zip(coords, threads):
            coord.request_stop()
            coord.join(started, stop_grace_period_secs=10)
        first.close()
        second.close()
    return reads


@pytest.mark.parametrize("tf1", [LEGACY, BRIDGE], ids=["legacy", "dropin"])
def test_two_sessions_open_at_once_share_the_function_each_element_once(tf1: Any) -> None:
    reads = _two_open(tf1)
    flat = [v for r in reads for v in r]
    assert len(flat) == len(set(flat)) == 3 * 2 * BATCH  # nothing delivered twice, by either session
    for r in reads:
        assert r == sorted(r)  # each session's queue in the function's order


@pytest.fixture
def one_worker() -> Any:
    tfdata_bridge.configure(workers=1)
    yield
    config.reset()


def _worker_sessions(tf1: Any, op: bool) -> list[Any]:
    py_func_shards.reset()
    runs = []
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        x, _, _ = tf1.py_func(py_func_shards.make, [], [tf.int64, tf.float32, tf.int64])
        x.set_shape([])
        out = tf1.train.batch([x + 0 if op else x], BATCH, capacity=CAPACITY)
        for _ in range(2):
            with tf1.Session() as sess:
                runs.append(_read(tf1, sess, out, 2))
    return runs


@pytest.mark.parametrize("op", [False, True], ids=["batched", "through-an-op"])
def test_a_second_session_over_a_py_func_in_worker_processes_is_refused_never_restarted(one_worker: Any,
                                                                                         op: bool) -> None:
    (first, _, _), second = _worker_sessions(BRIDGE, op)
    assert first == [[0, 1, 2], [3, 4, 5]]
    batches, end, joined = second
    # new workers would import the function afresh and make 0, 1, 2 ... again; legacy's went on
    assert batches == [] and end == "OutOfRangeError", second
    assert joined is not None and "runs once per process" in joined and "configure(workers=None)" in joined, joined
    assert "py_func 'PyFunc'" in joined and "second session" in joined
