"""The functions a zero-input ``py_func`` producer's batch traces (``crossing.by_calls``), counted: a flat_map
whose function begins the iteration's run and a map taking each batch by its key, neither inside the other
(before: a map for the key, and a flat_map holding the batches' map, each iteration's inner dataset
instantiating that map again). Each shape's data, order and end are compared with legacy's."""

from __future__ import annotations

import collections
import re
from typing import Any

import numpy as np
import pytest
import tensorflow as tf

from batch_harness import BRIDGE, LEGACY, counter, run

pytestmark = pytest.mark.timeout(180)


@pytest.fixture
def traced(monkeypatch: Any) -> collections.Counter:
    """The function graphs made while the test runs, by name (a trailing ``_<n>`` dropped)."""
    from tensorflow.python.framework import func_graph, function  # (what TensorFlow traces into)

    names: collections.Counter = collections.Counter()
    for cls in (func_graph.FuncGraph, function._FuncGraph):  # noqa: SLF001
        original = cls.__init__

        def counted(graph: Any, name: Any = None, *args: Any, _original: Any = original, **kwargs: Any) -> None:
            names[re.sub(r"_\d+$", "", str(name))] += 1
            _original(graph, name, *args, **kwargs)

        monkeypatch.setattr(cls, "__init__", counted)
    return names


class Loader:
    """A producer object, as data loaders were written: a method hands out the next element."""

    def __init__(self, n: int) -> None:
        self._next = counter(n, lambda i: (np.array([i, i / 3.0], np.float32), np.int64(i % 4)))

    def example(self) -> Any:
        return self._next()


def _method_producer(tf1: Any) -> Any:
    features, label = tf1.py_func(Loader(23).example, [], [tf.float32, tf.int64], stateful=True, name="loader")
    features.set_shape([2])
    label.set_shape([])
    return tf1.train.batch([features, label], batch_size=5, num_threads=1, capacity=20,
                           allow_smaller_final_batch=True)


def _keywords_and_ops_after(tf1: Any) -> Any:
    """Keyword arguments, ``numpy_function``, and ops between the producer and the batch (a per-batch map)."""
    index = tf1.numpy_function(func=counter(17, lambda i: np.int64(i)), inp=[], Tout=tf.int64)
    index.set_shape([])
    return tf1.train.batch([index, tf1.cast(index % 5, tf.float32)], batch_size=4, capacity=16)


CASES = {"method_producer": (_method_producer, 23), "keywords_and_ops_after": (_keywords_and_ops_after, 16)}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_python_producers_batches_trace_two_functions_and_arrive_as_legacys(traced, case):
    build, delivered = CASES[case]
    ours = run(BRIDGE, build)
    crossing = [n for n in traced.elements() if n.startswith("Dataset_") and "per_batch" not in n]
    assert sorted(crossing) == ["Dataset_flat_map_run", "Dataset_map_element"], sorted(traced.elements())
    legacy = run(LEGACY, build)
    assert len(ours.batches) == len(legacy.batches) and ours.batches
    for a, b in zip(ours.batches, legacy.batches):  # (one producer thread, one runner: in order)
        for x, y in zip(a, b):
            np.testing.assert_array_equal(x, y)
    assert sum(len(b[0]) for b in ours.batches) == delivered
    assert ours.end is legacy.end is tf.errors.OutOfRangeError

