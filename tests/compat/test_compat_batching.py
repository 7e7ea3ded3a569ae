"""The ``tf.train.batch`` family through the drop-in, against TensorFlow's own queues: each pipeline is
run the legacy way (``tensorflow.compat.v1``, runner threads, ``Coordinator``) and the bridge way, in
graph mode, and compared in order where the legacy pipeline is deterministic (one thread, no shuffle)
and as a multiset where it is not, with the same exception types at the end of data and on misuse."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
import tensorflow as tf
from batch_harness import BRIDGE, LEGACY, assert_same_batches, both, counter, elements, multiset, pair, run

import tfdata_bridge.compat.v1 as bridge
from tfdata_bridge._src.compat.notice import reset
from tfdata_bridge._src import warnings as bridge_warnings
from tfdata_bridge._src.symbols import lookup
from tfdata_bridge._src.warnings import CompiledToTfDataWarning

OOR = tf.errors.OutOfRangeError


def assert_in_order(legacy, ours):
    assert ours.structure == legacy.structure
    assert_same_batches(legacy.batches, ours.batches)
    assert (ours.end, type(ours.joined)) == (legacy.end, type(legacy.joined)) == (OOR, type(None))


def assert_same_multiset(legacy, ours):
    assert ours.structure == legacy.structure
    assert len(ours.batches) == len(legacy.batches)
    assert multiset(ours.batches) == multiset(legacy.batches)
    assert (ours.end, type(ours.joined)) == (legacy.end, type(legacy.joined)) == (OOR, type(None))


# --- batch: order, tails, threads ------------------------------------------------------------


@pytest.mark.parametrize("allow_smaller", [False, True])
def test_batch_with_one_thread_delivers_the_legacy_batches_in_order(allow_smaller):
    legacy, ours = both(lambda tf1: tf1.train.batch(
        pair(tf1, 23), 5, allow_smaller_final_batch=allow_smaller))
    assert_in_order(legacy, ours)
    assert len(ours.batches) == (5 if allow_smaller else 4)  # the 3-element tail is kept or dropped
    assert ours.structure[1][2] == ((None,) if allow_smaller else (5,))  # static batch dimension


@pytest.mark.parametrize("n", [40, 43])
def test_batch_with_four_threads_delivers_every_element_once(n):
    legacy, ours = both(lambda tf1: tf1.train.batch(pair(tf1, n), 5, num_threads=4, capacity=16))
    if n % 5 == 0:
        assert_same_multiset(legacy, ours)
    else:  # which 3 elements the dropped tail holds depends on thread timing
        assert len(ours.batches) == len(legacy.batches) == n // 5
        assert len(set(elements(ours.batches))) == 5 * (n // 5)
        assert set(elements(ours.batches)) <= set(elements(run(BRIDGE, lambda tf1: tf1.train.batch(
            pair(tf1, n), 1, num_threads=1)).batches))


@pytest.mark.parametrize("threads", [1, 4])
def test_enqueue_many_splits_each_produced_batch_into_elements(threads):
    def build(tf1):
        rows = tf1.py_func(counter(8, lambda i: np.arange(3 * i, 3 * i + 3, dtype=np.int32).reshape(3, 1)), [], tf.int32)
        rows.set_shape([3, 1])
        return tf1.train.batch([rows], 4, num_threads=threads, enqueue_many=True)

    legacy, ours = both(build)
    (assert_in_order if threads == 1 else assert_same_multiset)(legacy, ours)
    assert ours.structure == ("tensor", "int32", (4, 1))


@pytest.mark.parametrize("allow_smaller", [False, True])
def test_dynamic_pad_pads_each_batch_to_its_longest_element(allow_smaller):
    def build(tf1):
        vec = tf1.py_func(counter(11, lambda i: np.full(i % 4 + 1, i, np.int32)), [], tf.int32)
        vec.set_shape([None])
        return tf1.train.batch([vec], 3, dynamic_pad=True, allow_smaller_final_batch=allow_smaller)

    legacy, ours = both(build)
    assert_in_order(legacy, ours)
    assert len({b.shape[1] for b in ours.batches}) > 1  # padded per batch, not to a global size


def test_a_dict_comes_back_as_a_dict_and_a_one_tensor_list_as_a_bare_tensor():
    def as_dict(tf1):
        a, b = pair(tf1, 9)
        return tf1.train.batch({"label": a, "feature": b}, 2)

    def one_key(tf1):
        return tf1.train.batch({"only": pair(tf1, 9)[0]}, 2)

    def bare(tf1):
        return tf1.train.batch([pair(tf1, 9)[0]], 2)

    def join_dicts(tf1):
        lists = [pair(tf1, 8), pair(tf1, 8, start=100)]
        return tf1.train.batch_join([{"label": a, "feature": b} for a, b in lists], 4)

    legacy, ours = both(join_dicts)
    assert_same_multiset(legacy, ours)
    assert list(ours.structure) == ["feature", "label"]
    for build in (as_dict, one_key, bare):
        legacy, ours = both(build)
        assert_in_order(legacy, ours)
    assert ours.structure == ("tensor", "int64", (2,))
    with tf.Graph().as_default():
        assert isinstance(bridge.train.batch([pair(bridge, 1)[0]], 2), tf.Tensor)
        assert set(bridge.train.batch({"b": pair(bridge, 1)[0], "a": pair(bridge, 1)[1]}, 2)) == {"a", "b"}


def test_shared_name_is_accepted_and_changes_nothing():
    legacy, ours = both(lambda tf1: tf1.train.batch(pair(tf1, 10), 5, shared_name="shared_batch_queue"))
    assert_in_order(legacy, ours)


def test_sparse_tensors_are_batched_by_tfdata_as_legacy_batches_them():
    def build(tf1):
        a, _ = pair(tf1, 6)
        sparse = tf.SparseTensor(indices=[[0]], values=tf.reshape(a, [1]), dense_shape=[3])
        return tf1.train.batch([sparse, a], 2)

    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("error", bridge_warnings.FallbackWarning)
        build(bridge)
    legacy, ours = both(build)
    assert [b[1].tolist() for b in ours.batches] == [b[1].tolist() for b in legacy.batches] == [[0, 1], [2, 3], [4, 5]]
    assert [b[0].values.tolist() for b in ours.batches] == [[0, 1], [2, 3], [4, 5]]
    assert [b[0].indices.tolist() for b in ours.batches] == [b[0].indices.tolist() for b in legacy.batches]
    assert [b[0].dense_shape.tolist() for b in ours.batches] == [b[0].dense_shape.tolist() for b in legacy.batches]


def test_sparse_tensors_with_enqueue_many_use_tensorflows_own_queue_with_a_warning():
    def build(tf1):
        a, _ = pair(tf1, 6)
        sparse = tf.SparseTensor(indices=[[0, 0]], values=tf.reshape(a, [1]), dense_shape=[1, 3])
        return tf1.train.batch([sparse, tf.reshape(a, [1])], 2, enqueue_many=True)

    with tf.Graph().as_default(), pytest.warns(bridge_warnings.FallbackWarning, match="SparseTensor"):
        build(bridge)
    legacy, ours = both(build)
    assert [b[1].tolist() for b in ours.batches] == [b[1].tolist() for b in legacy.batches] == [[0, 1], [2, 3], [4, 5]]


# --- keep_input, the join and shuffle variants ------------------------------------------------


def test_maybe_batch_keeps_only_the_elements_keep_input_accepts():
    def build(tf1):
        a, b = pair(tf1, 20)
        return tf1.train.maybe_batch([a, b], tf.not_equal(a % 3, 0), 4)

    legacy, ours = both(build)
    assert_in_order(legacy, ours)
    assert all(x % 3 for batch in ours.batches for x in batch[0])


def test_maybe_batch_with_enqueue_many_filters_each_example_by_its_flag():
    def build(tf1):
        rows = tf1.py_func(counter(6, lambda i: np.arange(4 * i, 4 * i + 4, dtype=np.int64)), [], tf.int64)
        rows.set_shape([4])
        return tf1.train.maybe_batch([rows], tf.equal(rows % 2, 0), 3, enqueue_many=True, allow_smaller_final_batch=True)

    legacy, ours = both(build)
    assert_in_order(legacy, ours)


JOIN_AND_SHUFFLE = {
    "batch_join": lambda tf1, lists, keep: tf1.train.batch_join(lists, 4),
    "maybe_batch_join": lambda tf1, lists, keep: tf1.train.maybe_batch_join(lists, keep, 4),
    "shuffle_batch_1": lambda tf1, lists, keep: tf1.train.shuffle_batch(lists[0], 4, 20, 8, seed=3),
    "shuffle_batch_4": lambda tf1, lists, keep: tf1.train.shuffle_batch(lists[0], 4, 20, 8, num_threads=4),
    "maybe_shuffle_batch": lambda tf1, lists, keep: tf1.train.maybe_shuffle_batch(lists[0], 4, 20, 8, keep, num_threads=2),
    "shuffle_batch_join": lambda tf1, lists, keep: tf1.train.shuffle_batch_join(lists, 4, 20, 8),
    "maybe_shuffle_batch_join": lambda tf1, lists, keep: tf1.train.maybe_shuffle_batch_join(lists, 4, 20, 8, keep),
    "maybe_batch_join, fallback": lambda tf1, lists, keep: tf1.train.maybe_batch_join(
        lists, tf1.placeholder_with_default(True, []), 4),  # a placeholder: runner threads, not tf.data
}


@pytest.mark.parametrize("variant", sorted(JOIN_AND_SHUFFLE))
def test_join_and_shuffle_variants_deliver_the_legacy_multiset(variant):
    def build(tf1):
        lists = [pair(tf1, 24), pair(tf1, 24, start=100)]
        keep = tf.less(tf1.random_uniform([]), 2.0)  # always True, but known only at run time
        return JOIN_AND_SHUFFLE[variant](tf1, lists, keep)

    legacy, ours = both(build)
    assert_same_multiset(legacy, ours)


# --- errors: producers, end of data, misuse ---------------------------------------------------


def test_a_producer_error_reaches_coordinator_join_with_its_type_and_message():
    def build(tf1):
        def boom():
            raise ValueError("producer exploded")

        value = tf1.py_func(boom, [], tf.int64)
        return tf1.train.batch([value], 2, shapes=[[]])

    legacy, ours = both(build)
    assert type(ours.joined) is type(legacy.joined) is tf.errors.InvalidArgumentError
    assert "ValueError: producer exploded" in ours.joined.message
    assert "ValueError: producer exploded" in legacy.joined.message


def test_out_of_range_error_raised_in_a_py_func_is_an_error_not_the_end_as_in_tensorflow():
    # py_func maps StopIteration to OutOfRange; a raised tf.errors.OutOfRangeError becomes UnknownError.
    def build(tf1):
        def done():
            raise tf.errors.OutOfRangeError(None, None, "no more")

        return tf1.train.batch([tf1.py_func(done, [], tf.int64)], 2, shapes=[[]])

    legacy, ours = both(build)
    assert type(ours.joined) is type(legacy.joined) is tf.errors.UnknownError


def test_a_run_time_shape_mismatch_raises_invalid_argument_as_in_tensorflow():
    def build(tf1):
        value = tf1.py_func(counter(4, lambda i: np.zeros(3, np.float32)), [], tf.float32)
        return tf1.train.batch([value], 2, shapes=[[2]])

    legacy, ours = both(build)
    assert type(ours.joined) is type(legacy.joined) is tf.errors.InvalidArgumentError


def _sized(tf1, shape):
    t = tf1.py_func(lambda: np.zeros(3, np.float32), [], tf.float32)
    if shape != "unknown":
        t.set_shape(shape)
    return t


MISUSE = {
    "empty list": lambda tf1: tf1.train.batch([], 2),
    "empty join": lambda tf1: tf1.train.batch_join([], 2),
    "unknown rank": lambda tf1: tf1.train.batch([_sized(tf1, "unknown")], 2),
    "partial shape": lambda tf1: tf1.train.batch([_sized(tf1, [None])], 2),
    "partial shape, shuffled": lambda tf1: tf1.train.shuffle_batch([_sized(tf1, [None])], 2, 10, 2),
    "capacity <= min_after_dequeue": lambda tf1: tf1.train.shuffle_batch([_sized(tf1, [3])], 2, 10, 10),
    "vector keep without enqueue_many": lambda tf1: tf1.train.maybe_batch([_sized(tf1, [3])], [True, False], 2),
    "keep of rank 2": lambda tf1: tf1.train.maybe_batch([_sized(tf1, [3])], [[True]], 2, enqueue_many=True),
    "join dtypes differ": lambda tf1: tf1.train.batch_join([[_sized(tf1, [3])], [tf.zeros([3], tf.int32)]], 2),
    "join dict keys differ": lambda tf1: tf1.train.batch_join([{"a": tf.zeros([1])}, {"b": tf.zeros([1])}], 2),
    "shapes incompatible": lambda tf1: tf1.train.batch([_sized(tf1, [3])], 2, shapes=[[2]]),
    "too many shapes": lambda tf1: tf1.train.batch([_sized(tf1, [3])], 2, shapes=[[3], [3]]),
    "dynamic_pad with one shape": lambda tf1: tf1.train.batch([_sized(tf1, [3])], 2, dynamic_pad=True, shapes=[3]),
    "enqueue_many of a scalar": lambda tf1: tf1.train.batch([tf.constant(1)], 2, enqueue_many=True),
}


@pytest.mark.parametrize("case", sorted(MISUSE))
def test_misuse_raises_tensorflows_exception_and_message(case):
    errors = []
    for tf1 in (LEGACY, BRIDGE):
        with tf.Graph().as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with pytest.raises(Exception) as info:
                MISUSE[case](tf1)
            errors.append((type(info.value), str(info.value)))
    assert errors[1] == errors[0]


# --- eager mode -------------------------------------------------------------------------------


def test_in_eager_mode_concrete_tensors_raise_value_error_that_says_to_pass_a_callable():
    assert tf.executing_eagerly()
    with pytest.raises(ValueError, match="Input pipelines based on Queues"):
        LEGACY.train.batch([tf.constant(1)], 2)
    with pytest.raises(ValueError, match="zero-argument callable") as info:
        bridge.train.batch([tf.constant(1)], 2)
    # graph mode first (what a legacy program needs), then the callable alternative
    message = str(info.value)
    assert message.index("disable_eager_execution()") < message.index("zero-argument callable")
    with pytest.raises(ValueError, match="zero-argument callable"):
        bridge.train.shuffle_batch_join([[tf.constant(1)]], 2, 10, 2)


def test_in_eager_mode_a_callable_gives_a_dataset():
    ds = bridge.train.batch(counter(7), 3, allow_smaller_final_batch=True)
    assert isinstance(ds, tf.data.Dataset)
    got = [(a.numpy().tolist(), b.numpy().tolist()) for a, b in ds]
    assert got == [([0, 1, 2], [0, 0.5, 1]), ([3, 4, 5], [1.5, 2, 2.5]), ([6], [3])]
    assert ds.element_spec[0].shape.as_list() == [None]


def test_in_eager_mode_the_shuffle_and_join_variants_take_callables():
    ds = bridge.train.shuffle_batch_join([counter(10), counter(10, lambda i: (np.int64(100 + i), np.float32(0)))],
                                         5, 20, 4)
    values = sorted(int(x) for a, _ in ds for x in a.numpy())
    assert values == list(range(10)) + list(range(100, 110))
    assert ds.element_spec[0].shape.as_list() == [5]
    ds = bridge.train.shuffle_batch(counter(12, lambda i: {"x": np.int64(i)}), 4, 8, 2, num_threads=2)
    assert sorted(int(v) for b in ds for v in b["x"].numpy()) == list(range(12))


def test_in_eager_mode_keep_input_is_a_bool_or_a_callable_on_the_element():
    ds = bridge.train.maybe_batch(counter(9, lambda i: np.int64(i)), lambda x: x % 2 == 0, 2,
                                  allow_smaller_final_batch=True)
    assert [b.numpy().tolist() for b in ds] == [[0, 2], [4, 6], [8]]
    rows = counter(3, lambda i: np.arange(3 * i, 3 * i + 3, dtype=np.int64))
    ds = bridge.train.maybe_batch(rows, lambda r: r > 2, 4, enqueue_many=True, allow_smaller_final_batch=True)
    assert [b.numpy().tolist() for b in ds] == [[3, 4, 5, 6], [7, 8]]


# --- the teaching warning ---------------------------------------------------------------------


def test_each_batch_function_warns_once_per_call_site_naming_its_tfdata_chain():
    reset()
    with tf.Graph().as_default(), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for _ in range(2):
            bridge.train.batch(pair(bridge, 4), 2)
        bridge.train.shuffle_batch(pair(bridge, 4), 2, 10, 2)
    notices = [w for w in caught if w.category is CompiledToTfDataWarning]
    assert [lookup(p).chain in str(w.message) for w, p in zip(notices, ["train.batch", "train.shuffle_batch"])] == [True, True]
    assert len(notices) == 2
    assert all(w.filename == __file__ for w in notices)
