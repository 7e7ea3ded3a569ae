"""The functions the drop-in traces for a file pipeline before its first batch, counted, so that a fixed cost
once removed cannot come back unnoticed; and the data of the pipelines counted, compared with legacy's.

Counted: every function graph TensorFlow makes while the pipeline is built (``FuncGraph``: tf.data's
functions, a ``tf.cond``'s branches; ``function._FuncGraph``: a one-shot iterator's dataset factory). A
``read()`` that a batch takes over builds none (``pending_reads.py``: before, a stand-in iterator's factory
and the two branches of its end-of-data check); the bridge's unbatches of dense elements map nothing
(``tf_private.unbatch``: before, TensorFlow's identity ``normalize`` map for each); a file read in a
function of the bridge's is one file's dataset, not TensorFlow's ``flat_map`` over that one name inside it
(``tf_private.one_file_records``); an input producer's ``dequeue()`` reads a stand-in until then, with no
iterator factory of its own.
"""

from __future__ import annotations

import collections
import re
import warnings
from pathlib import Path
from typing import Any

import pytest
import tensorflow as tf

from batch_harness import BRIDGE, LEGACY, multiset, run

pytestmark = pytest.mark.timeout(180)


@pytest.fixture(scope="module")
def files(tmp_path_factory: Any) -> list[str]:
    root = tmp_path_factory.mktemp("startup_functions")
    paths = []
    for f in range(3):
        path = root / f"part-{f}.tfrecord"
        with tf.io.TFRecordWriter(str(path)) as writer:
            for i in range(5 + f):
                feature = tf.train.Feature(int64_list=tf.train.Int64List(value=[10 * f + i]))
                writer.write(tf.train.Example(features=tf.train.Features(feature={"x": feature})).SerializeToString())
        paths.append(str(path))
    return paths


@pytest.fixture(scope="module")
def csv_files(tmp_path_factory: Any) -> list[str]:
    root = tmp_path_factory.mktemp("startup_functions_csv")
    paths = []
    for f in range(2):
        path = Path(root / f"part-{f}.csv")
        path.write_text("a,b\n" + "".join(f"{10 * f + i},{i}\n" for i in range(6)))
        paths.append(str(path))
    return paths


class _Traced:
    """The function graphs made while in use, by name (a trailing ``_<n>`` dropped)."""

    def __init__(self, monkeypatch: Any) -> None:
        from tensorflow.python.framework import func_graph, function  # (what TensorFlow traces into)

        self.names: collections.Counter[str] = collections.Counter()
        for cls in (func_graph.FuncGraph, function._FuncGraph):  # noqa: SLF001
            original = cls.__init__

            def counted(graph: Any, name: Any = None, *args: Any, _original: Any = original, **kwargs: Any) -> None:
                self.names[re.sub(r"_\d+$", "", str(name))] += 1
                _original(graph, name, *args, **kwargs)

            monkeypatch.setattr(cls, "__init__", counted)

    def during(self, build: Any) -> list[str]:
        self.names.clear()
        with tf.Graph().as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            build(BRIDGE)
        return sorted(self.names.elements())


def _parsed(tf1: Any, value: Any) -> Any:
    return tf1.parse_single_example(value, {"x": tf1.FixedLenFeature([], tf.int64)})["x"]


def _tfrecord_batch(files: list[str]) -> Any:
    def build(tf1: Any) -> Any:
        queue = tf1.train.string_input_producer(files, num_epochs=1, shuffle=False)
        _, value = tf1.TFRecordReader().read(queue)
        return tf1.train.batch([_parsed(tf1, value)], 4, allow_smaller_final_batch=True)

    return build


def _csv_shuffle_batch(files: list[str]) -> Any:
    def build(tf1: Any) -> Any:
        queue = tf1.train.string_input_producer(files, num_epochs=2, shuffle=True, seed=3)
        reader = tf1.TextLineReader(skip_header_lines=1)
        _, line = reader.read(queue, name="line")
        a, b = tf1.decode_csv(line, record_defaults=[[0], [0]])
        return tf1.train.shuffle_batch([a, b], batch_size=3, capacity=20, min_after_dequeue=5, seed=1,
                                       allow_smaller_final_batch=True)

    return build


def _read_up_to_batch(files: list[str]) -> Any:
    def build(tf1: Any) -> Any:
        queue = tf1.train.string_input_producer(files, num_epochs=1, shuffle=False)
        _, values = tf1.TFRecordReader().read_up_to(queue, num_records=4)
        return tf1.train.batch([values], batch_size=5, enqueue_many=True, allow_smaller_final_batch=True)

    return build


def _readers_join(files: list[str]) -> Any:
    def build(tf1: Any) -> Any:
        queue = tf1.train.string_input_producer(files, num_epochs=1, shuffle=False)
        lists = [[_parsed(tf1, tf1.TFRecordReader().read(queue)[1])] for _ in range(2)]
        return tf1.train.batch_join(lists, batch_size=4, allow_smaller_final_batch=True)

    return build


def _dequeue_batch(files: list[str]) -> Any:
    del files

    def build(tf1: Any) -> Any:
        i = tf1.train.range_input_producer(10, num_epochs=1, shuffle=False).dequeue()
        return tf1.train.batch([tf1.cast(i, tf.float32) * 2.0], 3, allow_smaller_final_batch=True)

    return build


# (pipeline, the functions the bridge traces for it now, what it traced before this count was pinned). The
# batch's one-shot iterator factory is no longer traced (a Defun copying the dataset graph): it is written from
# the dataset's nodes (tf_private.one_shot_iterator); each count below was one more with it.
CASES = {
    # the epoch map (counting epochs only: the known file list is read by one TFRecordDataset over constants,
    # no per-name function), the per-batch map (vectorized parse and retry stash), the batch's iterator
    # factory; before: 4 (TensorFlow's own flat_map over the names), 8 (the read's factory and condition
    # branches, the unbatch's map)
    "tfrecord_read_batch": (_tfrecord_batch, 2),
    # the epoch map, the per-file flat_map (skip_header_lines) reading one file's lines without a flat_map
    # of TensorFlow's inside, the per-batch map, the iterator factory; before: 9
    "csv_read_shuffle_batch": (_csv_shuffle_batch, 3),
    # the epoch map, the per-file flat_map (up to 4 records of one file), the element stage (enqueue_many),
    # the iterator factory; before: 9
    "read_up_to_enqueue_many": (_read_up_to_batch, 3),
    # two readers' reads, copies of one list (lift_copies.py): as one read, of a known file list (no
    # per-name function); before: 4, 11
    "two_readers_batch_join": (_readers_join, 2),
    # an input producer's dequeue() into a batch: the epoch map, the per-batch map, the iterator factory;
    # before: 4 (the dequeue's stand-in one-shot iterator's factory)
    "dequeue_batch": (_dequeue_batch, 2),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_file_pipeline_traces_no_function_for_its_reads_or_unbatches(monkeypatch, files, csv_files, case):
    make, expected = CASES[case]
    build = make(csv_files if case.startswith("csv") else files)
    traced = _Traced(monkeypatch).during(build)
    assert not [n for n in traced if "ReaderRead" in n or "normalize" in n], traced
    assert not ("Dataset_flat_map_per_file" in traced and "Dataset_flat_map_read_one_file" in traced), traced
    assert traced.count("_make_dataset") == 0, traced  # (the batch's iterator factory: written, not traced)
    assert len(traced) == expected, traced
    monkeypatch.undo()
    legacy, ours = run(LEGACY, build), run(BRIDGE, build)
    assert ours.batches and multiset(ours.batches) == multiset(legacy.batches)
    if "shuffle" not in case and "join" not in case:  # (legacy's one reader and one runner deliver in order)
        assert [b.tolist() for b in ours.batches] == [b.tolist() for b in legacy.batches]
    assert ours.end is legacy.end is tf.errors.OutOfRangeError


def test_reads_and_dequeues_built_and_never_run_trace_nothing(monkeypatch, files):
    """Built, not run: no dataset, iterator factory or condition of their own (the graph's first run would
    build them, if they were still read then)."""

    def build(tf1: Any) -> None:
        queue = tf1.train.string_input_producer(files, num_epochs=1, shuffle=False)
        reader = tf1.TFRecordReader()
        reader.read(queue)
        reader.read_up_to(queue, 3)
        rows = tf1.train.input_producer([[1, 2], [3, 4], [5, 6]], num_epochs=1, shuffle=False)
        rows.dequeue()
        rows.dequeue_many(2)

    assert _Traced(monkeypatch).during(build) == []


def test_a_read_built_pending_runs_with_legacys_records_and_end_in_a_name_scope_and_under_control_deps(files):
    """Connected when the graph first runs (built in a name scope, under a control dependency; run inside a
    block of control dependencies on a failing op, which the ops made then must not take): it reads what
    legacy reads, ends as legacy ends (the queue's text), and its own control dependency still runs."""

    def program(tf1: Any) -> tuple[list[Any], str, int]:
        with tf.Graph().as_default() as graph, warnings.catch_warnings():
            warnings.simplefilter("ignore")
            queue = tf1.train.string_input_producer(files, num_epochs=1, shuffle=False)
            counter = tf1.Variable(0, name="counter", use_resource=True)
            with tf1.name_scope("input"), tf1.control_dependencies([counter.assign_add(1)]):
                _, value = tf1.TFRecordReader().read(queue)
            parsed = _parsed(tf1, value)
            out = []
            init = [tf1.global_variables_initializer(), tf1.local_variables_initializer()]
            failing = tf1.debugging.Assert(False, ["not a dependency of the read"])
            with tf1.Session() as sess, graph.control_dependencies([failing]):
                sess.run(init)
                coord = tf1.train.Coordinator()
                threads = tf1.train.start_queue_runners(sess, coord)
                with pytest.raises(tf.errors.OutOfRangeError) as ended:
                    for _ in range(100):
                        out.append(int(sess.run(parsed)))
                coord.request_stop()
                coord.join(threads, stop_grace_period_secs=10)
                return out, ended.value.message, int(sess.run(counter))

    legacy, ours = program(LEGACY), program(BRIDGE)
    assert ours[0] == legacy[0] == [10 * f + i for f in range(3) for i in range(5 + f)]
    assert re.search(r"FIFOQueue '(_\d+_)?input_producer' is closed and has insufficient elements", ours[1]), ours[1]
    assert ours[2] == legacy[2] == len(legacy[0]) + 1  # (the failed read at the end ran it too)


def test_a_read_and_a_dequeue_made_after_the_graph_first_ran_read_on_as_legacys(files):
    """A ``read()`` or ``dequeue()`` made after the first run (its reader's and producer's earlier ones were
    connected then) reads the real records at once, sharing them with the earlier ones as legacy's did."""

    def program(tf1: Any) -> list[int]:
        with tf.Graph().as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            queue = tf1.train.string_input_producer(files, num_epochs=1, shuffle=False)
            reader = tf1.TFRecordReader()
            first = _parsed(tf1, reader.read(queue)[1])
            rows = tf1.train.range_input_producer(5, num_epochs=1, shuffle=False)
            one = rows.dequeue()
            init = tf1.local_variables_initializer()
            with tf1.Session() as sess:
                sess.run(init)
                coord = tf1.train.Coordinator()
                threads = tf1.train.start_queue_runners(sess, coord)
                got = [int(sess.run(first)), int(sess.run(one))]
                second, again = _parsed(tf1, reader.read(queue)[1]), rows.dequeue()
                got += [int(sess.run(second)), int(sess.run(again)), int(sess.run(first)), int(sess.run(one))]
                coord.request_stop()
                coord.join(threads, stop_grace_period_secs=10)
        return got

    legacy = program(LEGACY)
    assert program(BRIDGE) == legacy == [0, 0, 1, 1, 2, 2]


def _limit_epochs_batch(tf1: Any) -> Any:
    """Two ``limit_epochs`` of in-memory arrays shuffled with ``enqueue_many`` (the k-means / regression
    ``input_fn`` shape): each also has a direct read, which the batch takes over."""
    x = tf1.train.limit_epochs(tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]), 2, name="X_lim")
    y = tf1.train.limit_epochs(tf.constant([7, 8, 9], tf.int64), 2, name="Y_lim")
    return tf1.train.shuffle_batch([x, y], 2, capacity=10, min_after_dequeue=1, enqueue_many=True, seed=3,
                                   allow_smaller_final_batch=True)


def test_limit_epochs_counts_without_a_cond_and_refuses_a_taken_over_read_without_rebuilding_it(monkeypatch):
    """Per ``limit_epochs``: its dataset's "if initialized, count" is v1 ``Switch`` / ``Merge`` (before, a
    ``tf.cond``: two branch functions at each of its builds), its direct read's test too, and the read the
    batch took over is refused at the first run by a dataset of one failing map, not by the source's
    dataset built again; the direct read and the batch read one dataset of it (each its own iterator), made
    once. Built: 8 functions (before: 11, then its three iterators' factories were traced; before that 17,
    29); the whole run: 10 (before: 15, 21, 43). No iterator's factory is traced (``tf_private.one_shot_iterator``
    writes it from the dataset's nodes)."""
    traced = _Traced(monkeypatch)
    assert len(traced.during(_limit_epochs_batch)) == 8, sorted(traced.names.elements())
    assert not [n for n in traced.names if n.endswith(("_true", "_false"))], sorted(traced.names.elements())
    traced.names.clear()
    ours = run(BRIDGE, _limit_epochs_batch)
    assert sum(traced.names.values()) == 10, sorted(traced.names.elements())
    monkeypatch.undo()
    legacy = run(LEGACY, _limit_epochs_batch)
    assert ours.batches and multiset(ours.batches) == multiset(legacy.batches)
    assert sum(len(b[1]) for b in ours.batches) == 6  # 3 rows, 2 epochs: each once per epoch
    assert ours.end is legacy.end is tf.errors.OutOfRangeError
