"""The drop-in delivers legacy's very floats where the session's grappler rewrote a division by a constant.

Legacy ran the per-element ops in the session's graph, where grappler turns ``x / c`` into
``x * Reciprocal(c)``; tf.data runs a map function as written, and the quotient is one ulp from that product
for most values, so a lifted ``image / 255.0`` gave other floats than legacy's (held-out round 11: a CycleGAN
reader's ``image / 100.0 - 1.0`` and a re-identification trainer's ``tf.round(x * 1000.0) / 1000.0`` through
``batch_join``). The lifted graph gets grappler's rewrite (``compat/legacy_numerics.py``).

Grappler folds a divisor from constants first (``x / tf.cast(tf.constant(255), tf.float32)``) and combines the
constants of a chain (``x + 0.11 - 127.5`` into ``x + (0.11 - 127.5)``): the lifted graph goes through the
session's own constant folding and arithmetic passes, so those are legacy's floats too (``FOLDED``)."""

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
WIDTH = 16  # floats per record: every byte value 0..255 as a float (images), then random floats


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("numerics") / "values.tfrecord")
    rng = np.random.RandomState(3)
    values = np.concatenate([np.arange(256), rng.rand(N * WIDTH - 256) * 255]).astype(np.float32)
    with tf.io.TFRecordWriter(path) as w:
        for i in range(N):
            example = tf.train.Example(features=tf.train.Features(feature={
                "x": tf.train.Feature(float_list=tf.train.FloatList(value=values[i * WIDTH:(i + 1) * WIDTH])),
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



class Normalizer:  # constants made in a class, used in a method, as model code keeps them
    def __init__(self):
        self.mean = tf.constant(127.0) + 0.5
        self.std = tf.sqrt(tf.constant(4.0)) * 32.0

    def __call__(self, x):
        return (x - self.mean) / self.std


def _folded_scale(dtype):  # a divisor made in a helper: a cast of an integer constant
    return tf.cast(tf.constant(255), dtype)


FOLDED = {  # grappler folds the divisor from constants, or combines constants: each differed in the last bit
    "divisor cast from an integer constant": lambda tf1, x: x / _folded_scale(tf.float32),
    "divisor a product of constants": lambda tf1, x: x / (tf.constant(85.0) * 3.0),
    "divisor a stateless random draw of constant seeds":
        lambda tf1, x: x / tf.random.stateless_uniform([], seed=[1, 2], minval=1.0, maxval=3.0),
    "divisor from the static shape, then constants": lambda tf1, x:
        x / tf.cast(tf.reduce_sum(tf.raw_ops.Shape(input=x)), tf.float32) + 0.3 - 0.1,
    "a chain of constants, x + 0.11 - 127.5": lambda tf1, x: x + 0.11 - 127.5,
    "constants around a sum, 0.3 - (x + 0.7)": lambda tf1, x: 0.3 - (x + 0.7),
    "a scale then a chain, x * 2 + 1 - 3": lambda tf1, x: x * 2.0 + 1.0 - 3.0,
    "a class's constants": lambda tf1, x: Normalizer()(x),
    "float64: a chain of constants": lambda tf1, x: tf.cast(x, tf.float64) + 0.11 - 127.5,
    "float64: divisor cast from an integer constant": lambda tf1, x: tf.cast(x, tf.float64) / _folded_scale(tf.float64),
    "float16: divisor a product of constants": lambda tf1, x: tf.cast(x, tf.float16) / (tf.constant(85.0, tf.float16) * 3.0),
    "only the static size is read (the record's value no longer)":
        lambda tf1, x: tf.cast(tf.raw_ops.Size(input=x), tf.float32) / 3.0 + tf.cast(tf.shape(x)[0], tf.float32),
}


def _run(tf1, path, preprocess, api, session="Session"):
    """The records' preprocessed values by label. ``session``: ``"Session"``; ``"interactive"``, an
    ``InteractiveSession`` made before the pipeline; ``"interactive-after"``, made after it (its warnings kept in
    the result under ``"warnings"``)."""
    with tf.Graph().as_default(), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        early = tf1.InteractiveSession() if session == "interactive" else None
        q = tf1.train.string_input_producer([path], num_epochs=1, shuffle=False)
        _, serialized = tf1.TFRecordReader().read(q)
        f = tf1.parse_single_example(serialized, {"x": tf1.FixedLenFeature([WIDTH], tf.float32),
                                                  "label": tf1.FixedLenFeature([], tf.int64)})
        value = preprocess(tf1, f["x"])
        if api == "batch":
            batch = tf1.train.batch([value, f["label"]], batch_size=8, allow_smaller_final_batch=True)
        else:  # several copies of the per-element ops, as preprocessing threads
            batch = tf1.train.batch_join([[preprocess(tf1, f["x"]), f["label"]] for _ in range(2)],
                                         batch_size=8, allow_smaller_final_batch=True)
        got = {}
        sess = early or (tf1.InteractiveSession() if session == "interactive-after" else tf1.Session())
        with sess.as_default():
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
        sess.close()
    if session == "interactive-after":
        got["warnings"] = [str(w.message) for w in caught]
    return got


@pytest.mark.parametrize("api", ["batch", "batch_join"])
@pytest.mark.parametrize("name", sorted(PREPROCESS))
def test_the_drop_in_gives_legacys_floats_to_the_bit(records, name, api):
    legacy = _run(LEGACY, records, PREPROCESS[name], api)
    dropin = _run(bridge, records, PREPROCESS[name], api)
    assert sorted(legacy) == sorted(dropin) == list(range(N))
    for label in legacy:  # exact: the old drop-in differed in most elements of every division by a constant
        np.testing.assert_array_equal(dropin[label], legacy[label], err_msg=f"record {label}")


@pytest.mark.parametrize("name", ["image / 255.0", "a chain of constants, x + 0.11 - 127.5"])
def test_under_an_interactive_session_the_ops_run_as_written_as_legacys_did(records, name):
    # (an InteractiveSession places the pruned graph, and grappler rewrites none of its ops: no reciprocal, no
    # folded chain; round 63's dashcam reader under the drop-in gave the Session's product, one ulp off)
    preprocess = {**PREPROCESS, **FOLDED}[name]
    legacy = _run(LEGACY, records, preprocess, "batch", "interactive")
    dropin = _run(bridge, records, preprocess, "batch", "interactive")
    assert sorted(legacy) == sorted(dropin) == list(range(N))
    for label in legacy:
        np.testing.assert_array_equal(dropin[label], legacy[label], err_msg=f"record {label}")


def test_an_interactive_session_made_after_its_pipeline_warns_of_the_session_arithmetic(records):
    # (the pipeline was built, with a Session's arithmetic, before the session was known: said, with the fix)
    got = _run(bridge, records, PREPROCESS["image / 255.0"], "batch", "interactive-after")
    said = [w for w in got.pop("warnings") if "InteractiveSession made after" in w]
    assert len(said) == 1 and "Make the InteractiveSession before" in said[0], said
    assert sorted(got) == list(range(N))


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


@pytest.mark.parametrize("name", sorted(FOLDED))
def test_divisors_folded_from_constants_and_constant_chains_give_legacys_floats(records, name):
    legacy = _run(LEGACY, records, FOLDED[name], "batch")
    dropin = _run(bridge, records, FOLDED[name], "batch")
    assert sorted(legacy) == sorted(dropin) == list(range(N))
    for label in legacy:
        np.testing.assert_array_equal(dropin[label], legacy[label], err_msg=f"record {label}")


def test_the_session_passes_fold_a_lifted_graph_and_give_back_its_frontier():
    with tf.Graph().as_default() as g:
        x = LEGACY.placeholder(tf.float32, [256], name="frontier_value")
        y = x / tf.cast(tf.constant(255), tf.float32)
        z = x + 0.11 - 127.5
        size = tf.cast(tf.raw_ops.Size(input=x), tf.float32) / 3.0
    outputs = [y, z, size]
    lifted = LEGACY.GraphDef()
    lifted.node.extend(n for n in g.as_graph_def().node if n.name != "frontier_value")
    rewritten = legacy_numerics.session_passes(lifted, {"frontier_value:0": (tf.float32, x.shape)},
                                               [t.op.name for t in outputs])
    assert rewritten is not None
    ops = {n.name: n for n in rewritten.node}
    assert not {"Placeholder", "EnsureShape"} & {n.op for n in rewritten.node}  # the stand-in is gone
    assert ops[y.op.name].op == "Mul"  # the divisor folded, then the reciprocal taken

    def reads(name, seen=()):
        inputs = {i.lstrip("^").split(":")[0] for i in ops[name].input} if name in ops else set()
        return {name} | set().union(*(reads(i, seen + (name,)) for i in inputs if i not in seen))

    assert "frontier_value" in reads(y.op.name) and "frontier_value" not in reads(size.op.name)  # size folded
    readers = [n.name for n in rewritten.node for i in n.input if i.split(":")[0].lstrip("^") == "frontier_value"]
    assert readers and all(not i.startswith("^frontier_value") for n in rewritten.node for i in n.input)
    position = {n.name: k for k, n in enumerate(rewritten.node)}  # each node after the nodes it reads
    assert all(position[i.lstrip("^").split(":")[0]] < position[n.name] for n in rewritten.node
               for i in n.input if i.lstrip("^").split(":")[0] in position)
    values = np.arange(256, dtype=np.float32)
    with LEGACY.Session(graph=g) as sess:
        want = sess.run(outputs, {x: values})
    with tf.Graph().as_default():
        feed = tf.constant(values)
        got_tensors = LEGACY.import_graph_def(rewritten, input_map={"frontier_value:0": feed},
                                              return_elements=[t.name for t in outputs])
        with LEGACY.Session() as sess:
            got = sess.run(got_tensors)
    for w, v in zip(want, got):
        np.testing.assert_array_equal(v, w)


def test_a_lifted_graph_without_floating_point_ops_is_not_given_to_grappler():
    with tf.Graph().as_default() as g:
        n = LEGACY.placeholder(tf.int32, [3], name="n")
        out = (n + 1) * 2 // 3
    lifted = LEGACY.GraphDef()
    lifted.node.extend(node for node in g.as_graph_def().node if node.name != "n")
    assert legacy_numerics.session_passes(lifted, {"n:0": (tf.int32, n.shape)}, [out.op.name]) is None


QUEUED = {  # the value is a hand-built queue's dequeue, read by the lifted ops: its static shape is known
    "divisor the value's size": lambda x: x / tf.cast(tf.raw_ops.Size(input=x), tf.float32),
    "divisor from the value's shape, then a chain": lambda x:
        x / tf.cast(tf.raw_ops.Shape(input=x)[0] * 3, tf.float32) + 0.11 - 127.5,
}


def _run_queue(tf1, preprocess):
    values = np.concatenate([np.arange(256), np.random.RandomState(1).rand(256) * 255]).astype(np.float32)
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        q = tf1.FIFOQueue(64, [tf.float32, tf.int64], shapes=[[WIDTH], []])
        fill = q.enqueue_many([tf.constant(values.reshape(-1, WIDTH)), tf.range(len(values) // WIDTH, dtype=tf.int64)])
        x, label = q.dequeue()
        batch = tf1.train.batch([preprocess(x), label], batch_size=8)
        got = {}
        with tf1.Session() as sess:
            sess.run(fill)
            sess.run(q.close())
            coord = tf1.train.Coordinator()
            threads = tf1.train.start_queue_runners(sess, coord)
            try:
                while True:
                    values_, labels = sess.run(batch)
                    got.update(zip(labels.tolist(), values_))
            except tf.errors.OutOfRangeError:
                pass
            coord.request_stop()
            coord.join(threads, stop_grace_period_secs=10)
    return got


@pytest.mark.parametrize("name", sorted(QUEUED))
def test_a_queued_values_static_shape_is_folded_as_the_session_folded_it(name):
    legacy = _run_queue(LEGACY, QUEUED[name])
    dropin = _run_queue(bridge, QUEUED[name])
    assert sorted(legacy) == sorted(dropin) == list(range(512 // WIDTH))
    for label in legacy:
        np.testing.assert_array_equal(dropin[label], legacy[label], err_msg=f"element {label}")


def test_where_grapplers_passes_cannot_run_the_ops_stay_on_legacys_queues(records, monkeypatch):
    from tfdata_bridge._src import tf_private
    from tfdata_bridge._src.compat import lifting

    tried = []
    monkeypatch.setattr(tf_private, "optimize_graph", lambda meta, config: tried.append(meta) and None)
    preprocess = FOLDED["a chain of constants, x + 0.11 - 127.5"]
    legacy = _run(LEGACY, records, preprocess, "batch")
    dropin = _run(bridge, records, preprocess, "batch")
    assert tried  # the lift was refused, not made with other floats: TensorFlow's own batch ran the ops
    for label in legacy:
        np.testing.assert_array_equal(dropin[label], legacy[label], err_msg=f"record {label}")
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        q = bridge.train.string_input_producer([records], num_epochs=1, shuffle=False)
        _, serialized = bridge.TFRecordReader().read(q)
        x = bridge.parse_single_example(serialized, {"x": bridge.FixedLenFeature([WIDTH], tf.float32)})["x"]
        blocker = lifting.analyze([preprocess(bridge, x)])
    assert isinstance(blocker, lifting.Blocker)
    assert "computes in floating point" in blocker.describe() and "grappler" in blocker.describe()
