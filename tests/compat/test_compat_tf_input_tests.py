"""Behaviours TensorFlow's own ``input_test.py`` checks, run the same way through ``tensorflow.compat.v1``
and through the drop-in and compared (issue 16, items 3 and 5): an input producer over an empty tensor,
``limit_epochs`` re-armed by ``local_variables_initializer()``, ``SparseTensor`` inputs of unknown rank,
and the static shapes of a batched ``SparseTensor`` whose producer cannot move into tf.data; unsigned
dtypes, a batch built after the first run, a dequeue made per run, ``match_filenames_once``, an input
producer over a tensor of unknown shape, and its ``queue_ref``."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
import tensorflow as tf
from batch_harness import BRIDGE, LEGACY, both, structure

OOR = tf.errors.OutOfRangeError
MODULES = pytest.mark.parametrize("tf1", [LEGACY, BRIDGE], ids=["legacy", "bridge"])


def _in_graph(tf1: Any, body: Any) -> Any:
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return body(tf1)


# -- an input producer over an empty tensor ------------------------------------------------------------


def _empty_producer_program(make_rows: Any) -> Any:
    def program(tf1: Any) -> dict[str, Any]:
        queue = tf1.train.string_input_producer(make_rows(tf1))
        name = queue.dequeue()
        with tf1.Session() as sess:
            sess.run(tf1.local_variables_initializer())
            coord = tf1.train.Coordinator()
            threads = tf1.train.start_queue_runners(sess, coord)
            try:
                sess.run(name)
                end = None
            except tf.errors.OpError as e:
                end = type(e)
            joined = None
            try:
                coord.join(threads, stop_grace_period_secs=10)
            except Exception as e:  # noqa: BLE001 - compared
                joined = e
        return {"end": end, "joined": type(joined), "message": getattr(joined, "message", "")}

    return program


@pytest.mark.parametrize("make_rows", [
    lambda tf1: tf1.constant([], dtype=tf1.string),
    lambda tf1: tf1.strings.split(tf1.constant([""])).values,  # empty only when the graph runs
    lambda tf1: tf1.identity(tf1.zeros([0], tf1.string), name="rows"),
], ids=["constant", "computed", "identity"])
def test_an_empty_string_list_stops_the_consumer_with_out_of_range_and_join_reraises(make_rows):
    legacy = _in_graph(LEGACY, _empty_producer_program(make_rows))
    ours = _in_graph(BRIDGE, _empty_producer_program(make_rows))
    assert legacy["end"] is ours["end"] is OOR
    assert legacy["joined"] is ours["joined"] is tf.errors.InvalidArgumentError
    assert "string_input_producer requires a non-null input tensor" in ours["message"]


def test_without_a_coordinator_the_empty_list_error_reaches_the_consumer():
    # legacy's consumer would wait forever (nobody closes the queue); the drop-in's gets the error
    def program(tf1: Any) -> Any:
        name = tf1.train.string_input_producer(tf1.constant([], dtype=tf1.string)).dequeue()
        with tf1.Session() as sess:
            with pytest.raises(tf.errors.InvalidArgumentError, match="requires a non-null input tensor"):
                sess.run(name)

    _in_graph(BRIDGE, program)


@MODULES
def test_an_empty_python_list_is_refused_when_the_graph_is_built(tf1):
    def program(tf1: Any) -> None:
        with pytest.raises(ValueError, match="string_input_producer requires a non-null input tensor"):
            tf1.train.string_input_producer([])

    _in_graph(tf1, program)


# -- limit_epochs and the local variables initializer ----------------------------------------------------


def _limit_epochs_passes(make: Any, passes: int = 2) -> Any:
    def program(tf1: Any) -> list[list[Any]]:
        value = make(tf1)
        got = []
        with tf1.Session() as sess:
            for _ in range(passes):
                sess.run(tf1.local_variables_initializer())
                this = []
                with pytest.raises(OOR):
                    for _ in range(100):
                        this.append(np.asarray(sess.run(value)).tolist())
                got.append(this)
        return got

    return program


def _helper(tf1: Any, tensor: Any) -> Any:  # limit_epochs called from a helper, with a name
    return tf1.train.limit_epochs(tensor, num_epochs=2, name="twice")


@pytest.mark.parametrize("make", [
    lambda tf1: tf1.train.limit_epochs(tf1.constant("x"), num_epochs=3),
    lambda tf1: tf1.train.limit_epochs(tf1.range(3) * 2, 3),
    lambda tf1: _helper(tf1, tf1.constant([1.5, 2.5])),
], ids=["constant", "computed", "helper"])
def test_limit_epochs_is_rearmed_by_the_local_variables_initializer(make):
    legacy = _in_graph(LEGACY, _limit_epochs_passes(make))
    ours = _in_graph(BRIDGE, _limit_epochs_passes(make))
    assert ours == legacy
    assert len(ours[1]) == len(ours[0]) > 0


def test_limit_epochs_without_the_initializer_still_ends_after_its_epochs():
    def program(tf1: Any) -> list[Any]:
        value = tf1.train.limit_epochs(tf1.constant(7), num_epochs=2)
        with tf1.Session() as sess:
            got = [sess.run(value) for _ in range(2)]
            with pytest.raises(OOR):
                sess.run(value)
        return got

    assert _in_graph(BRIDGE, program) == [7, 7]


# -- SparseTensor inputs ---------------------------------------------------------------------------------


def _unknown_rank_sparse(tf1: Any) -> Any:
    return tf1.SparseTensor(indices=tf1.placeholder(tf1.int64), values=tf1.placeholder(tf1.float32),
                            dense_shape=tf1.placeholder(tf1.int64))


@pytest.mark.parametrize("call", [
    lambda tf1, s: tf1.train.batch([s], batch_size=2),
    lambda tf1, s: tf1.train.batch([s], batch_size=2, enqueue_many=True),
    lambda tf1, s: tf1.train.batch({"s": s}, batch_size=2)["s"],
    lambda tf1, s: tf1.train.shuffle_batch([s], batch_size=2, capacity=10, min_after_dequeue=2),
    lambda tf1, s: tf1.train.batch_join([[s], [s]], batch_size=2),
], ids=["batch", "enqueue_many", "dict", "shuffle_batch", "batch_join"])
def test_a_sparse_tensor_of_unknown_rank_builds_as_in_legacy(call):
    def build(tf1: Any) -> Any:
        batched = call(tf1, _unknown_rank_sparse(tf1))
        return [batched.indices.shape.as_list() if batched.indices.shape.rank is not None else None,
                batched.dense_shape.shape.num_elements()]

    assert _in_graph(BRIDGE, build) == _in_graph(LEGACY, build)


def _counted_sparse(tf1: Any) -> Any:
    """A sparse element per step from a variable's count_up_to: the producer cannot move into tf.data."""
    counter = tf1.Variable(tf1.constant(0, tf1.int64), trainable=False)
    count = counter.count_up_to(6)
    zero = tf1.constant(0, tf1.int64)
    return tf1.SparseTensor(indices=tf1.reshape(tf1.stack([zero, zero + 1]), [2, 1]),
                            values=tf1.cast(tf1.stack([count, -count]), tf1.float32), dense_shape=[2])


@pytest.mark.parametrize("call", [
    lambda tf1, s, d: tf1.train.batch([s, d], batch_size=2),
    lambda tf1, s, d: tf1.train.batch([s, d], batch_size=4, allow_smaller_final_batch=True),
    lambda tf1, s, d: tf1.train.batch_join([[s, d]], batch_size=2),
], ids=["batch", "smaller_final_batch", "batch_join"])
def test_a_sparse_tensor_from_an_unliftable_producer_keeps_legacy_static_shapes_and_values(call):
    def build(tf1: Any) -> Any:
        sparse = _counted_sparse(tf1)
        dense = tf1.identity(sparse.values[0])
        return call(tf1, sparse, dense)

    def shapes(out: Any) -> Any:
        s = out[0]
        return [s.indices.shape.as_list(), s.values.shape.as_list(), s.dense_shape.shape.as_list(),
                structure(out[1])]

    assert _in_graph(BRIDGE, lambda tf1: shapes(build(tf1))) == _in_graph(LEGACY, lambda tf1: shapes(build(tf1)))
    legacy, ours = both(build)
    assert ours.end is legacy.end is OOR
    assert len(ours.batches) == len(legacy.batches) > 0
    for a, b in zip(ours.batches, legacy.batches):
        np.testing.assert_equal(a[0].indices, b[0].indices)
        np.testing.assert_equal(a[0].values, b[0].values)
        np.testing.assert_equal(a[0].dense_shape, b[0].dense_shape)
        np.testing.assert_equal(a[1], b[1])


# -- more of input_test.py: dtypes, a pipeline built after the first run, dequeues made per run -----------


def _compare(program: Any) -> None:
    """``program(tf1)`` in a fresh graph with each module: the same result."""
    legacy = _in_graph(LEGACY, program)
    ours = _in_graph(BRIDGE, program)
    assert ours == legacy


def _until_end(sess: Any, fetch: Any, limit: int = 50) -> tuple[list[Any], str]:
    got = []
    try:
        for _ in range(limit):
            got.append(tf.nest.map_structure(lambda x: x.tolist(), sess.run(fetch)))
    except OOR:
        return got, "OutOfRangeError"
    return got, "no end"


@pytest.mark.parametrize("dtype", ["uint32", "uint64"])
def test_batches_of_unsigned_integers_are_legacys(dtype):
    def program(tf1: Any) -> Any:
        value = tf1.constant([0, 1, 2, 3, 4, 5], dtype=getattr(tf1, dtype))
        batch = tf1.train.batch([tf1.train.limit_epochs(value, 3)], batch_size=2, allow_smaller_final_batch=True)
        with tf1.Session() as sess:
            sess.run(tf1.local_variables_initializer())
            coord = tf1.train.Coordinator()
            threads = tf1.train.start_queue_runners(sess, coord)
            got = _until_end(sess, batch)
            coord.request_stop()
            coord.join(threads, stop_grace_period_secs=10)
        return got, batch.dtype.name

    _compare(program)


def test_a_dynamic_pad_batch_built_after_the_session_ran_is_legacys():
    def program(tf1: Any) -> Any:
        counter = tf1.Variable(tf1.constant(0, tf1.int64)).count_up_to(9)
        strings = tf1.tile(["s"], tf1.cast(tf1.stack([counter]), tf1.int32))
        with tf1.Session() as sess:
            sess.run([tf1.global_variables_initializer(), tf1.local_variables_initializer()])
            batch = tf1.train.batch([counter, strings], batch_size=4, dynamic_pad=True)  # (built after a run)
            threads = tf1.train.start_queue_runners(sess)
            got = _until_end(sess, batch)
            del threads
        return got

    _compare(program)


def test_a_new_dequeue_made_for_each_run_after_the_runners_started_is_legacys():
    def program(tf1: Any) -> Any:
        strings = [b"to", b"be", b"or", b"not"]
        queue = tf1.train.string_input_producer(strings, shuffle=False)
        with tf1.Session() as sess:
            coord = tf1.train.Coordinator()
            threads = tf1.train.start_queue_runners(sess, coord)
            got = [sess.run(queue.dequeue()) for _ in range(2 * len(strings))]  # (input_test's construction race)
            coord.request_stop()
            coord.join(threads, stop_grace_period_secs=10)
        return got

    _compare(program)


def test_an_input_producer_over_a_tensor_of_unknown_shape_with_element_shape_is_legacys():
    def program(tf1: Any) -> Any:
        rows = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]
        queue = tf1.train.input_producer(tf1.placeholder_with_default(rows, shape=None), element_shape=[4],
                                         num_epochs=2, shuffle=False)
        many, one = queue.dequeue_many(6), queue.dequeue()
        with tf1.Session() as sess:
            sess.run(tf1.local_variables_initializer())
            threads = tf1.train.start_queue_runners(sess)
            got = sess.run(many).tolist()
            end = _until_end(sess, one)
            del threads
        return got, end, many.shape.as_list()

    _compare(program)


@MODULES
def test_an_input_producer_over_a_tensor_of_unknown_shape_without_element_shape_is_refused(tf1):
    with pytest.raises(ValueError, match="must have a fully defined shape or `element_shape` must be specified"):
        _in_graph(tf1, lambda m: m.train.input_producer(m.placeholder(m.float32, None)))


def test_match_filenames_once_is_legacys(tmp_path):
    for i in range(3):
        (tmp_path / f"m.{i}").write_text("x")
    (tmp_path / "other").write_text("x")

    def program(tf1: Any) -> Any:
        star = tf1.train.match_filenames_once(str(tmp_path / "*"))
        question = tf1.train.match_filenames_once(str(tmp_path / "m.?"))
        one = tf1.train.match_filenames_once(str(tmp_path / "m.1"))
        with tf1.Session() as sess:
            sess.run([tf1.global_variables_initializer(), tf1.local_variables_initializer()])
            return [sorted(sess.run(t).tolist()) for t in (star, question, one)], star.dtype.name

    _compare(program)


def test_an_input_producers_queue_ref_is_refused_with_the_reason():
    # input_test's testSharedName reads queue_ref's shared_name: the drop-in's input producer is a tf.data
    # stream with no queue resource; it says so (docs/how-the-drop-in-works.md) rather than hand out a stand-in
    with pytest.raises(TypeError, match="has no queue resource .*read it with the drop-in's readers"):
        _in_graph(BRIDGE, lambda m: m.train.string_input_producer([b"a"], shared_name="SHARED_NAME_XYZ").queue_ref)
    assert _in_graph(LEGACY, lambda m: m.train.string_input_producer(
        [b"a"], shared_name="SHARED_NAME_XYZ").queue_ref.op.get_attr("shared_name")) == b"SHARED_NAME_XYZ"
