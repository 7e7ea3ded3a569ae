"""Issue 19 item 2, for an unchanged program: ``TFDATA_BRIDGE_SERVICE=grpc://host:port`` (or
``tfdata_bridge.configure(service=...)``) sends each native batch call of the drop-in through the tf.data
service; a Python producer runs here with one ``ServiceWarning`` (or raises, when strict).

One child process (this file run as a script) starts a dispatcher and two workers on ports the system
picks, runs the legacy programs with ``tensorflow.compat.v1``, then sets the variables (only then is the
dispatcher's port known) and runs the same sources with their import line made the drop-in's. It reports
what each delivered, the service ops in the drop-in's graph, the warnings, its listening ports and child
processes; once it has ended none may be left. The settings' own checks run here (no TensorFlow needed)."""

from __future__ import annotations

import collections
import json
import os
import sys
import warnings
from typing import Any

import pytest
from child_results import results_of
from process_leftovers import children_of, listening_ports, still_open

CHILD_TIMEOUT_S = 240
pytestmark = pytest.mark.timeout(CHILD_TIMEOUT_S + 60)
PROGRAMS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "legacy_programs")


def _source(name: str, module: str) -> str:
    with open(os.path.join(PROGRAMS, name)) as f:
        return f.read().replace("import tensorflow.compat.v1 as tf\n", f"import {module} as tf\n")


def _run(name: str, module: str, data_dir: str) -> dict[str, Any]:
    """The legacy program ``name`` (its ``main(data_dir)``) with ``module`` as its ``tf``, in a fresh graph:
    what it delivered (sorted), the service ops in its graph, and the ``ServiceWarning``s (or the error)."""
    import tensorflow as tf

    from tfdata_bridge._src.warnings import ServiceWarning

    namespace: dict[str, Any] = {}
    out: dict[str, Any] = {}
    with tf.Graph().as_default() as graph, warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        exec(compile(_source(name, module), name, "exec"), namespace)
        try:
            result = namespace["main"](data_dir)
        except ValueError as e:
            out["error"] = str(e)
            result = {"batches": [], "end": None}
    out["elements"] = sorted(json.dumps([b[k][i] for k in sorted(b)]) for b in result["batches"]
                             for i in range(len(b[sorted(b)[0]])))
    out["end"] = result["end"]
    out["batch_sizes"] = [len(b[sorted(b)[0]]) for b in result["batches"]]
    out["service_ops"] = sorted({node.op for f in graph.as_graph_def().library.function for node in f.node_def
                                 if node.op.startswith("DataService")})
    out["warnings"] = [str(w.message) for w in caught if issubclass(w.category, ServiceWarning)]
    return out


def bad_record_program(tf1: Any, name: str) -> dict[str, Any]:
    """Ten records in one file, the seventh missing its feature: batches of 4 until the error."""
    import tensorflow as tf

    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        queue = tf1.train.string_input_producer([name], num_epochs=1, shuffle=False)
        _, serialized = tf1.TFRecordReader().read(queue)
        parsed = tf1.parse_single_example(serialized, {"x": tf1.FixedLenFeature([], tf.int64)})
        batch = tf1.train.batch([parsed["x"]], 4, allow_smaller_final_batch=True)
        got: dict[str, Any] = {"batches": []}
        with tf1.Session() as sess:
            sess.run(tf1.local_variables_initializer())
            try:
                for _ in range(10):
                    got["batches"].append(sess.run(batch).tolist())
            except tf.errors.OpError as e:
                got["error"] = type(e).__name__
    return got


def write_bad_records(path: str) -> str:
    import tensorflow as tf

    with tf.io.TFRecordWriter(path) as writer:
        for i in range(10):
            feature = {} if i == 6 else {"x": tf.train.Feature(int64_list=tf.train.Int64List(value=[i]))}
            writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
    return path


def write_int32_records(path: str) -> list[str]:
    """Nine records of three int32 each, ``[i, 10 i, -i]``."""
    import numpy as np
    import tensorflow as tf

    with tf.io.TFRecordWriter(path) as writer:
        for i in range(9):
            writer.write(np.array([i, 10 * i, -i], np.int32).tobytes())
    return [path]


def int32_program(tf1: Any, names: list[str]) -> Any:
    """A float moved and an int32 label, batched by 4 (the last batch short)."""
    queue = tf1.train.string_input_producer(names, num_epochs=1, shuffle=False)
    _, value = tf1.TFRecordReader().read(queue)
    v = tf1.reshape(tf1.io.decode_raw(value, tf1.int32), [3])
    return tf1.train.batch([tf1.cast(v[1:], tf1.float32), v[0]], 4, allow_smaller_final_batch=True)


def _child(data_dir: str) -> None:
    import time

    import tensorflow as tf

    clock = [time.monotonic()]
    seconds: dict[str, float] = {}

    def lap(what: str) -> None:  # where the child's time goes
        seconds[what], clock[0] = round(time.monotonic() - clock[0], 2), time.monotonic()

    sys.path.insert(0, PROGRAMS)
    import batch_harness
    from make_data import make_data
    from test_scaling_out import PROGRAMS as VARIANTS
    from test_scaling_out import elements, run_drop_in, write_records

    import tfdata_bridge
    import tfdata_bridge.compat.v1  # noqa: F401 - the drop-in, for the variant's graph

    make_data(data_dir, csv_lines=1)
    results: dict[str, Any] = {"seconds": seconds}
    lap("start")
    service = tf.data.experimental.service
    dispatcher = service.DispatchServer(service.DispatcherConfig(port=0))
    address = dispatcher.target.split("://", 1)[1]
    workers = [service.WorkerServer(service.WorkerConfig(dispatcher_address=address, port=0, heartbeat_interval_ms=100))
               for _ in range(2)]
    results["listening"] = listening_ports()
    for program in ("tfrecord_shuffle_batch.py", "pyfunc_batch.py"):
        results[f"{program} legacy"] = _run(program, "tensorflow.compat.v1", data_dir)
        lap(f"{program} legacy")

    os.environ["TFDATA_BRIDGE_SERVICE"] = dispatcher.target  # the program itself is unchanged
    results["dynamic"] = _run("tfrecord_shuffle_batch.py", "tfdata_bridge.compat.v1", data_dir)
    lap("dynamic")
    os.environ["TFDATA_BRIDGE_SERVICE_SHARDING"] = "OFF"
    results["off"] = _run("tfrecord_shuffle_batch.py", "tfdata_bridge.compat.v1", data_dir)
    lap("off")
    del os.environ["TFDATA_BRIDGE_SERVICE_SHARDING"]
    results["python producer"] = _run("pyfunc_batch.py", "tfdata_bridge.compat.v1", data_dir)
    lap("python producer")
    os.environ["TFDATA_BRIDGE_SERVICE_STRICT"] = "1"
    results["python producer strict"] = _run("pyfunc_batch.py", "tfdata_bridge.compat.v1", data_dir)
    lap("python producer strict")
    del os.environ["TFDATA_BRIDGE_SERVICE_STRICT"]
    bad = write_bad_records(os.path.join(data_dir, "bad.tfrecord"))
    results["bad record"] = bad_record_program(tfdata_bridge.compat.v1, bad)
    del os.environ["TFDATA_BRIDGE_SERVICE"]
    results["bad record here"] = bad_record_program(tfdata_bridge.compat.v1, bad)
    lap("bad record")

    # configure() instead of the variable, given the server itself; another program's shape (a reader in a
    # helper, a dict through train.batch, files in order, two epochs)
    names = write_records(data_dir)
    build = VARIANTS["two_epochs_in_order"]
    results["variant legacy"] = elements(batch_harness.run(tf.compat.v1, lambda tf1: build(tf1, names)).batches)
    lap("variant legacy")
    tfdata_bridge.configure(service=dispatcher)
    results["variant configured"] = elements(run_drop_in(build, names))
    lap("variant configured")
    with tf.Graph().as_default() as graph:
        build(tfdata_bridge.compat.v1, names)
        results["variant service_ops"] = sorted({node.op for f in graph.as_graph_def().library.function
                                                 for node in f.node_def if node.op.startswith("DataService")})
    # functions with an int32 result on one device (single_device.py): the workers rewrite the pipeline with
    # the batch's options (inject_prefetch off), so such a function is never taken for a pipeline there either
    labelled = write_int32_records(os.path.join(data_dir, "int32.tfrecord"))
    results["int32 legacy"] = elements(batch_harness.run(tf.compat.v1, lambda tf1: int32_program(tf1, labelled)).batches)
    results["int32 configured"] = elements(run_drop_in(int32_program, labelled))
    with tf.Graph().as_default() as graph:
        int32_program(tfdata_bridge.compat.v1, labelled)
        library = graph.as_graph_def().library.function
        results["int32 service_ops"] = sorted({node.op for f in library for node in f.node_def
                                               if node.op.startswith("DataService")})
        results["int32 single-device"] = [f.signature.name for f in library if "experimental_ints_on_device" in f.attr
                                          and any(a.type == tf.int32.as_datatype_enum for a in f.signature.output_arg)]
    lap("int32 results")
    tfdata_bridge.configure(service=None)

    # a Python producer's output written by `tfdata-bridge materialize`, read natively through the service
    from test_scaling_materialize import rows_spec

    from tfdata_bridge._src.scaling import materialize

    materialize.write(rows_spec(), os.path.join(data_dir, "materialized"), 3)
    distributed = tfdata_bridge.distribute(tfdata_bridge.materialized(os.path.join(data_dir, "materialized")),
                                           dispatcher.target)
    results["materialized"] = sorted(int(label) for _, label, _ in distributed)
    lap("materialized")
    del workers, dispatcher
    results["children"] = children_of(os.getpid())
    print("RESULT " + json.dumps(results), flush=True)


@pytest.fixture(scope="module")
def child(tmp_path_factory: Any) -> dict[str, Any]:
    return results_of(__file__, CHILD_TIMEOUT_S, str(tmp_path_factory.mktemp("service_dropin")))


def test_the_unchanged_tfrecord_program_through_two_service_workers_gives_the_legacy_multiset(child):
    legacy, dynamic = child["tfrecord_shuffle_batch.py legacy"], child["dynamic"]
    assert len(legacy["elements"]) == 2 * 4 * 45  # two epochs of the four files
    assert dynamic["service_ops"], "the drop-in's graph reads no DataServiceDataset"
    assert dynamic["elements"] == legacy["elements"]
    assert dynamic["end"] == legacy["end"] == "OutOfRangeError"
    assert dynamic["warnings"] == []
    assert legacy["service_ops"] == []


def test_dynamic_sharding_delivers_each_element_once_per_epoch(child):
    counts = collections.Counter(child["dynamic"]["elements"])
    assert collections.Counter(counts.values()) == {2: 4 * 45}  # each record once in each of two epochs
    # batches were made on the workers: each ends its part of the data with its own short batch
    assert sum(size < 32 for size in child["dynamic"]["batch_sizes"]) >= 1


def test_sharding_off_has_each_worker_run_the_whole_pipeline(child):
    legacy = child["tfrecord_shuffle_batch.py legacy"]["elements"]
    assert child["off"]["service_ops"]
    assert child["off"]["elements"] == sorted(legacy * 2)


def test_a_python_producer_runs_here_with_one_warning_saying_why(child):
    legacy, got = child["pyfunc_batch.py legacy"], child["python producer"]
    assert got["elements"] == legacy["elements"] and len(legacy["elements"]) == 48
    assert got["service_ops"] == []
    assert len(got["warnings"]) == 1, got["warnings"]
    message = got["warnings"][0]
    for words in ("tf.train.batch", "runs in this process, not through the tf.data service at grpc://",
                  "cannot call back into this process's Python", "(the program's Python code: py_func 'PyFunc')",
                  "configure(workers=N)",
                  "tfdata-bridge materialize", "TFDATA_BRIDGE_SERVICE_STRICT=1"):
        assert words in message, (words, message)


def test_strict_refuses_a_python_producer_with_the_same_reason(child):
    got = child["python producer strict"]
    assert got["elements"] == [] and got["warnings"] == []
    assert "cannot be read through the tf.data service at grpc://" in got["error"]
    assert "this pipeline holds Python ops: " in got["error"]
    assert "(the program's Python code: py_func 'PyFunc')" in got["error"]
    assert "unset TFDATA_BRIDGE_SERVICE_STRICT" in got["error"]


def test_a_bad_record_through_the_service_fails_its_whole_batch(child):
    # here the drop-in retries the failed batch record by record: the good records before the bad one arrive
    assert child["bad record here"] == {"batches": [[0, 1, 2, 3], [4, 5]], "error": "InvalidArgumentError"}
    # through the service the batch's records stay on the worker: the error, as the worker raised it, ends it.
    # The worker hands out its buffer or its error, whichever it has when asked: a batch it made before the
    # bad record arrives or not, by timing, but never a wrong or repeated one, and the error always arrives
    got = child["bad record"]
    assert got["error"] == "InvalidArgumentError", got
    assert got["batches"] in ([], [[0, 1, 2, 3]]), got


def test_configure_service_sends_another_program_shape(child):
    legacy = child["variant legacy"]
    assert collections.Counter(collections.Counter(legacy).values()) == {2: 21}
    assert child["variant service_ops"]
    assert child["variant configured"] == legacy


def test_a_pipeline_with_int32_results_on_one_device_goes_through_the_service(child):
    legacy = child["int32 legacy"]
    assert len(legacy) == 9
    assert child["int32 service_ops"], "the drop-in's graph reads no DataServiceDataset"
    assert child["int32 single-device"], "no function with an int32 result is on one device"
    assert child["int32 configured"] == legacy  # (each element once: dynamic sharding of one epoch)


def test_the_service_takes_what_materialize_wrote_each_element_once(child):
    from test_scaling_materialize import N

    assert child["materialized"] == list(range(N))  # dynamic sharding over the files: once per epoch


def test_the_child_leaves_no_port_and_no_process_behind(child):
    assert len(child["listening"]) >= 3, child["listening"]  # the dispatcher and two workers listened
    assert child["children"] == []
    assert still_open(child["listening"]) == []


if __name__ == "__main__":
    _child(sys.argv[1])
