"""Issue 19, items 2-4: the drop-in's file pipelines through the tf.data service, compiled specs under
``tf.distribute``, and a drop-in pipeline's iterator saved mid-epoch and restored in a new process.

What needs a process of its own runs in one child (this file run as a script, once for the module): a
local dispatcher and two workers (TensorFlow's own, in the child, on ports the system picks), the legacy
programs beside the drop-in's through the service, ``MirroredStrategy`` over two logical CPUs (set
before TensorFlow starts), and the restore of a checkpoint this process saved halfway through an epoch.
The child reports its listening ports and child processes; once it has ended, none may be left.
The refusals run here, in the test process: they reach no server."""

from __future__ import annotations

import collections
import functools
import json
import os
import subprocess
import sys
import time
import warnings
from typing import Any

import numpy as np
import pytest
from process_leftovers import children_of, listening_ports, still_open

CHILD_TIMEOUT_S = 240
FILES, RECORDS = 3, 7  # 21 records: batches of 4 and 5 straddle files and end short
pytestmark = pytest.mark.timeout(CHILD_TIMEOUT_S + 60)


# --- the legacy programs (built with the module they are given: tensorflow.compat.v1 or the drop-in) ---


def _features(tf1: Any) -> dict[str, Any]:
    return {"x": tf1.FixedLenFeature([], "int64"), "y": tf1.FixedLenFeature([2], "float32")}


def shuffled_records(tf1: Any, names: list[str]) -> Any:
    """The issue's program: string_input_producer + TFRecordReader + parse_single_example + shuffle_batch."""
    filename_queue = tf1.train.string_input_producer(names, num_epochs=1, shuffle=True, seed=3)
    reader = tf1.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    parsed = tf1.parse_single_example(serialized, features=_features(tf1))
    return tf1.train.shuffle_batch([parsed["x"], parsed["y"]], batch_size=4, capacity=30, min_after_dequeue=10,
                                   allow_smaller_final_batch=True)


def read_and_decode(tf1: Any, queue: Any) -> Any:
    _, serialized = tf1.TFRecordReader().read(queue)  # an inline reader, in a helper
    return tf1.parse_single_example(serialized, _features(tf1))


def two_epochs_in_order(tf1: Any, names: list[str]) -> Any:
    """A variant: the reader in a helper, a dict through train.batch, two epochs, files in order."""
    example = read_and_decode(tf1, tf1.train.string_input_producer(names, num_epochs=2, shuffle=False))
    return tf1.train.batch(example, batch_size=5, allow_smaller_final_batch=True)


class Lines:
    """A class holding a known CSV list read in order for one epoch (read here without a per-file function:
    ``readers.file_reads``), batched with a short last batch."""

    def __init__(self, tf1: Any, names: list[str]) -> None:
        self.tf1 = tf1
        self.queue = tf1.train.string_input_producer(names, num_epochs=1, shuffle=False)

    def batches(self) -> Any:
        _, line = self.tf1.TextLineReader().read(self.queue)
        x, y = self.tf1.decode_csv(line, [[0], [0.0]])
        return self.tf1.train.batch([x, y], batch_size=6, allow_smaller_final_batch=True)


def csv_lines(tf1: Any, names: list[str]) -> Any:
    return Lines(tf1, names).batches()


PROGRAMS = {"shuffled_records": shuffled_records, "two_epochs_in_order": two_epochs_in_order}


def elements(batches: list[Any]) -> list[str]:
    """Every element of the batches (lists or dicts of arrays) as a sorted list of ``repr`` strings."""
    out = []
    for batch in batches:
        comps = [batch[k] for k in sorted(batch)] if isinstance(batch, dict) else list(batch)
        out.extend(repr(tuple(np.asarray(c[i]).tolist() for c in comps)) for i in range(len(comps[0])))
    return sorted(out)


def one_epoch() -> list[str]:
    return sorted(repr((i, [float(i), i + 0.5])) for i in range(FILES * RECORDS))


def write_records(root: str) -> list[str]:
    import tensorflow as tf

    names = []
    for f in range(FILES):
        names.append(os.path.join(root, f"part-{f}.tfrecord"))
        with tf.io.TFRecordWriter(names[-1]) as writer:
            for r in range(RECORDS):
                i = f * RECORDS + r
                writer.write(tf.train.Example(features=tf.train.Features(feature={
                    "x": tf.train.Feature(int64_list=tf.train.Int64List(value=[i])),
                    "y": tf.train.Feature(float_list=tf.train.FloatList(value=[i, i + 0.5])),
                })).SerializeToString())
    return names


def write_lines(root: str) -> list[str]:
    """``FILES`` CSV files of ``RECORDS`` lines ``i,i.5``."""
    names = []
    for f in range(FILES):
        names.append(os.path.join(root, f"part-{f}.csv"))
        with open(names[-1], "w") as out:
            out.write("".join(f"{i},{i}.5\n" for i in range(f * RECORDS, (f + 1) * RECORDS)))
    return names


def run_drop_in(build: Any, names: list[str], *, through: Any = None, saver: str | None = None,
                steps: int | None = None) -> list[Any]:
    """``build`` with the drop-in in a fresh graph; read its batch tensors (or ``through(tensors)``, a
    dataset read by an iterator of its own) for ``steps`` runs or until ``OutOfRangeError``. ``saver``:
    a checkpoint prefix; with ``steps`` the iterator's state is saved there after them, without it
    restored from there first."""
    import tensorflow as tf

    import tfdata_bridge
    import tfdata_bridge.compat.v1 as bridge

    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = build(bridge, names)
        if through is not None:
            out = bridge.data.make_one_shot_iterator(through(out)).get_next()
        if saver is not None:
            bridge.add_to_collection(bridge.GraphKeys.SAVEABLE_OBJECTS, tfdata_bridge.iterator_saveable(out))
            saving = bridge.train.Saver()
        batches = []
        with bridge.Session() as sess:
            sess.run(bridge.local_variables_initializer())
            if saver is not None and steps is None:
                saving.restore(sess, saver)
            try:
                for _ in range(steps or 1000):
                    batches.append(sess.run(out))
            except tf.errors.OutOfRangeError:
                pass
            if saver is not None and steps is not None:
                saving.save(sess, saver)
    return batches


# --- the child ---------------------------------------------------------------------------------------


def _mirrored(tf: Any) -> dict[str, Any]:
    """A compiled spec under MirroredStrategy over two logical CPUs, both ways of distributing input."""
    import tfdata_bridge as tfdb

    strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
    spec = tfdb.pipeline(functools.partial(numbers, 40), dtypes="int64", shapes=[()], capacity=8, batch_size=6,
                         allow_smaller_final_batch=True)
    seen: dict[str, Any] = {"replicas": strategy.num_replicas_in_sync}

    def per_replica(dist: Any, key: str) -> None:
        seen[key], seen[key + "_sizes"] = [], []
        for batch in dist:
            local = strategy.experimental_local_results(batch)
            seen[key + "_sizes"].append([int(v.shape[0]) for v in local])
            for value in local:
                seen[key].extend(value.numpy().tolist())

    per_replica(strategy.experimental_distribute_dataset(tfdb.compile(spec)), "distribute_dataset")
    per_replica(strategy.distribute_datasets_from_function(functools.partial(dataset_fn, 40, 6)), "from_function")
    return seen


def numbers(n: int, shard: int = 0, num_shards: int = 1) -> Any:
    """A generator producer taking its share of 0..n-1 (every ``num_shards``-th from ``shard``)."""
    for i in range(shard, n, num_shards):
        yield np.int64(i)


def dataset_fn(n: int, global_batch: int, ctx: Any) -> Any:
    """The recipe of docs/scaling-out.md: each input pipeline makes its shard, in per-replica batches."""
    import tfdata_bridge as tfdb

    producer = functools.partial(numbers, n, ctx.input_pipeline_id, ctx.num_input_pipelines)
    return tfdb.compile(tfdb.pipeline(producer, dtypes="int64", shapes=[()], capacity=8,
                                      batch_size=ctx.get_per_replica_batch_size(global_batch),
                                      allow_smaller_final_batch=True))


def _child(args: dict[str, Any]) -> None:
    import tensorflow as tf

    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
    import batch_harness

    import tfdata_bridge as tfdb

    names = args["names"]
    results: dict[str, Any] = {"seconds": {}}
    clock = time.monotonic()

    def lap(what: str) -> None:  # where the child's time goes, for the failure message and --durations work
        nonlocal clock
        results["seconds"][what], clock = round(time.monotonic() - clock, 2), time.monotonic()

    service = tf.data.experimental.service
    dispatcher = service.DispatchServer(service.DispatcherConfig(port=0))
    address = dispatcher.target.split("://", 1)[1]
    # heartbeats every 100 ms (default 30 s): a job's end reaches the workers sooner
    workers = [service.WorkerServer(service.WorkerConfig(dispatcher_address=address, port=0, heartbeat_interval_ms=100))
               for _ in range(2)]
    results["listening"] = listening_ports()
    lap("start")
    for name, build in PROGRAMS.items():
        legacy = batch_harness.run(tf.compat.v1, functools.partial(build, names=names), limit=1000)
        results[f"{name} legacy"] = elements(legacy.batches)
        lap(f"{name} legacy")
        for sharding in ("dynamic", "off") if name == "shuffled_records" else ("dynamic",):
            service_at = dispatcher if name == "shuffled_records" else dispatcher.target  # the server, its address
            through = functools.partial(tfdb.distribute, service=service_at, sharding=sharding)
            results[f"{name} {sharding}"] = elements(run_drop_in(build, names, through=through))
            lap(f"{name} {sharding}")
    # dataset_of handed on: a known list the batch tensors read without a per-file function, in the form the
    # service splits (issue 16)
    results["csv_lines legacy"] = elements(batch_harness.run(tf.compat.v1, functools.partial(
        csv_lines, names=args["lines"]), limit=1000).batches)
    target = dispatcher.target
    results["csv_lines dynamic"] = elements(run_drop_in(csv_lines, args["lines"], through=lambda out: (
        tfdb.distribute(tfdb.dataset_of(out), service=target))))
    lap("csv_lines")
    results["mirrored"] = _mirrored(tf)
    lap("mirrored")
    results["restored"] = elements(run_drop_in(shuffled_records, names, saver=args["checkpoint"]))
    lap("restored")
    del workers, dispatcher
    results["children"] = children_of(os.getpid())
    print("RESULT " + json.dumps(results), flush=True)


@pytest.fixture(scope="module")
def child(tmp_path_factory: Any) -> dict[str, Any]:
    """Write the files, save a checkpoint halfway through an epoch here, then run the child once."""
    root = tmp_path_factory.mktemp("scaling")
    names = write_records(str(root))
    lines = write_lines(str(root))
    checkpoint = str(root / "input")
    first_half = run_drop_in(shuffled_records, names, saver=checkpoint, steps=3)
    from child_results import child_env

    env = child_env()  # tests/ on the path: the child imports batch_harness
    done = subprocess.run([sys.executable, __file__, json.dumps({"names": names, "lines": lines, "checkpoint": checkpoint})],
                          capture_output=True, text=True, env=env, timeout=CHILD_TIMEOUT_S)
    lines = [line for line in done.stdout.splitlines() if line.startswith("RESULT ")]
    assert lines, done.stdout[-2000:] + done.stderr[-4000:]
    results = json.loads(lines[-1][len("RESULT "):])
    results["first half"] = elements(first_half)
    results["returncode"] = done.returncode
    return results


# --- the tf.data service -----------------------------------------------------------------------------


def test_the_drop_in_tfrecord_program_through_two_service_workers_gives_the_legacy_multiset(child):
    assert child["shuffled_records legacy"] == one_epoch()
    assert child["shuffled_records dynamic"] == child["shuffled_records legacy"]


def test_dynamic_sharding_delivers_each_element_once_per_epoch(child):
    legacy = child["two_epochs_in_order legacy"]
    assert collections.Counter(collections.Counter(legacy).values()) == {2: FILES * RECORDS}
    assert child["two_epochs_in_order dynamic"] == legacy


def test_dataset_of_a_list_read_without_a_per_file_function_is_split_by_the_service(child):
    legacy = child["csv_lines legacy"]
    assert legacy == sorted(repr((i, i + 0.5)) for i in range(FILES * RECORDS))
    assert child["csv_lines dynamic"] == legacy


def test_sharding_off_has_each_of_the_two_workers_run_the_whole_pipeline(child):
    assert child["shuffled_records off"] == sorted(one_epoch() * 2)


def test_the_service_leaves_no_port_and_no_process_behind(child):
    import multiprocessing

    assert len(child["listening"]) >= 3, child["listening"]  # the dispatcher and two workers listened
    assert child["children"] == []
    assert multiprocessing.active_children() == []
    assert child["returncode"] == 0
    assert still_open(child["listening"]) == []  # the child has ended: none listens


# --- tf.distribute -----------------------------------------------------------------------------------


def test_a_compiled_spec_under_mirrored_strategy_gives_each_element_once_per_epoch(child):
    seen = child["mirrored"]
    assert seen["replicas"] == 2
    for key in ("distribute_dataset", "from_function"):
        assert sorted(seen[key]) == list(range(40)), key
        assert all(len(sizes) == 2 for sizes in seen[key + "_sizes"])
    assert seen["from_function_sizes"][0] == [3, 3]  # per-replica batches of the global 6


def test_each_input_pipeline_of_the_recipe_makes_only_its_shard(tf):
    contexts = [tf.distribute.InputContext(num_input_pipelines=3, input_pipeline_id=i, num_replicas_in_sync=6)
                for i in range(3)]
    shards = [[int(v) for batch in dataset_fn(50, 12, ctx) for v in batch] for ctx in contexts]
    assert [len(s) for s in shards] == [17, 17, 16]
    assert sorted(v for s in shards for v in s) == list(range(50))
    assert len(next(iter(dataset_fn(50, 12, contexts[0])))) == 2  # per-replica batches of the global 12


# --- resumable iteration -----------------------------------------------------------------------------


def test_half_an_epoch_then_a_restore_in_a_new_process_finishes_exactly_one_epoch(child):
    first, rest = child["first half"], child["restored"]
    assert len(first) == 12 and 0 < len(rest) < FILES * RECORDS
    assert sorted(first + rest) == one_epoch()


if __name__ == "__main__":
    _child(json.loads(sys.argv[1]))
