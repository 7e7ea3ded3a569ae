"""The drop-in ``tf.train.Supervisor`` against legacy's. TensorFlow's ``Supervisor`` makes its session and starts
the queue runners inside TensorFlow, so neither the drop-in ``Session`` nor its ``start_queue_runners`` runs: two
consumers of one input producer each read every element, and a read the program runs itself stays a stand-in,
unless the supervisor settles the graph when it is made (``compat/supervisor.py``)."""

from __future__ import annotations

import os
import warnings

import numpy as np
import pytest
import tensorflow as tf

import tfdata_bridge.compat.v1 as bridge

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
LEGACY = tf.compat.v1
pytestmark = pytest.mark.timeout(180)


@pytest.fixture(scope="module")
def files(ten_records_in_two_files):
    return ten_records_in_two_files


def _managed(tf1, build, supervisor=None):
    """``build(tf1)`` -> fetches drained one after another in ``sv.managed_session()`` (``supervisor``: the class,
    ``tf1``'s by default); what they gave, in order, and the session's class."""
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        outs = build(tf1)
        sv = (supervisor or tf1.train.Supervisor)(logdir=None, local_init_op=tf1.local_variables_initializer())
        got = []
        with sv.managed_session() as sess:
            for out in outs:
                try:
                    while not sv.should_stop():
                        value = sess.run(out)
                        got.append(value.tolist() if hasattr(value, "tolist") else value)
                except tf.errors.OutOfRangeError:
                    pass
    return got, type(sess)


def test_two_readers_of_one_producer_get_each_record_once(files):
    def build(tf1):
        queue = tf1.train.string_input_producer(files, num_epochs=1, shuffle=False)
        return [tf1.train.batch([tf1.TFRecordReader().read(queue)[1]], 2, allow_smaller_final_batch=True)
                for _ in range(2)]

    legacy, _ = _managed(LEGACY, build)
    ours, session = _managed(bridge, build)
    flat = sorted(r for batch in ours for r in batch)
    assert flat == sorted(r for batch in legacy for r in batch) == [b"%d" % i for i in range(10)]
    assert session is bridge.Session


def test_tensorflows_own_supervisor_over_two_batches_gets_each_record_once(files):
    # (a module the migration left, say: the stream was shared when the second batch was built)
    def build(tf1):
        queue = tf1.train.string_input_producer(files, num_epochs=1, shuffle=False)
        return [tf1.train.batch([tf1.TFRecordReader().read(queue)[1]], 2, allow_smaller_final_batch=True)
                for _ in range(2)]

    ours, session = _managed(bridge, build, supervisor=LEGACY.train.Supervisor)
    assert sorted(r for batch in ours for r in batch) == [b"%d" % i for i in range(10)]
    assert session is LEGACY.Session


def test_two_dequeues_of_one_producer_compete_for_its_rows():
    def build(tf1):
        queue = tf1.train.input_producer([[1, 2], [3, 4], [5, 6]], num_epochs=1, shuffle=False)
        return [queue.dequeue_many(3), queue.dequeue()]

    legacy, _ = _managed(LEGACY, build)
    ours, _ = _managed(bridge, build)
    assert ours == legacy == [[[1, 2], [3, 4], [5, 6]]]


def test_one_batch_in_order_is_legacys(files):
    def build(tf1):
        queue = tf1.train.string_input_producer(files, num_epochs=2, shuffle=False)
        _, value = tf1.TFRecordReader().read(queue)
        return [tf1.train.batch([tf.strings.to_number(value, tf.int32)], 3, allow_smaller_final_batch=True)]

    legacy, _ = _managed(LEGACY, build)
    assert _managed(bridge, build)[0] == legacy and len(legacy) == 7


def test_a_producers_error_reaches_sv_coord_as_legacys():
    def program(tf1):
        calls = [0]

        def produce():
            calls[0] += 1
            if calls[0] > 7:
                raise ValueError(f"bad row {calls[0]}")
            return np.int64(calls[0])

        with tf.Graph().as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            value = tf1.py_func(produce, [], tf.int64)
            value.set_shape([])
            batch = tf1.train.batch([value], 3)
            sv = tf1.train.Supervisor(logdir=None)
            got, end = [], None
            with pytest.raises(tf.errors.InvalidArgumentError) as raised:
                with sv.managed_session() as sess:
                    while True:  # (not sv.should_stop(): legacy's loop then ends when the error reaches sv.coord)
                        try:
                            got.append(sess.run(batch).tolist())
                        except tf.errors.OutOfRangeError:
                            end = "OutOfRangeError"
                            break
        return got, end, str(raised.value).splitlines()[0]

    legacy = program(LEGACY)
    assert program(bridge) == legacy == ([[1, 2, 3], [4, 5, 6]], "OutOfRangeError", "ValueError: bad row 8")
