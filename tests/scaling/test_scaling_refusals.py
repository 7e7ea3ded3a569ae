"""Issue 19: what cannot leave the process is refused before it reaches a server or a checkpoint, with
the rule, what was found and the fix (``tfdata_bridge.distribute``, ``iterator_saveable``); and
``dataset_of`` gives the dataset behind a drop-in batch call, in the structure the call returned. No
server is started here: the service's own runs are in ``test_scaling_out.py``."""

from __future__ import annotations

import threading
import warnings
from typing import Any

import numpy as np
import pytest
import tensorflow as tf

import batch_harness
import tfdata_bridge as tfdb
import tfdata_bridge.compat.v1 as bridge

SERVICE = "grpc://localhost:1"  # never contacted: every call here is refused or only builds a graph
PYTHON_RULE = ("tfdata_bridge.distribute: the tf.data service runs a pipeline's graph in its worker processes, which "
               "cannot call back into this process's Python; ")
PYTHON_FIX = ("Run the Python producer in process workers on this machine (pipeline(..., workers=N)), or move it "
              "into TensorFlow ops")
pytestmark = pytest.mark.timeout(120)


def counter() -> Any:
    for i in range(5):
        yield np.int64(i)


def in_graph(build: Any) -> Any:
    """Call ``build(bridge)`` in a fresh graph (drop-in warnings silenced); returns what it returned."""
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return build(bridge)


def test_a_spec_is_refused_naming_its_python_producers():
    spec = tfdb.pipeline(counter, dtypes="int64", shapes=[()])
    with pytest.raises(ValueError) as e:
        tfdb.distribute(spec, SERVICE)
    producers = "this spec's producers are Python code: counter (a generator producer). "
    assert str(e.value).startswith(PYTHON_RULE + producers + PYTHON_FIX), str(e.value)


@pytest.mark.parametrize("make", [
    lambda: tfdb.compile(tfdb.pipeline(counter, dtypes="int64", shapes=[()])).map(lambda x: x + 1),
    lambda: tf.data.Dataset.from_generator(counter, output_signature=tf.TensorSpec((), tf.int64)),
    lambda: tf.data.Dataset.range(4).map(lambda i: tf.py_function(lambda v: v * 2, [i], tf.int64)),
], ids=["compiled-spec-then-map", "from_generator", "py_function-in-map"])
def test_a_dataset_with_a_python_op_is_refused_naming_the_op(make):
    with pytest.raises(ValueError) as e:
        tfdb.distribute(make(), SERVICE, sharding="off")
    message = str(e.value)
    assert message.startswith(PYTHON_RULE + "this pipeline holds Python ops: ") and PYTHON_FIX in message, message
    assert "(PyFunc)" in message or "(EagerPyFunc)" in message, message


def test_a_drop_in_py_func_program_is_refused_by_distribute_and_by_iterator_saveable():
    def build(tf1: Any) -> Any:
        value = tf1.py_func(lambda: np.float32(1.5), [], tf.float32, stateful=True)
        value.set_shape([])
        out = tf1.train.batch([value * 2], batch_size=2)
        refused = []
        for call in (lambda: tfdb.distribute(out, SERVICE), lambda: tfdb.iterator_saveable(out)):
            with pytest.raises(ValueError) as e:
                call()
            refused.append(str(e.value))
        return refused

    by_distribute, by_saveable = in_graph(build)
    assert by_distribute.startswith(PYTHON_RULE + "this pipeline holds Python ops: "), by_distribute
    assert by_saveable.startswith(
        "tfdata_bridge.iterator_saveable: tf.data saves an iterator's state only for a pipeline of TensorFlow ops; "
        "where Python code has got to (a generator's position, a py_func's closure) is not saved; this pipeline "
        "holds Python ops: "), by_saveable
    assert by_saveable.endswith("or save at the end of an epoch, where nothing is in flight"), by_saveable


def test_a_pipeline_left_on_legacy_queues_is_refused_naming_the_queue_ops():
    def build(tf1: Any) -> Any:
        step = tf1.Variable(3.0)  # a variable read cannot move into tf.data: the call falls back to a queue
        out = tf1.train.batch([step.read_value() * 2], batch_size=2)
        with pytest.raises(ValueError) as e:
            tfdb.distribute(out, SERVICE)
        return str(e.value)

    message = in_graph(build)
    assert message.startswith("tfdata_bridge.distribute: a TensorFlow queue or reader op keeps its elements in this "
                              "process's session, which tfdata_bridge.distribute cannot take along; this pipeline "
                              "holds "), message
    assert "Queue" in message and "Build it from tf.data sources: with `import tfdata_bridge.compat.v1" in message


@pytest.mark.parametrize("what", ["legacy-batch", "a-plain-tensor", "a-list-of-ints", "a-string"])
def test_what_is_no_drop_in_batch_call_is_refused(what):
    def build(tf1: Any) -> Any:
        if what == "legacy-batch":
            x = tf.compat.v1.train.range_input_producer(4).dequeue()
            got = tf.compat.v1.train.batch([x], 2)
        else:
            got = {"a-plain-tensor": tf1.constant([1, 2]), "a-list-of-ints": [1, 2]}.get(what, "grpc://localhost:1")
        with pytest.raises((ValueError, TypeError)) as e:
            tfdb.distribute(got, SERVICE)
        return e

    e = in_graph(build)
    if what == "a-string":
        assert e.type is TypeError and "got str 'grpc://localhost:1'" in str(e.value), str(e.value)
    elif what == "legacy-batch":  # tensorflow.compat.v1's own queue: the fix is the drop-in
        assert e.type is ValueError and "keeps its elements in this process's session" in str(e.value)
        assert "with `import tfdata_bridge.compat.v1 as tf` the drop-in lifts readers" in str(e.value)
    else:
        assert e.type is ValueError and str(e.value).startswith(
            "tfdata_bridge.distribute takes the tensors one drop-in batch call returned"), str(e.value)
        assert "import tfdata_bridge.compat.v1 as tf" in str(e.value)


def test_a_bad_sharding_or_service_is_refused_naming_the_value():
    ds = tf.data.Dataset.range(3)
    with pytest.raises(ValueError, match=r"sharding must be 'dynamic', 'off' or a .*ShardingPolicy; got 'files'"):
        tfdb.distribute(ds, SERVICE, sharding="files")
    with pytest.raises(ValueError, match=r"service must be the dispatcher's address as 'grpc://host:port' .*got 5000"):
        tfdb.distribute(ds, 5000)
    with pytest.raises(TypeError, match="for a tf.data.Dataset in eager mode use tf.train.Checkpoint"):
        tfdb.iterator_saveable(ds)


def _numbers(tf1: Any, shape: str) -> Any:
    x = tf1.train.range_input_producer(10, num_epochs=1, shuffle=False).dequeue()
    if shape == "dict":
        return tf1.train.batch({"a": x, "b": x * 2}, 3, allow_smaller_final_batch=True)
    if shape == "one-tensor-list":  # comes back as a bare tensor, in legacy and in the drop-in
        return tf1.train.batch([x * 3], 4, allow_smaller_final_batch=True)
    return tf1.train.batch([x, tf1.cast(x, tf.float32) / 2], 4)  # drops the short last batch


@pytest.mark.parametrize("shape", ["dict", "one-tensor-list", "two-tensor-list"])
def test_dataset_of_gives_the_batches_legacy_gives_in_the_calls_structure(shape):
    legacy = batch_harness.run(tf.compat.v1, lambda tf1: _numbers(tf1, shape)).batches

    def read(tf1: Any) -> Any:
        ds = tfdb.dataset_of(_numbers(tf1, shape))
        nxt = tf1.data.make_one_shot_iterator(ds).get_next()
        got = []
        with tf1.Session() as sess:
            sess.run(tf1.local_variables_initializer())
            try:
                for _ in range(20):
                    got.append(sess.run(nxt))
            except tf.errors.OutOfRangeError:
                pass
        return got

    ours = in_graph(read)
    # tf.data has no list elements: a list comes back as a tuple (dataset_of's docstring says so)
    assert [type(b) for b in ours] == [tuple if isinstance(b, list) else type(b) for b in legacy]
    batch_harness.assert_same_batches(ours, legacy)


def test_a_source_two_calls_share_is_refused_once_the_graph_has_run(monkeypatch):
    def build(tf1: Any) -> Any:
        # two calls compete for its rows; each holds at most `capacity` and its runner's one, so neither can
        # take all of them before the first run (with 10 rows and the default 32, the second one could)
        rows = tf1.train.range_input_producer(1000, num_epochs=1, shuffle=False)
        first = tf1.train.batch([rows.dequeue()], 2, capacity=4)
        second = tf1.train.batch([rows.dequeue() * 10], 2, capacity=4)
        with tf1.Session() as sess:
            sess.run(tf1.local_variables_initializer())
            coord = tf1.train.Coordinator()
            threads = tf1.train.start_queue_runners(sess, coord)
            got = sess.run(first)  # the first run decides: the two calls share the rows
            with pytest.raises(ValueError) as e:
                tfdb.distribute(first, SERVICE)
            coord.request_stop()
            coord.join(threads, stop_grace_period_secs=10)
        return got, str(e.value)

    raised = []
    monkeypatch.setattr(threading, "excepthook", raised.append)
    first, message = in_graph(build)
    assert len(set(first.tolist())) == 2 and set(first.tolist()) <= set(range(1000))  # the other call competes
    # the shared queue's runner, started at the first run (before the coordinator), blocked on its full queue:
    # the session's close cancels its enqueue, and it ends quietly
    for thread in threading.enumerate():
        if thread.name.startswith("QueueRunnerThread-input_producer_tensorflow_queue"):
            thread.join(timeout=60)
            assert not thread.is_alive()
    assert raised == []
    assert "keeps its elements in this process's session" in message and "QueueDequeue" in message, message


def test_a_compiled_specs_iterator_cannot_be_checkpointed_by_tf_data(tmp_path):
    """What docs/scaling-out.md says TensorFlow answers (the bridge's own refusals are above)."""
    iterator = iter(tfdb.compile(tfdb.pipeline(counter, dtypes="int64", shapes=[()])))
    assert int(next(iterator)) == 0
    with pytest.raises(tf.errors.FailedPreconditionError, match="PyFunc is stateful"):
        tf.train.Checkpoint(iterator=iterator).save(str(tmp_path / "spec"))
    assert int(next(iterator)) == 1  # the iteration goes on


def test_with_the_service_set_a_drop_in_batch_call_reads_a_data_service_dataset_and_cannot_be_saved():
    from test_scaling_out import shuffled_records

    tfdb.configure(service=SERVICE)  # building contacts no dispatcher: the dataset registers when it first runs
    try:
        with tf.Graph().as_default() as graph, warnings.catch_warnings():
            warnings.simplefilter("ignore")
            batch = shuffled_records(bridge, ["never-read.tfrecord"])
            with pytest.raises(ValueError) as e:
                tfdb.iterator_saveable(batch)
            assert isinstance(tfdb.dataset_of(batch), tf.data.Dataset)  # the pipeline the service is sent
    finally:
        tfdb.configure(service=None)
    assert {node.op for f in graph.as_graph_def().library.function for node in f.node_def} >= {"DataServiceDatasetV4"}
    assert str(e.value).startswith("tfdata_bridge.iterator_saveable: this batch call reads its pipeline through the "
                                   f"tf.data service at {SERVICE} (TFDATA_BRIDGE_SERVICE or configure(service=...)), "
                                   "whose position a checkpoint does not save."), str(e.value)
