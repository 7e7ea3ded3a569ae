"""Running one pipeline the legacy way (``tensorflow.compat.v1``) and the bridge way
(``tfdata_bridge.compat.v1``), each in its own ``tf.Graph``, and comparing what they deliver.

A pipeline is a function ``build(tf1)`` that builds the graph with the module it is given and returns
what the consumer runs. ``run`` drives it as legacy programs do: ``start_queue_runners(sess, coord)``,
``sess.run`` until an error, ``coord.request_stop(e)`` with that error (as ``stop_on_exception`` does:
``OutOfRangeError`` is a clean stop), then ``coord.join``.
"""

from __future__ import annotations

import threading
import warnings
from dataclasses import dataclass
from typing import Any

import numpy as np
import tensorflow as tf

import tfdata_bridge.compat.v1 as bridge

LEGACY = tf.compat.v1
BRIDGE = bridge
JOIN_GRACE_S = 10


@dataclass
class Run:
    batches: list[Any]
    end: type | None  # the error that ended the consumer's loop
    joined: BaseException | None  # what Coordinator.join raised
    structure: Any  # the returned object's structure: types, dtypes, static shapes
    threads: int  # how many threads start_queue_runners returned
    out: Any = None  # what the consumer ran (graph tensors)
    graph: Any = None  # the graph it was built in


def run(tf1: Any, build: Any, *, limit: int = 500) -> Run:
    graph = tf.Graph()
    with graph.as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = build(tf1)
        with tf1.Session() as sess:
            sess.run([tf1.global_variables_initializer(), tf1.local_variables_initializer()])
            coord = tf1.train.Coordinator()
            threads = tf1.train.start_queue_runners(sess, coord)
            batches, end = [], None
            try:
                for _ in range(limit):
                    batches.append(sess.run(out))
            except tf.errors.OpError as e:
                end = type(e)
                coord.request_stop(e)
            coord.request_stop()
            joined = None
            try:
                coord.join(threads, stop_grace_period_secs=JOIN_GRACE_S)
            except Exception as e:  # noqa: BLE001 - compared by the tests
                joined = e
    return Run(batches, end, joined, structure(out), len(threads), out, graph)


def both(build: Any, **kwargs: Any) -> tuple[Run, Run]:
    return run(LEGACY, build, **kwargs), run(BRIDGE, build, **kwargs)


def structure(out: Any) -> Any:
    if isinstance(out, dict):
        return {k: structure(v) for k, v in out.items()}
    if isinstance(out, (list, tuple)):
        return [type(out).__name__] + [structure(v) for v in out]
    return ("tensor", out.dtype.name, tuple(out.shape.as_list()) if out.shape.rank is not None else None)


def elements(batches: list[Any]) -> list[tuple[Any, ...]]:
    """Every element of every batch, as a hashable tuple of its components (dicts by sorted key)."""
    out = []
    for batch in batches:
        if isinstance(batch, dict):
            comps = [batch[k] for k in sorted(batch)]
        elif isinstance(batch, (list, tuple)):
            comps = list(batch)
        else:
            comps = [batch]
        for i in range(len(comps[0])):
            out.append(tuple(_hashable(c[i]) for c in comps))
    return out


def _hashable(value: Any) -> Any:
    arr = np.asarray(value)
    return (arr.shape, tuple(arr.reshape(-1).tolist()))


def multiset(batches: list[Any]) -> list[Any]:
    return sorted(elements(batches))


def assert_same_batches(a: list[Any], b: list[Any]) -> None:
    assert len(a) == len(b)
    for x, y in zip(a, b):
        np.testing.assert_equal(x, y)


def counter(n: int, make: Any = None) -> Any:
    """A thread-safe producer function: element i for i < n (``make(i)``, default ``(i, i / 2)``), then
    ``StopIteration``, which a ``py_func`` turns into ``OutOfRangeError``: the end of its producer."""
    lock = threading.Lock()
    state = {"i": 0}
    make = make or (lambda i: (np.int64(i), np.float32(i / 2)))

    def produce() -> Any:
        with lock:
            i = state["i"]
            state["i"] += 1
        if i >= n:
            raise StopIteration
        return make(i)

    return produce


def pair(tf1: Any, n: int, start: int = 0) -> list[Any]:
    """Two tensors (int64 i, float32 i / 2) from a py_func counting start, start + 1, ..."""
    a, b = tf1.py_func(counter(n, lambda i: (np.int64(start + i), np.float32((start + i) / 2))), [],
                       [tf.int64, tf.float32])
    a.set_shape([])
    b.set_shape([])
    return [a, b]


def consumed_by_threads(tf1: Any, make_batch: Any, error: type[Exception], consumers: int = 2) -> list[Any]:
    """What ``consumers`` threads sharing one session got from the batch ``make_batch(tf1)`` builds, each
    running it until an ``OpError``; the runners' coordinator must then re-raise ``error`` at ``join``."""
    import pytest

    got: list[Any] = []
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        batch = make_batch(tf1)
        with tf1.Session() as sess:
            sess.run(tf1.local_variables_initializer())
            coord = tf1.train.Coordinator()
            threads = tf1.train.start_queue_runners(sess, coord)

            def loop() -> None:
                try:
                    while True:
                        got.append(sess.run(batch))
                except tf.errors.OpError:
                    pass

            running = [threading.Thread(target=loop) for _ in range(consumers)]
            for t in running:
                t.start()
            for t in running:
                t.join(timeout=60)
            assert not any(t.is_alive() for t in running)
            with pytest.raises(error):
                coord.join(threads, stop_grace_period_secs=10)
    return got
