"""The drop-in's pipelines run by TensorFlow's own ``tf.compat.v1.Session`` (a program migrated `--to compat`
that kept ``import tensorflow as tf`` keeps ``tf.compat.v1.Session()``), which runs the graph (its
``local_variables_initializer()``) before the drop-in's ``start_queue_runners``. The drop-in changes some input
ops when the graph first runs (``shared_streams.settle``); a session that already ran the graph keeps them as
they were. Two consumers of one input producer then each read every element: the drop-in must raise, saying
what to do, never deliver data twice (``first_run_probe.py``); a single consumer and a reader's counts work."""

from __future__ import annotations

import os
import warnings

import pytest
import tensorflow as tf

import tfdata_bridge.compat.v1 as bridge

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
LEGACY = tf.compat.v1
pytestmark = pytest.mark.timeout(180)


@pytest.fixture(scope="module")
def files(ten_records_in_two_files):
    return ten_records_in_two_files


def _run(tf1, build, session_class, *, queue_runners_first=False):
    """``build(tf1)`` -> (fetches to drain one after another, a tensor to run at the end or None)."""
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        outs, last = build(tf1)
        with session_class() as sess:
            coord = tf1.train.Coordinator()
            if queue_runners_first:
                threads = tf1.train.start_queue_runners(sess, coord)
            sess.run(tf1.local_variables_initializer())
            if not queue_runners_first:
                threads = tf1.train.start_queue_runners(sess, coord)
            got = []
            for out in outs:
                try:
                    while True:
                        got.extend(sess.run(out).tolist())
                except tf.errors.OutOfRangeError:
                    pass
            tail = None if last is None else int(sess.run(last))
            coord.request_stop()
            coord.join(threads, stop_grace_period_secs=10)
    return sorted(got), tail


def _two_readers(files):
    def build(tf1):
        queue = tf1.train.string_input_producer(files, num_epochs=1, shuffle=False)
        batches = [tf1.train.batch([tf1.TFRecordReader().read(queue)[1]], 2, allow_smaller_final_batch=True)
                   for _ in range(2)]
        return batches, None
    return build


def test_two_pipelines_run_first_by_tensorflows_session_give_each_element_once(files):
    # (shared when the second batch was built: shared_streams._compete_now)
    legacy = _run(LEGACY, _two_readers(files), tf.compat.v1.Session)
    assert _run(bridge, _two_readers(files), tf.compat.v1.Session) == legacy == ([b"%d" % i for i in range(10)], None)


def _dequeue_and_batch(tf1):
    queue = tf1.train.input_producer(tf.range(10), num_epochs=1, shuffle=False)
    one = queue.dequeue()
    return [one, tf1.train.batch([queue.dequeue()], 3, allow_smaller_final_batch=True)], None


def test_a_direct_dequeue_and_a_batch_run_first_by_tensorflows_session_compete_as_legacys():
    def drained(tf1):
        with tf.Graph().as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            (one, batch), _ = _dequeue_and_batch(tf1)
            with tf.compat.v1.Session() as sess:
                sess.run(tf1.local_variables_initializer())
                coord = tf1.train.Coordinator()
                threads = tf1.train.start_queue_runners(sess, coord)
                try:  # (the batch's runner may take every row first, in legacy too)
                    got = [int(sess.run(one))]
                except tf.errors.OutOfRangeError:
                    got = []
                try:
                    while True:
                        got.extend(sess.run(batch).tolist())
                except tf.errors.OutOfRangeError:
                    pass
                coord.request_stop()
                coord.join(threads, stop_grace_period_secs=10)
        return sorted(got)

    assert drained(bridge) == drained(LEGACY) == list(range(10))


def test_direct_dequeues_alone_run_first_by_tensorflows_session_raise_rather_than_deliver_twice():
    # (no batch takes them over: whether each is read is known at the first run, which this session missed)
    def build(tf1):
        queue = tf1.train.input_producer([[1, 2], [3, 4], [5, 6]], num_epochs=1, shuffle=False)
        return [queue.dequeue_many(3), queue.dequeue()], None

    with pytest.raises((RuntimeError, tf.errors.InvalidArgumentError),
                       match=r"deliver elements twice|gets its tf.data source when its graph first runs"):
        _run(bridge, build, tf.compat.v1.Session)


@pytest.mark.parametrize("session", ["the drop-in's", "TensorFlow's, runners first"])
def test_two_consumers_give_each_element_once_where_the_drop_in_settles_first(files, session):
    legacy = _run(LEGACY, _two_readers(files), tf.compat.v1.Session)
    if session == "the drop-in's":
        ours = _run(bridge, _two_readers(files), bridge.Session)
    else:
        ours = _run(bridge, _two_readers(files), tf.compat.v1.Session, queue_runners_first=True)
    assert ours == legacy == ([b"%d" % i for i in range(10)], None)


@pytest.mark.parametrize("count", ["before the batch", "after the batch"])
def test_one_consumer_and_a_readers_count_under_tensorflows_session_are_legacys(files, count):
    def build(tf1):
        queue = tf1.train.string_input_producer(files, num_epochs=2, shuffle=False)
        reader = tf1.TFRecordReader()
        _, value = reader.read(queue)
        produced = reader.num_records_produced() if count == "before the batch" else None
        batch = tf1.train.batch([value], 3, allow_smaller_final_batch=True)
        return [batch], produced if produced is not None else reader.num_records_produced()

    legacy = _run(LEGACY, build, tf.compat.v1.Session)
    ours = _run(bridge, build, tf.compat.v1.Session)
    assert legacy[1] == 20 and len(legacy[0]) == 20
    assert ours == legacy


def _join_lists_of_one_dequeue(tf1):
    queue = tf1.train.input_producer(tf.range(10), num_epochs=1, shuffle=False)
    value = queue.dequeue()
    return [tf1.train.batch_join([[value * 1], [value + 0]], 3, allow_smaller_final_batch=True)], None


def _limit_epochs_in_two_batches(tf1):
    value = tf1.train.limit_epochs(tf.constant([1, 2, 3]), num_epochs=2)
    return [tf1.train.batch([value * k], 3, enqueue_many=True, allow_smaller_final_batch=True) for k in (1, 1)], None


@pytest.mark.parametrize("build", [_join_lists_of_one_dequeue, _limit_epochs_in_two_batches])
def test_other_shared_shapes_run_first_by_tensorflows_session_are_legacys(build):
    legacy = _run(LEGACY, build, tf.compat.v1.Session)
    assert _run(bridge, build, tf.compat.v1.Session) == legacy and len(legacy[0]) in (10, 6)


def test_readers_of_one_batch_join_are_not_shared_while_the_graph_is_built(files):
    # (a batch built later takes them all over: one consumer, read natively; sharing would cost the kernels)
    from tfdata_bridge._src.warnings import FallbackWarning

    with tf.Graph().as_default(), warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        queue = bridge.train.string_input_producer(files, num_epochs=1, shuffle=False)
        reads = [[bridge.TFRecordReader().read(queue)[1]] for _ in range(2)]
        bridge.train.batch_join(reads, 3, allow_smaller_final_batch=True)
    assert not [w for w in seen if issubclass(w.category, FallbackWarning)]
