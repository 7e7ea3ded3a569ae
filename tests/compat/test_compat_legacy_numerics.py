"""The drop-in delivers legacy's very floats where the session's grappler rewrote a division by a constant.

Legacy ran the per-element ops in the session's graph, where grappler turns ``x / c`` into
``x * Reciprocal(c)``; tf.data runs a map function as written, and the quotient is one ulp from that product
for most values, so a lifted ``image / 255.0`` gave other floats than legacy's (held-out round 11: a CycleGAN
reader's ``image / 100.0 - 1.0`` and a re-identification trainer's ``tf.round(x * 1000.0) / 1000.0`` through
``batch_join``). The lifted graph gets grappler's rewrite (``compat/legacy_numerics.py``)."""

from __future__ import annotations

import os
import warnings

import numpy as np
import pytest
import tensorflow as tf

import tfdata_bridge.compat.v1 as bridge
from tfdata_bridge._src.compat import legacy_numerics

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
LEGACY = tf.compat.v1
pytestmark = pytest.mark.timeout(180)
N = 40


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("numerics") / "values.tfrecord")
    rng = np.random.RandomState(3)
    with tf.io.TFRecordWriter(path) as w:
        for i in range(N):
            example = tf.train.Example(features=tf.train.Features(feature={
                "x": tf.train.Feature(float_list=tf.train.FloatList(value=rng.rand(6) * 255)),
                "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[i]))}))
            w.write(example.SerializeToString())
    return path


PREPROCESS = {  # what real input code does to a record's floats
    "image / 255.0": lambda tf1, x: x / 255.0,
    "(x - mean) / std, module constants": lambda tf1, x: (x - 127.5) / 127.5,
    "tf.divide by a tf.constant, then a shift": lambda tf1, x: tf.divide(x, tf.constant(100.0)) - 1.0,
    "round to 1e-3": lambda tf1, x: tf.round(x * 1000.0) / 1000.0,
    "float64 division": lambda tf1, x: tf.cast(x, tf.float64) / 3.0,
    "integer division stays integer": lambda tf1, x: tf.cast(x, tf.int32) // 7,
    "a division by a tensor is left as written": lambda tf1, x: x / (tf.reduce_max(x) + 1.0),
}


def _run(tf1, path, preprocess, api):
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        q = tf1.train.string_input_producer([path], num_epochs=1, shuffle=False)
        _, serialized = tf1.TFRecordReader().read(q)
        f = tf1.parse_single_example(serialized, {"x": tf1.FixedLenFeature([6], tf.float32),
                                                  "label": tf1.FixedLenFeature([], tf.int64)})
        value = preprocess(tf1, f["x"])
        if api == "batch":
            batch = tf1.train.batch([value, f["label"]], batch_size=8, allow_smaller_final_batch=True)
        else:  # several copies of the per-element ops, as preprocessing threads
            batch = tf1.train.batch_join([[preprocess(tf1, f["x"]), f["label"]] for _ in range(2)],
                                         batch_size=8, allow_smaller_final_batch=True)
        got = {}
        with tf1.Session() as sess:
            sess.run(tf1.local_variables_initializer())
            coord = tf1.train.Coordinator()
            threads = tf1.train.start_queue_runners(sess, coord)
            try:
                while True:
                    values, labels = sess.run(batch)
                    got.update(zip(labels.tolist(), values))
            except tf.errors.OutOfRangeError:
                pass
            coord.request_stop()
            coord.join(threads, stop_grace_period_secs=10)
    return got


@pytest.mark.parametrize("api", ["batch", "batch_join"])
@pytest.mark.parametrize("name", sorted(PREPROCESS))
def test_the_drop_in_gives_legacys_floats_to_the_bit(records, name, api):
    legacy = _run(LEGACY, records, PREPROCESS[name], api)
    dropin = _run(bridge, records, PREPROCESS[name], api)
    assert sorted(legacy) == sorted(dropin) == list(range(N))
    for label in legacy:  # exact: the old drop-in differed in most elements of every division by a constant
        np.testing.assert_array_equal(dropin[label], legacy[label], err_msg=f"record {label}")


def test_only_divisions_by_a_constant_of_a_non_constant_are_rewritten():
    with tf.Graph().as_default() as g:
        x = LEGACY.placeholder(tf.float32, [3])
        n = LEGACY.placeholder(tf.int32, [3])
        outputs = [x / 2.0, tf.math.xdivy(x, 4.0), tf.realdiv(n, 2), tf.constant(1.0) / 3.0, x / x]
    graph_def = g.as_graph_def()
    assert legacy_numerics.reduce_divisions(graph_def) == 2
    ops = {n.name: n.op for n in graph_def.node}
    assert ops[outputs[0].op.name] == "Mul" and ops[outputs[1].op.name] == "MulNoNan"
    assert [ops[t.op.name] for t in outputs[2:]] == ["RealDiv", "RealDiv", "RealDiv"]
