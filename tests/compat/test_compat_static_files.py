"""A reader over an input producer of a known, unshuffled file list (``InputQueue.static_rows``) of one epoch, or
endless, reads its files with reader datasets over constants, with no traced function per file, and the epoch
map only counts the epoch and keeps its order (``FileRead._static_records``, issue 16). Against legacy: the same
batches, the same end, legacy's epoch counter at the end; where a key is read, a file list is shuffled or not
known, or the static form would cost more than the function it saves (several epochs, header lines in a list of
epochs), the per-file ``flat_map`` as before, with legacy's data too."""

from __future__ import annotations

import gzip
import os
import warnings
from typing import Any

import numpy as np
import pytest
import tensorflow as tf

import tfdata_bridge.compat.v1 as bridge

LEGACY = tf.compat.v1
pytestmark = pytest.mark.timeout(180)


@pytest.fixture(scope="module")
def files(tmp_path_factory: Any) -> dict[str, list[str]]:
    root = tmp_path_factory.mktemp("static_files")
    out: dict[str, list[str]] = {"tfrecord": [], "gzip": [], "csv": []}
    for f in range(3):
        path = str(root / f"r{f}.tfrecord")
        with tf.io.TFRecordWriter(path) as w:
            for j in range(5):
                w.write(b"%d" % (10 * f + j))
        out["tfrecord"].append(path)
        gz = str(root / f"r{f}.tfrecord.gz")
        with tf.io.TFRecordWriter(gz, options="GZIP") as w:
            for j in range(4):
                w.write(b"%d" % (100 * f + j))
        out["gzip"].append(gz)
        csv = str(root / f"t{f}.csv")
        with open(csv, "w") as w:
            w.write("header,n\n" + "".join(f"f{f},{10 * f + j}\n" for j in range(4)))
        out["csv"].append(csv)
    with gzip.open(str(root / "unused.gz"), "wb") as w:  # (a file no list names: the lists are exact)
        w.write(b"")
    return out


def run(tf1: Any, build: Any, limit: int = 100) -> tuple[list[Any], Any, list[int], set[str]]:
    """``build`` run as a legacy program: its batches, the error that ended them, the epoch counters at the
    end, and the dataset op types of the graph and its functions."""
    graph = tf.Graph()
    with graph.as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = build(tf1)
        counters = [v for v in tf1.local_variables() if v.op.name.endswith("limit_epochs/epochs")]
        with tf1.Session() as sess:
            sess.run(tf1.local_variables_initializer())
            coord = tf1.train.Coordinator()
            threads = tf1.train.start_queue_runners(sess, coord)
            batches, end = [], None
            try:
                for _ in range(limit):
                    batches.append(sess.run(out))
            except tf.errors.OpError as e:
                end = type(e)
            coord.request_stop()
            try:
                coord.join(threads, stop_grace_period_secs=10)
            except tf.errors.OpError:  # (legacy's runner re-raises its read's error: compared as `end`)
                pass
            counted = [int(c) for c in sess.run(counters)]
    definition = graph.as_graph_def()
    ops = {n.op for n in definition.node} | {n.op for f in definition.library.function for n in f.node_def}
    return batches, end, counted, ops


def same(build: Any, limit: int = 100) -> tuple[Any, Any]:
    legacy, ours = run(LEGACY, build, limit), run(bridge, build, limit)
    assert len(ours[0]) == len(legacy[0]) > 0
    for a, b in zip(ours[0], legacy[0]):
        for x, y in zip(a if isinstance(a, list) else [a], b if isinstance(b, list) else [b]):
            np.testing.assert_equal(x, y)
    assert ours[1] is legacy[1] and ours[2] == legacy[2]
    return legacy, ours


class Lines:
    """A helper class holding the pipeline (the producer and reader made in a method)."""

    def __init__(self, tf1: Any, paths: list[str], epochs: Any, header: int = 1) -> None:
        self.queue = tf1.train.string_input_producer(paths, num_epochs=epochs, shuffle=False)
        self.reader = tf1.TextLineReader(skip_header_lines=header)

    def numbers(self) -> Any:
        _, line = self.reader.read(self.queue)
        return LEGACY.decode_csv(line, [[""], [0]])[1]


@pytest.mark.parametrize("epochs", [1, 2])
def test_tfrecord_one_epoch_with_no_function_per_file_two_with_the_flat_map(files, epochs):
    def build(tf1):
        q = tf1.train.string_input_producer(files["tfrecord"], num_epochs=epochs, shuffle=False)
        _, value = tf1.TFRecordReader().read(q)
        return tf1.train.batch([tf1.strings.to_number(value, tf.int32)], 4)

    legacy, ours = same(build)
    assert ours[1] is tf.errors.OutOfRangeError and ours[2] == [epochs]
    assert ("FlatMapDataset" not in ours[3] and "TFRecordDataset" in ours[3]) is (epochs == 1)


def test_header_lines_skipped_per_file_endless_and_in_an_epoch_kept_order(files):
    # endless: one reader dataset per file, skipped, concatenated, repeated; one epoch with a short batch (the
    # pipeline can read again after a failure, so the epoch's order is kept): the flat_map (cheaper there)
    def endless(tf1):
        return tf1.train.batch([Lines(tf1, files["csv"], None).numbers()], 5)

    legacy, ours = same(endless, limit=6)
    assert len(ours[0]) == 6 and ours[1] is None
    assert "FlatMapDataset" not in ours[3] and "TextLineDataset" in ours[3]

    def one_epoch(tf1):
        return tf1.train.batch([Lines(tf1, files["csv"], 1).numbers()], 5, allow_smaller_final_batch=True)

    legacy, ours = same(one_epoch)
    assert [len(b) for b in ours[0]] == [5, 5, 2] and ours[2] == [1]
    assert "FlatMapDataset" in ours[3]


def test_gzip_records_and_endless_lines(files):
    def build(tf1):
        options = tf1.python_io.TFRecordOptions(tf1.python_io.TFRecordCompressionType.GZIP)
        _, value = tf1.TFRecordReader(options=options).read(
            tf1.train.string_input_producer(files["gzip"], num_epochs=1, shuffle=False))
        # num_epochs None: the lines (headers included: no skip) cycle with no epoch counter
        _, line = tf1.TextLineReader().read(tf1.train.string_input_producer(files["csv"], shuffle=False))
        return [tf1.train.batch([value], 3), tf1.train.batch([line], 7)]

    legacy, ours = same(build, limit=3)
    assert len(ours[0]) == 3 and ours[1] is None
    assert "FlatMapDataset" not in ours[3]


@pytest.mark.parametrize("kind", ["csv", "tfrecord"])
def test_missing_file_between_good_ones(files, kind):
    paths = [files[kind][0], os.path.join(os.path.dirname(files[kind][0]), "absent"), files[kind][1]]

    def build(tf1):
        reader = tf1.TextLineReader() if kind == "csv" else tf1.TFRecordReader()
        _, value = reader.read(tf1.train.string_input_producer(paths, num_epochs=1, shuffle=False))
        return tf1.train.batch([value], 3, allow_smaller_final_batch=True)

    legacy, ours = same(build)
    # legacy: the runner closes the batch queue at the error; the consumer gets the first file's records (the
    # short batch too), then the end
    assert ours[1] is tf.errors.OutOfRangeError and sum(len(b) for b in ours[0]) == 5
    assert "FlatMapDataset" not in ours[3]


def test_keys_shuffled_or_unknown_lists_keep_the_per_file_read(files):
    pattern = os.path.join(os.path.dirname(files["tfrecord"][0]), "r*.tfrecord")

    def build(tf1):
        keyed_key, keyed = tf1.TFRecordReader().read(
            tf1.train.string_input_producer(files["tfrecord"], num_epochs=1, shuffle=False))
        _, shuffled = tf1.TextLineReader(skip_header_lines=1).read(
            tf1.train.string_input_producer(files["csv"], num_epochs=2, shuffle=True, seed=7))
        _, matched = tf1.TFRecordReader().read(tf1.train.string_input_producer(
            tf1.io.matching_files(pattern), num_epochs=1, shuffle=False))
        return [tf1.train.batch([keyed_key, keyed], 5), tf1.train.batch([shuffled], 4),
                tf1.train.batch([matched], 5)]

    legacy, ours = same(build, limit=3)
    keys = ours[0][0][0][0]  # (the first batch's keyed [key, value] batch's keys: legacy's, compared above)
    assert all(k.startswith(files["tfrecord"][0].encode() + b":") for k in keys)
    assert "FlatMapDataset" in ours[3]


def test_two_readers_of_one_list_share_its_files(files):
    # two readers of one producer, their records parsed differently (two lists of batch_join): each reads
    # every other file name of the epoch, as legacy's readers competing for the names read each file once
    def build(tf1):
        queue = tf1.train.string_input_producer(files["tfrecord"], num_epochs=1, shuffle=False)
        first = tf1.strings.to_number(tf1.TFRecordReader().read(queue)[1], tf.int32)
        second = tf1.strings.to_number(tf1.TFRecordReader().read(queue)[1], tf.int32) + 1000
        return tf1.train.batch_join([[first], [second]], 4, allow_smaller_final_batch=True)

    legacy, ours = run(LEGACY, build), run(bridge, build)
    assert ours[1] is legacy[1] is tf.errors.OutOfRangeError and ours[2] == legacy[2] == [1]
    got, want = (sorted(int(v) % 1000 for b in r[0] for v in b) for r in (ours, legacy))
    assert got == want == sorted(10 * f + j for f in range(3) for j in range(5))
    assert "FlatMapDataset" not in ours[3]


# --- where the pipeline leaves this process: the form the tf.data service's dynamic sharding splits ------------
# (a reader dataset over constants has no source to split: "not unary"; the per-file flat_map over a dataset of
# names does. tests/scaling/ runs both through a service; here, what is built, and that its data is legacy's)


def one_epoch(tf1: Any, paths: list[str]) -> Any:
    """A dict through batch: an inline reader in a helper, one epoch in order."""
    _, value = tf1.TFRecordReader().read(tf1.train.string_input_producer(paths, num_epochs=1, shuffle=False))
    return tf1.train.batch({"n": tf1.strings.to_number(value, tf.int32)}, 4, allow_smaller_final_batch=True)


def test_a_call_built_for_the_service_keeps_the_per_file_read(files, monkeypatch):
    # no server: the call is built (the service's dataset in the graph), not run; the environment variable is
    # what sets it (a ``configure(service=None)`` left by an earlier test of this process would win over it)
    from tfdata_bridge._src import config

    monkeypatch.setattr(config, "_given", {k: v for k, v in config._given.items() if not k.startswith("service")})
    monkeypatch.setenv("TFDATA_BRIDGE_SERVICE", "grpc://localhost:1")
    with tf.Graph().as_default() as graph, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        one_epoch(bridge, files["tfrecord"])
        Lines(bridge, files["csv"], None).numbers()  # (a reader fetched directly: not a batch call, as before)
    definition = graph.as_graph_def()
    ops = {n.op for n in definition.node} | {n.op for f in definition.library.function for n in f.node_def}
    assert "FlatMapDataset" in ops and any(op.startswith("DataService") for op in ops)
    monkeypatch.delenv("TFDATA_BRIDGE_SERVICE")
    assert "FlatMapDataset" not in run(bridge, lambda tf1: one_epoch(tf1, files["tfrecord"]))[3]


def _dataset_ops(dataset: Any) -> set[str]:
    """The op types the dataset's variant is computed from in its graph (the functions they call aside)."""
    seen, stack, ops = set(), [tf.data.experimental.to_variant(dataset).op], set()
    while stack:
        op = stack.pop()
        if op.name not in seen:
            seen.add(op.name)
            ops.add(op.type)
            stack.extend(t.op for t in op.inputs)
    return ops


def test_dataset_of_a_known_list_is_the_splittable_form_with_legacys_data(files):
    import tfdata_bridge

    class Pipeline:  # a class: an endless TextLineReader with header lines (one reader dataset per file, fast)
        def __init__(self, tf1: Any) -> None:
            self.lines = Lines(tf1, files["csv"], None)

        def batches(self, tf1: Any) -> Any:
            return tf1.train.batch([self.lines.numbers()], 3, allow_smaller_final_batch=True)

    limit = {"records": 100, "lines": 7}
    legacy = {"records": run(LEGACY, lambda tf1: one_epoch(tf1, files["tfrecord"]))[0],
              "lines": run(LEGACY, lambda tf1: Pipeline(tf1).batches(tf1), limit["lines"])[0]}
    for name, build in (("records", lambda: one_epoch(bridge, files["tfrecord"])),
                        ("lines", lambda: Pipeline(bridge).batches(bridge))):
        with tf.Graph().as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            out = build()
            own = tfdata_bridge.dataset_of(out)
            ops = _dataset_ops(own)
            assert "FlatMapDataset" in ops and not ops & {"TFRecordDataset", "TFRecordDatasetV2", "TextLineDataset"}
            next_own = bridge.data.make_one_shot_iterator(own).get_next()
            with bridge.Session() as sess:
                sess.run(bridge.local_variables_initializer())
                got: dict[str, list[Any]] = {"fast": [], "own": []}
                for key, tensors in (("fast", out), ("own", next_own)):
                    try:
                        for _ in range(limit[name]):
                            got[key].append(sess.run(tensors))
                    except tf.errors.OutOfRangeError:
                        pass
        for key in ("fast", "own"):
            assert len(got[key]) == len(legacy[name]) > 2, (name, key)
            for a, b in zip(got[key], legacy[name]):
                np.testing.assert_equal(a, b)


@pytest.mark.parametrize("epochs", [1, None])
def test_one_file_shuffled_list_is_a_known_list(files, epochs):
    # shuffle=True (the default) over one file name: every epoch is that one name, as legacy's RandomShuffle of
    # one row gives, so it is read as an unshuffled known list (no function per file), with legacy's data and
    # epoch counter; two files shuffled keep the per-file read (test above)
    def build(tf1):
        q = tf1.train.string_input_producer(files["tfrecord"][1:2], num_epochs=epochs, seed=3)
        _, value = tf1.TFRecordReader().read(q)
        return tf1.train.batch([tf1.strings.to_number(value, tf.int32)], 2)

    legacy, ours = same(build, limit=6)
    if epochs == 1:
        assert ours[1] is tf.errors.OutOfRangeError and ours[2] == [1] and len(ours[0]) == 2
    else:
        assert ours[1] is None and len(ours[0]) == 6
    assert "FlatMapDataset" not in ours[3] and "TFRecordDataset" in ours[3]
