"""A batch whose ``batch_size`` is a tensor fed at each run (``batch_size_placeholder``, as face-recognition and
detection trainers feed it): legacy's queue dequeues that many per run, so tf.data, whose batch size is fixed
when the graph is built, cannot stand in; the drop-in hands the call to TensorFlow's own queue and runner, with
a ``FallbackWarning``, and the program gets legacy's batches of the sizes it feeds."""

from __future__ import annotations

import collections
import os
import re
import warnings

import numpy as np
import pytest
import tensorflow as tf

import tfdata_bridge.compat.v1 as bridge
from tfdata_bridge._src.warnings import FallbackWarning

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
LEGACY = tf.compat.v1
pytestmark = pytest.mark.timeout(120)


def _records(tmp_path, n=12):
    path = str(tmp_path / "rows.tfrecord")
    with tf.io.TFRecordWriter(path) as w:
        for i in range(n):
            w.write(str(i).encode())
    return path


def _run(tf1, build, sizes):
    """Builds in a fresh graph, feeds the batch size ``sizes[k]`` at run k until the data ends."""
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        size, out, feed_once = build(tf1)
        with tf1.Session() as sess:
            sess.run([tf1.global_variables_initializer(), tf1.local_variables_initializer()])
            if feed_once is not None:
                feed_once(sess)
            coord = tf1.train.Coordinator()
            threads = tf1.train.start_queue_runners(sess, coord)
            got, end = [], None
            try:
                for k in range(50):
                    got.append(sess.run(out, {size: sizes[k % len(sizes)]}))
            except tf.errors.OutOfRangeError as e:
                end = type(e)
            coord.request_stop()
            coord.join(threads, stop_grace_period_secs=10)
    return got, end


def _reader(tf1, path, join):
    size = tf1.placeholder(tf.int32, [], name="batch_size")
    q = tf1.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, v = tf1.TFRecordReader().read(q)
    x = tf.strings.to_number(v, tf.int32)
    if join:
        return size, tf1.train.batch_join([[x]], batch_size=size, allow_smaller_final_batch=True), None
    return size, tf1.train.batch([x], size, num_threads=1, allow_smaller_final_batch=True), None


@pytest.mark.parametrize("join", [False, True], ids=["batch", "batch_join"])
def test_a_fed_batch_size_gives_legacys_batches_of_each_fed_size(tmp_path, join):
    path = _records(tmp_path)
    build = lambda tf1: _reader(tf1, path, join)  # noqa: E731
    legacy = _run(LEGACY, build, [2, 3, 5])
    ours = _run(bridge, build, [2, 3, 5])
    assert [b.tolist() for b in legacy[0]] == [[0, 1], [2, 3, 4], [5, 6, 7, 8, 9], [10, 11]]
    assert [b.tolist() for b in ours[0]] == [b.tolist() for b in legacy[0]]
    assert ours[1] is legacy[1] is tf.errors.OutOfRangeError


def test_a_queue_filled_once_from_placeholders_then_batch_join_with_a_fed_size(tmp_path):
    """The face-recognition trainer's shape: a FIFOQueue filled once from placeholders, k readers
    dequeueing it, ``batch_join`` of their lists with a fed batch size."""
    def build(tf1):
        size = tf1.placeholder(tf.int32, [], name="batch_size")
        values = tf1.placeholder(tf.int64, [None], name="values")
        q = tf1.FIFOQueue(100, [tf.int64], shapes=[()])
        fill = q.enqueue_many([values])
        lists = [[q.dequeue() * 10] for _ in range(3)]
        out = tf1.train.batch_join(lists, batch_size=size, shapes=[()], capacity=30)

        def feed_once(sess):
            sess.run(fill, {values: np.arange(9)})
            sess.run(q.close())
        return size, out, feed_once

    legacy = _run(LEGACY, build, [4, 5])
    ours = _run(bridge, build, [4, 5])
    assert sorted(x for b in legacy[0] for x in b.tolist()) == [10 * i for i in range(9)]
    assert sorted(x for b in ours[0] for x in b.tolist()) == sorted(x for b in legacy[0] for x in b.tolist())
    assert [len(b) for b in ours[0]] == [len(b) for b in legacy[0]] == [4, 5]
    assert ours[1] is legacy[1] is tf.errors.OutOfRangeError


def test_the_fallback_is_said_once_naming_the_fed_batch_size(tmp_path):
    path = _records(tmp_path)
    with tf.Graph().as_default(), pytest.warns(FallbackWarning, match=r"batch_size .*batch_size:0.* fed"):
        _reader(bridge, path, join=False)


def test_a_constant_tensor_batch_size_still_compiles_into_tfdata(tmp_path):
    path = _records(tmp_path)
    with tf.Graph().as_default(), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        q = bridge.train.string_input_producer([path], num_epochs=1, shuffle=False)
        _, v = bridge.TFRecordReader().read(q)
        bridge.train.batch([v], tf.constant(4))
    assert not [w for w in caught if issubclass(w.category, FallbackWarning)]


@pytest.mark.parametrize("join", [False, True], ids=["batch", "batch_join"])
def test_a_read_under_a_fed_batch_size_is_tensorflows_reader_op_with_nothing_traced_for_it(tmp_path, join,
                                                                                          monkeypatch):
    """TensorFlow's batch runs the read once per element: it is TensorFlow's own reader op on the input
    producer's queue (as the fallback's reads are), so the read's tf.data iterator and end-of-data test are
    never built; only the input producer's epochs are traced (before: six functions, four for the read; then
    two, with the batch's iterator factory, now written from the dataset's nodes: ``tf_private.one_shot_iterator``)."""
    from tensorflow.python.framework import func_graph, function

    traced: collections.Counter = collections.Counter()
    for cls in (func_graph.FuncGraph, function._FuncGraph):  # noqa: SLF001 - what TensorFlow traces into
        original = cls.__init__

        def counted(graph, name=None, *args, _original=original, **kwargs):
            traced[re.sub(r"_\d+$", "", str(name))] += 1
            _original(graph, name, *args, **kwargs)

        monkeypatch.setattr(cls, "__init__", counted)
    path = _records(tmp_path)
    ours = _run(bridge, lambda tf1: _reader(tf1, path, join), [5, 3])
    assert sorted(traced.elements()) == ["Dataset_map_epoch"]
    monkeypatch.undo()
    legacy = _run(LEGACY, lambda tf1: _reader(tf1, path, join), [5, 3])
    assert [b.tolist() for b in ours[0]] == [b.tolist() for b in legacy[0]] == [[0, 1, 2, 3, 4], [5, 6, 7],
                                                                                  [8, 9, 10, 11]]
    assert ours[1] is legacy[1] is tf.errors.OutOfRangeError
