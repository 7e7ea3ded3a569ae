"""A zero-input py_func producer with no static shape whose elements vary in shape (issue 16): where the ops
after it accept any shape (a reduction, ``tf.size``), each element arrives with its own shape, as legacy ran
those ops; where the batch's queue fixes the shape, learning it from the first element changes nothing, and
an element of another shape fails as legacy's enqueue did."""

from __future__ import annotations

import gc
import weakref

import numpy as np
import pytest
import tensorflow as tf
from batch_harness import BRIDGE, LEGACY, both, counter, elements, multiset, run

OOR = tf.errors.OutOfRangeError
pytestmark = pytest.mark.timeout(120)
N = 18


def ragged(i):
    return np.arange(1 + i % 4, dtype=np.int64)


def exact(legacy, ours):
    assert elements(ours.batches) == elements(legacy.batches)
    assert ours.end is legacy.end is OOR and ours.joined is None and legacy.joined is None


def test_size_and_sum_of_elements_of_varying_length_arrive_as_legacys():
    def build(tf1):
        x = tf1.py_func(counter(N, ragged), [], tf.int64)
        return tf1.train.batch([tf1.size(x), tf1.reduce_sum(x)], batch_size=4, allow_smaller_final_batch=True)

    legacy, ours = both(build)
    exact(legacy, ours)
    assert len(elements(ours.batches)) == N and elements(ours.batches)[:4] == elements(legacy.batches)[:4]
    assert [e[0][1] for e in elements(ours.batches)[:4]] == [(1,), (2,), (3,), (4,)]


class Loader:
    """The producer as a bound method, two outputs (one fixed by the queue, one ragged), a reused name."""

    def __init__(self, n):
        self._next = counter(n, lambda i: (np.array([i, -i], np.float32), np.ones((1 + i % 3, 2), np.float32) * i))

    def __call__(self):
        return self._next()


def test_a_method_with_a_fixed_and_a_ragged_output_and_ops_that_keep_or_drop_the_shape():
    def build(tf1):
        pair, rows = tf1.py_func(Loader(N), [], [tf.float32, tf.float32], stateful=True)
        rows = tf1.reduce_mean(tf1.cast(rows, tf.float64), axis=0)  # (a cast keeps the shape; the mean drops it)
        pair = -pair * 2.0  # (kept: the queue's shape pins it)
        return tf1.train.batch([pair, tf1.shape(rows)[0], rows], 3, shapes=[(2,), (), (2,)],
                               allow_smaller_final_batch=True)

    legacy, ours = both(build)
    exact(legacy, ours)
    assert len(elements(ours.batches)) == N


@pytest.mark.parametrize("kind", ["threads", "shuffle", "join"])
def test_varying_lengths_through_threads_a_shuffle_and_a_join(kind):
    def build(tf1):
        def one(start):
            # (tf.numpy_function's op is a py_func too; a fresh counter per list in the join)
            x = tf1.numpy_function(counter(N, lambda i: ragged(i + start)), [], tf.int64)
            return [tf1.size(x), tf1.reduce_max(x)]

        if kind == "threads":
            return tf1.train.batch(one(0), 3, num_threads=2, allow_smaller_final_batch=True)
        if kind == "shuffle":
            return tf1.train.shuffle_batch(one(0), 3, capacity=12, min_after_dequeue=4, seed=3,
                                           allow_smaller_final_batch=True)
        return tf1.train.batch_join([one(0), one(100)], 3, allow_smaller_final_batch=True)

    legacy, ours = both(build)
    assert multiset(ours.batches) == multiset(legacy.batches)
    assert len(multiset(ours.batches)) == N * (2 if kind == "join" else 1)
    assert ours.end is legacy.end is OOR


def test_dynamic_pad_and_enqueue_many_take_each_elements_own_shape():
    def padded(tf1):
        x = tf1.py_func(counter(N, ragged), [], tf.int64)
        x.set_shape([None])
        return tf1.train.batch([x, tf1.size(x)], 4, dynamic_pad=True, allow_smaller_final_batch=True)

    def many(tf1):
        x = tf1.py_func(counter(N, ragged), [], tf.int64)
        return tf1.train.batch([x * 3], 4, enqueue_many=True, shapes=[()], allow_smaller_final_batch=True)

    for build, count in ((padded, N), (many, sum(1 + i % 4 for i in range(N)))):
        legacy, ours = both(build)
        assert len(ours.batches) == len(legacy.batches)
        for a, b in zip(ours.batches, legacy.batches):
            for x, y in zip(a, b):
                np.testing.assert_array_equal(x, y)
        assert len(elements(ours.batches)) == count and ours.end is legacy.end is OOR


def test_a_static_shape_from_set_shape_needs_no_learning_and_a_partial_one_still_varies():
    calls = []

    def make(i):
        calls.append(i)
        return np.full(3, i, np.int64)

    def fixed(tf1):
        x = tf1.py_func(counter(N, make), [], tf.int64)
        x.set_shape([3])
        return tf1.train.batch([tf1.reduce_sum(x), x], 4, allow_smaller_final_batch=True)

    def partial(tf1):
        x = tf1.py_func(counter(N, ragged), [], tf.int64)
        x.set_shape([None])
        return tf1.train.batch([tf1.reduce_sum(x)], 4, allow_smaller_final_batch=True)

    for build in (fixed, partial):
        legacy, ours = both(build)
        exact(legacy, ours)
    calls.clear()
    run(BRIDGE, fixed)
    assert sorted(calls) == list(range(N))  # each element made once: no call to learn a shape


@pytest.mark.parametrize("form", ["direct", "arithmetic", "expand_dims"])
def test_where_the_queue_fixes_the_shape_another_shape_fails_as_legacys_enqueue(form):
    calls = []

    def make(i):
        calls.append(i)
        return np.zeros(2 if i < 5 else 3, np.float32)

    def build(tf1):
        value = tf1.py_func(counter(10, make), [], tf.float32)
        if form == "arithmetic":
            value = tf1.sqrt(value + 1.0)
        if form == "expand_dims":  # (its output's shape tells its input's)
            return tf1.train.batch([tf1.transpose(tf1.expand_dims(value, 0), [1, 0])], 2, shapes=[(2, 1)])
        return tf1.train.batch([value], 2, shapes=[(2,)])

    legacy = run(LEGACY, build)
    calls.clear()
    ours = run(BRIDGE, build)
    assert calls[0] == 0 and calls.count(0) == 1  # learned once, then delivered first (eager_batch.Probe)
    assert type(ours.joined) is type(legacy.joined) is tf.errors.InvalidArgumentError
    assert "PyFunc" in ours.joined.message and "(2,)" in ours.joined.message and "(3,)" in ours.joined.message
    assert elements(ours.batches) == elements(legacy.batches)[:len(elements(ours.batches))]
    assert len(ours.batches) == len(legacy.batches) == 2


def test_a_reshape_takes_elements_of_one_size_and_another_shape_as_legacy():
    """(4,) and (2, 2) both reshape to (4,): no shape learned from the first element."""
    def build(tf1):
        x = tf1.py_func(counter(N, lambda i: np.arange(4, dtype=np.float32).reshape((4,) if i % 2 else (2, 2)) + i),
                        [], tf.float32)
        return tf1.train.batch([tf1.reshape(x, [4])], 4, allow_smaller_final_batch=True)

    legacy, ours = both(build)
    exact(legacy, ours)
    assert len(elements(ours.batches)) == N


@pytest.mark.parametrize("form", ["set_shape", "pinned", "open"])
def test_a_dropped_py_func_pipeline_frees_its_graph(form):
    """Nothing the producer keeps refers to its graph: the graph's finalizer holds the producer (through the
    started batches' spec), so a tensor kept there kept the graph, its pipeline and the Ctrl-C wakeup fd for
    good (the first fix of issue 16 did: tests/runtime/test_process_hooks_released.py)."""
    def build(tf1):
        x = tf1.py_func(counter(N, lambda i: np.full(2, i, np.float32)), [], tf.float32)
        if form == "set_shape":
            x.set_shape([2])
        if form == "open":
            return tf1.train.batch([tf1.reduce_sum(x)], 4, allow_smaller_final_batch=True)
        return tf1.train.batch([x], 4, shapes=[(2,)], allow_smaller_final_batch=True)

    ours = run(BRIDGE, build)
    assert len(elements(ours.batches)) == N and ours.end is OOR
    graph = weakref.ref(ours.graph)
    del ours
    gc.collect()
    assert graph() is None, "the dropped pipeline's graph is still alive"


@pytest.mark.parametrize("form", ["pinned", "open"])
def test_empty_elements_arrive_each_once_in_order(form):
    """Elements that hold no value (shape (2, 0)): numpy cannot reshape a stack of them with a -1 (whole batches
    crossed none, silently), and TensorFlow's unbatch kernel crashes on them (``tf_private.split``). Not run
    against legacy: TensorFlow's own queue kernels crash the process now and then on such elements (seen with
    ``dequeue_many`` of a (2, 0) component), so what arrives is compared with what the function made, in
    legacy's batches of 2 (the last one short where allowed)."""
    def make(i):
        return np.zeros((2, 0), np.float32) + i

    def build(tf1):
        x = tf1.py_func(counter(7, make), [], tf.float32)
        if form == "open":  # (empty elements of unknown shape cross in a run of one shape: tf_private.split)
            return tf1.train.batch([tf1.reduce_sum(x) + tf1.cast(tf1.shape(x)[0], tf.float32)], 2,
                                   allow_smaller_final_batch=True)
        return tf1.train.batch([x, tf1.size(x) + 1], 2, shapes=[(2, 0), ()])

    ours = run(BRIDGE, build)
    made = [make(i) for i in range(7)]
    if form == "open":
        want = [[np.array([a.sum() + a.shape[0] for a in made[k:k + 2]], np.float32)] for k in range(0, 7, 2)]
    else:
        want = [[np.stack(made[k:k + 2]), np.array([a.size + 1 for a in made[k:k + 2]], np.int32)] for k in (0, 2, 4)]
    assert len(ours.batches) == len(want)
    for got, expected in zip(ours.batches, want):
        for x, y in zip(got if isinstance(got, (list, tuple)) else [got], expected):  # (a list of one: unwrapped)
            assert x.shape == y.shape and x.dtype == y.dtype and x.tolist() == y.tolist()
    assert ours.end is OOR
