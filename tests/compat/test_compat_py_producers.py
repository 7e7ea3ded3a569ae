"""Zero-input py_func producers through the drop-in: their function runs on the bridge's Python threads
and crosses into tf.data a batch at a time (not one py_func kernel call per element), with legacy's
results, ends and errors."""

from __future__ import annotations

import threading
import warnings

import numpy as np
import pytest
import tensorflow as tf
from batch_harness import BRIDGE, both, counter, multiset, run

import tfdata_bridge
from tfdata_bridge._src.compat.notice import reset
from tfdata_bridge._src.warnings import CompiledToTfDataWarning

OOR = tf.errors.OutOfRangeError
pytestmark = pytest.mark.timeout(120)


def classic(tf1, n=40, threads=1, make=None):
    """The classic program: ``py_func(make_example, [], dtypes)``, arithmetic after it, ``train.batch``."""
    x, y = tf1.py_func(counter(n, make), [], [tf.int64, tf.float32])
    return tf1.train.batch([2 * x, y + 1], 4, num_threads=threads, shapes=[(), ()], capacity=8,
                           allow_smaller_final_batch=True)


@pytest.mark.parametrize("threads", [1, 4])
def test_the_classic_program_delivers_legacys_elements(threads):
    legacy, ours = both(lambda tf1: classic(tf1, threads=threads))
    assert multiset(ours.batches) == multiset(legacy.batches)
    assert len(multiset(ours.batches)) == 40 and ours.end is legacy.end is OOR
    if threads == 1:
        assert [b[0].tolist() for b in ours.batches] == [b[0].tolist() for b in legacy.batches]


def test_the_function_runs_on_the_bridges_threads_and_the_warning_says_so():
    called_on = []

    def make(i):
        called_on.append(threading.current_thread().name)
        return np.int64(i), np.float32(i)

    ours = run(BRIDGE, lambda tf1: classic(tf1, make=make))
    assert len(multiset(ours.batches)) == 40
    # once when the pipeline is built, to learn the shapes (the py_func's outputs have none), then only on
    # the bridge's producer thread
    assert called_on[0] == "MainThread" and called_on.count("MainThread") == 1
    assert {name for name in called_on[1:]} == {"tfdata_bridge-producer-PyFunc-0"}
    assert tfdata_bridge.native_report(ours.out).python_ops  # from_generator: Python is left, and said
    reset()
    with tf.Graph().as_default(), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        classic(BRIDGE)
    notices = [str(w.message) for w in caught if w.category is CompiledToTfDataWarning]
    assert any("its Python producer(s) (py_func 'PyFunc')" in m for m in notices), notices


@pytest.mark.parametrize("error, expected", [(KeyError("gone"), tf.errors.UnknownError),
                                             (ValueError("bad"), tf.errors.InvalidArgumentError)])
def test_a_producer_error_reaches_coordinator_join_with_legacys_type(error, expected):
    def make(i):
        if i == 9:
            raise error
        return np.int64(i), np.float32(i)

    legacy, ours = both(lambda tf1: classic(tf1, make=make))
    assert type(legacy.joined) is type(ours.joined) is expected
    assert type(error).__name__ in ours.joined.message
    assert len(multiset(ours.batches)) >= 8  # the full batches made before the error


def test_an_element_of_another_shape_reaches_a_sum_as_legacys():
    """The sum accepts any length, as legacy's graph did (issue 16); where the queue fixes the shape, the
    element of another shape fails as legacy's enqueue: test_compat_py_producer_shapes.py."""
    def build(tf1):
        value = tf1.py_func(counter(10, lambda i: np.ones(2 if i < 5 else 3, np.float32)), [], tf.float32)
        return tf1.train.batch([tf1.reduce_sum(value)], 2)

    legacy, ours = both(build)
    assert [b.tolist() for b in ours.batches] == [b.tolist() for b in legacy.batches]
    assert [b.tolist() for b in ours.batches][-1] == [3.0, 3.0] and ours.joined is legacy.joined is None


@pytest.mark.parametrize("allow_smaller", [False, True])
def test_strings_and_a_short_tail_arrive_as_legacys_batches(allow_smaller):
    """Whole batches leave the producer's channel (graph_batch._python_batches): bytes components, the
    values passed on unchanged (no map at all), and the 3-element tail kept or dropped as legacy."""
    def build(tf1):
        name, number = tf1.py_func(counter(23, lambda i: (b"row-%d" % i, np.int64(i))), [], [tf.string, tf.int64])
        name.set_shape([])
        number.set_shape([])
        return tf1.train.batch([name, number], 5, capacity=10, allow_smaller_final_batch=allow_smaller)

    legacy, ours = both(build)
    assert ours.structure == legacy.structure
    assert [[c.tolist() for c in b] for b in ours.batches] == [[c.tolist() for c in b] for b in legacy.batches]
    assert len(ours.batches) == (5 if allow_smaller else 4) and ours.end is legacy.end is OOR
    assert ours.batches[0][0].tolist() == [b"row-0", b"row-1", b"row-2", b"row-3", b"row-4"]
