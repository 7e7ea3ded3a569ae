"""File pipelines through the drop-in against the same programs on ``tensorflow.compat.v1``: input
producers, readers, parsing and batching, on files each test writes. Every pipeline must deliver what
legacy delivers (in order where legacy is deterministic, as a multiset otherwise), end as legacy ends,
and be native: no Python op and no legacy queue or reader op in its graph, no runner thread."""

from __future__ import annotations

import os
import warnings
from typing import Any

import numpy as np
import pytest
import tensorflow as tf
import batch_harness

import tfdata_bridge
import tfdata_bridge.compat.v1 as bridge
from tfdata_bridge._src.warnings import CompiledToTfDataWarning, FallbackWarning

LEGACY = tf.compat.v1
OOR = tf.errors.OutOfRangeError
pytestmark = pytest.mark.timeout(180)

FILES, RECORDS = 3, 23  # odd sizes: batches straddle files and epochs, and the last batch is short


def run(tf1: Any, build: Any) -> Any:
    """``build`` with ``tf1`` in a fresh graph, run as a legacy program (``batch_harness.run``)."""
    return batch_harness.run(tf1, build, limit=400)


def both(build: Any) -> tuple[Any, Any]:
    legacy, ours = run(LEGACY, build), run(bridge, build)
    assert tfdata_bridge.is_native(ours.out), tfdata_bridge.native_report(ours.out)  # no Python, queue or reader op
    assert ours.threads == 0, "start_queue_runners returned runner threads"
    op_types = {op.type for op in ours.graph.get_operations()}
    assert not {t for t in op_types if "Queue" in t or "Reader" in t}, op_types
    assert ours.end is legacy.end is OOR
    return legacy, ours


def rows(batches: list[Any], key: Any = None) -> list[Any]:
    """Every element of the batches, as a hashable tuple (dicts by sorted key; SparseTensorValues as
    their per-row values)."""
    out = []
    for batch in batches:
        comps = [batch[k] for k in sorted(batch)] if isinstance(batch, dict) else (
            list(batch) if isinstance(batch, (list, tuple)) else [batch])
        n = _rows(comps[0])
        for i in range(n):
            out.append(tuple(_row(c, i) for c in comps))
    return out


def _rows(c: Any) -> int:
    return int(c.dense_shape[0]) if isinstance(c, tf.compat.v1.SparseTensorValue) else len(c)


def _row(c: Any, i: int) -> Any:
    if isinstance(c, tf.compat.v1.SparseTensorValue):
        return ("sparse", tuple(c.values[c.indices[:, 0] == i].tolist()))
    arr = np.asarray(c[i])
    return (arr.shape, tuple(arr.reshape(-1).tolist()))


def sizes(batches: list[Any]) -> list[int]:
    out = []
    for batch in batches:
        first = next(iter(batch.values())) if isinstance(batch, dict) else (
            batch[0] if isinstance(batch, (list, tuple)) else batch)
        out.append(_rows(first))
    return out


# --- data ------------------------------------------------------------------------------------------


def _example(i: int) -> bytes:
    return tf.train.Example(features=tf.train.Features(feature={
        "x": tf.train.Feature(float_list=tf.train.FloatList(value=[i, i + 0.5, i + 0.25])),
        "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[i])),
        "tags": tf.train.Feature(int64_list=tf.train.Int64List(value=list(range(i % 4)))),
    })).SerializeToString()


@pytest.fixture(scope="module")
def data(tmp_path_factory: Any) -> dict[str, list[str]]:
    root = tmp_path_factory.mktemp("files")
    out: dict[str, list[str]] = {"tfrecord": [], "gzip": [], "csv": [], "fixed": [], "png": []}
    i = 0
    for f in range(FILES):
        plain, gz = str(root / f"r{f}.tfrecord"), str(root / f"r{f}.tfrecord.gz")
        with tf.io.TFRecordWriter(plain) as w1, tf.io.TFRecordWriter(gz, options="GZIP") as w2:
            for _ in range(RECORDS):
                w1.write(_example(i))
                w2.write(_example(i))
                i += 1
        out["tfrecord"].append(plain)
        out["gzip"].append(gz)
        csv = root / f"t{f}.csv"
        csv.write_text("a,b,label\n" + "".join(f"{f * 100 + n},{n * 2.5},{n % 5}\n" for n in range(RECORDS)))
        out["csv"].append(str(csv))
        fixed = root / f"c{f}.bin"  # CIFAR-style: a label byte, then a 2x2x3 uint8 image
        fixed.write_bytes(b"".join(bytes([(f * 50 + n) % 10]) + bytes((f * 50 + n + k) % 256 for k in range(12))
                                   for n in range(RECORDS)))
        out["fixed"].append(str(fixed))
    for f in range(7):
        png = root / f"p{f}.png"
        image = (np.arange(2 * 3 * 1).reshape(2, 3, 1) * 10 + f).astype(np.uint8)
        png.write_bytes(tf.io.encode_png(image).numpy())
        out["png"].append(str(png))
    return out


FEATURES = {"x": ("FixedLenFeature", [3], "float32"), "label": ("FixedLenFeature", [], "int64")}


def features(tf1: Any, varlen: bool = False) -> dict[str, Any]:
    spec = {"x": tf1.FixedLenFeature([3], tf1.float32), "label": tf1.FixedLenFeature([], tf1.int64)}
    if varlen:
        spec["tags"] = tf1.VarLenFeature(tf1.int64)
    return spec


# --- TFRecord ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("compression", ["plain", "gzip"])
@pytest.mark.parametrize("allow_smaller", [False, True])
def test_tfrecord_examples_arrive_in_legacy_order_with_legacy_keys(data, compression, allow_smaller):
    files = data["tfrecord" if compression == "plain" else "gzip"]

    def build(tf1):
        q = tf1.train.string_input_producer(files, num_epochs=2, shuffle=False)
        options = tf1.python_io.TFRecordOptions(tf1.python_io.TFRecordCompressionType.GZIP) if compression == "gzip" else None
        key, value = tf1.TFRecordReader(options=options).read(q)
        parsed = tf1.parse_single_example(value, features(tf1))
        return tf1.train.batch([parsed["x"], parsed["label"], key], 10, allow_smaller_final_batch=allow_smaller)

    legacy, ours = both(build)
    assert rows(ours.batches) == rows(legacy.batches)  # one reader, one thread: legacy's order exactly
    assert len(rows(ours.batches)) == (2 * FILES * RECORDS if allow_smaller else 2 * FILES * RECORDS // 10 * 10)
    assert sizes(ours.batches) == sizes(legacy.batches)


def test_varlen_features_are_batched_as_sparse_tensors_by_tfdata(data):
    def build(tf1):
        q = tf1.train.string_input_producer(data["tfrecord"], num_epochs=1, shuffle=False)
        _, value = tf1.TFRecordReader().read(q)
        parsed = tf1.parse_single_example(value, features(tf1, varlen=True))
        return tf1.train.batch(parsed, 8, num_threads=2, allow_smaller_final_batch=True)

    legacy, ours = both(build)
    assert sorted(rows(ours.batches)) == sorted(rows(legacy.batches))
    assert len(rows(ours.batches)) == FILES * RECORDS
    assert isinstance(ours.batches[0]["tags"], tf.compat.v1.SparseTensorValue)
    assert list(ours.batches[0]["tags"].dense_shape) == list(legacy.batches[0]["tags"].dense_shape)


def test_shuffled_files_over_two_epochs_give_each_example_once_per_epoch(data):
    def build(tf1):
        q = tf1.train.string_input_producer(data["tfrecord"], num_epochs=2, shuffle=True, seed=5)
        _, value = tf1.TFRecordReader().read(q)
        parsed = tf1.parse_single_example(value, features(tf1))
        return tf1.train.batch([parsed["label"]], 1)

    legacy, ours = both(build)
    labels = [int(b[0]) for b in ours.batches]
    n = FILES * RECORDS
    # epochs complete before the next: legacy's file queue is FIFO and one reader reads one file at a time
    assert sorted(labels[:n]) == sorted(labels[n:]) == list(range(n))
    assert labels == [int(b[0]) for b in legacy.batches]  # the legacy shuffle op and seed: the same file order


def test_shuffle_batch_with_threads_delivers_the_legacy_multiset(data):
    def build(tf1):
        q = tf1.train.string_input_producer(data["tfrecord"], num_epochs=1)
        _, value = tf1.TFRecordReader().read(q)
        parsed = tf1.parse_single_example(value, features(tf1))
        # 3 divides the 69 examples: no random tail is dropped, so the multisets must match exactly
        return tf1.train.shuffle_batch([parsed["x"], parsed["label"]], 3, capacity=60, min_after_dequeue=20,
                                       num_threads=3)

    legacy, ours = both(build)
    assert sorted(rows(ours.batches)) == sorted(rows(legacy.batches))
    assert len(rows(ours.batches)) == FILES * RECORDS and set(sizes(ours.batches)) == {3}


# --- text, fixed-length, whole files -------------------------------------------------------------------


def test_csv_with_a_header_through_decode_csv(data):
    def build(tf1):
        q = tf1.train.string_input_producer(data["csv"], num_epochs=1, shuffle=False)
        key, line = tf1.TextLineReader(skip_header_lines=1).read(q)
        a, b, label = tf1.decode_csv(line, [[0], [0.0], [0]])
        return tf1.train.batch([tf1.stack([tf1.cast(a, tf1.float32), b]), label, key], 9,
                               allow_smaller_final_batch=True)

    legacy, ours = both(build)
    assert rows(ours.batches) == rows(legacy.batches)
    assert len(rows(ours.batches)) == FILES * RECORDS


def test_fixed_length_records_through_decode_raw(data):
    def build(tf1):
        q = tf1.train.string_input_producer(data["fixed"], num_epochs=1, shuffle=False)
        key, value = tf1.FixedLengthRecordReader(record_bytes=13).read(q)
        raw = tf1.decode_raw(value, tf1.uint8)
        label = tf1.cast(tf1.strided_slice(raw, [0], [1]), tf1.int32)
        image = tf1.transpose(tf1.reshape(tf1.strided_slice(raw, [1], [13]), [3, 2, 2]), [1, 2, 0])
        return tf1.train.batch([tf1.cast(image, tf1.float32), tf1.reshape(label, []), key], 5)

    legacy, ours = both(build)
    assert rows(ours.batches) == rows(legacy.batches)
    assert len(rows(ours.batches)) == FILES * RECORDS // 5 * 5  # the short last batch is dropped


def test_png_files_through_whole_file_reader_and_decode_png(data):
    def build(tf1):
        q = tf1.train.string_input_producer(data["png"], num_epochs=2, shuffle=True, seed=2)
        key, contents = tf1.WholeFileReader().read(q)
        image = tf1.image.decode_png(contents, channels=1)
        image.set_shape([2, 3, 1])
        return tf1.train.batch([image, key], 3, allow_smaller_final_batch=True)

    legacy, ours = both(build)
    assert rows(ours.batches) == rows(legacy.batches)
    assert len(rows(ours.batches)) == 14


def test_batch_join_over_three_readers_reads_every_file_once(data):
    def build(tf1):
        q = tf1.train.string_input_producer(data["tfrecord"] + data["gzip"][:0], num_epochs=2, shuffle=False)
        lists = []
        for _ in range(3):
            _, value = tf1.TFRecordReader().read(q)
            parsed = tf1.parse_single_example(value, features(tf1))
            lists.append([parsed["x"], parsed["label"]])
        return tf1.train.batch_join(lists, 6, allow_smaller_final_batch=True)

    legacy, ours = both(build)
    assert sorted(rows(ours.batches)) == sorted(rows(legacy.batches))
    assert len(rows(ours.batches)) == 2 * FILES * RECORDS


# --- in-memory producers ---------------------------------------------------------------------------------


@pytest.mark.parametrize("num_epochs", [1, 2])
def test_slice_input_producer_over_arrays(num_epochs):
    images = np.arange(20 * 2, dtype=np.float32).reshape(20, 2)
    labels = np.arange(20, dtype=np.int32)

    def build(tf1):
        image, label = tf1.train.slice_input_producer([images, labels], num_epochs=num_epochs, shuffle=True, seed=4)
        return tf1.train.shuffle_batch([image * 2, label], 3, capacity=15, min_after_dequeue=5, seed=1,
                                       allow_smaller_final_batch=True)

    legacy, ours = both(build)
    got = sorted(rows(ours.batches))
    assert got == sorted(rows(legacy.batches))
    assert sorted(int(r[1][1][0]) for r in got) == sorted(list(range(20)) * num_epochs)


def test_slice_input_producer_without_shuffle_keeps_legacy_order():
    values = np.arange(11, dtype=np.int64)

    def build(tf1):
        (value,) = tf1.train.slice_input_producer([values], num_epochs=2, shuffle=False)
        return tf1.train.batch([value], 4, allow_smaller_final_batch=True)

    legacy, ours = both(build)
    assert rows(ours.batches) == rows(legacy.batches)


# --- what a program sees of the producers and readers ----------------------------------------------------


def test_reading_without_a_batch_gives_legacy_keys_and_values_and_ends_out_of_range(data):
    def build(tf1):
        q = tf1.train.string_input_producer(data["csv"][:2], num_epochs=1, shuffle=False)
        return tf1.TextLineReader(skip_header_lines=1).read(q)

    legacy, ours = run(LEGACY, build), run(bridge, build)
    assert [tuple(b) for b in ours.batches] == [tuple(b) for b in legacy.batches]
    assert ours.end is legacy.end is OOR and ours.threads == 0


def test_read_up_to_gives_batches_of_one_file_at_a_time(data):
    def build(tf1):
        q = tf1.train.string_input_producer(data["tfrecord"], num_epochs=1, shuffle=False)
        return tf1.TFRecordReader().read_up_to(q, 10)

    legacy, ours = run(LEGACY, build), run(bridge, build)
    assert [len(k) for k, _ in ours.batches] == [len(k) for k, _ in legacy.batches] == [10, 10, 3] * FILES
    assert all((k1 == k2).all() and (v1 == v2).all() for (k1, v1), (k2, v2) in zip(ours.batches, legacy.batches))


def test_num_epochs_needs_no_local_variables_initializer_and_the_epoch_counter_counts(data):
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        q = bridge.train.string_input_producer(data["csv"], num_epochs=2, shuffle=False)
        name = q.dequeue()
        (counter,) = [v for v in bridge.local_variables() if v.name.endswith("limit_epochs/epochs:0")]
        with bridge.Session() as sess:  # no initializer: the source still ends after two epochs
            got = [sess.run(name) for _ in range(2 * FILES)]
            with pytest.raises(OOR):
                sess.run(name)
        with bridge.Session() as sess:  # initialized, the counter says how many epochs were started
            sess.run(bridge.local_variables_initializer())
            for _ in range(2 * FILES):
                sess.run(name)
            assert sess.run(counter) == 2
    assert [n.decode() for n in got] == data["csv"] * 2


def test_match_filenames_once_feeds_a_native_producer(data, tmp_path):
    pattern = os.path.join(os.path.dirname(data["csv"][0]), "t*.csv")

    def build(tf1):
        # a legacy (reference) variable, as under disable_v2_behavior(): legacy's string_input_producer
        # cannot take a resource variable (it tests the variable's truth value)
        with tf1.variable_scope(tf1.get_variable_scope(), use_resource=False):
            files = tf1.train.match_filenames_once(pattern)
        q = tf1.train.string_input_producer(files, num_epochs=1, shuffle=False)
        _, line = tf1.TextLineReader(skip_header_lines=1).read(q)
        return tf1.train.batch([line], 4, allow_smaller_final_batch=True)

    legacy, ours = both(build)
    assert rows(ours.batches) == rows(legacy.batches)


def test_limit_epochs_repeats_its_tensor_natively():
    def build(tf1):
        value = tf1.train.limit_epochs(tf1.constant([1, 2, 3], tf1.int64), num_epochs=3)
        return tf1.train.batch([value], 2, enqueue_many=True, allow_smaller_final_batch=True)

    legacy, ours = both(build)
    assert rows(ours.batches) == rows(legacy.batches)


def test_legacy_checks_and_messages_are_kept():
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for tf1 in (LEGACY, bridge):
            with pytest.raises(ValueError, match="string_input_producer requires a non-null input tensor"):
                tf1.train.string_input_producer([])
            with pytest.raises(ValueError, match="num_epochs must be > 0 not 0"):
                tf1.train.string_input_producer(["a"], num_epochs=0)
            with pytest.raises(ValueError, match="Expected at least one tensor in slice_input_producer"):
                tf1.train.slice_input_producer([])
    with pytest.raises(RuntimeError, match="not supported when eager execution"):
        bridge.train.string_input_producer(["a"])
    with pytest.raises(RuntimeError, match="Readers are not supported when eager execution"):
        bridge.TFRecordReader()


def test_reader_state_ops_are_refused_on_the_native_path_with_the_fix(data):
    """A snapshot of the reader's state after reads through tf.data is refused; so is a count over a queue
    that is not an input producer (the counts over one are legacy's: ``test_compat_readers``)."""
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        reader = bridge.TFRecordReader()
        reader.read(bridge.train.string_input_producer(data["tfrecord"]))
        with pytest.raises(NotImplementedError, match=r"serialize_state\(\).*tf.data.TFRecordDataset"):
            reader.serialize_state()
        queue = bridge.FIFOQueue(4, [tf.string], shapes=[()])
        other = bridge.TFRecordReader()
        other.read(queue)
        with pytest.raises(NotImplementedError, match=r"num_records_produced\(\).*tf.data.TFRecordDataset.*count"):
            other.num_records_produced()


def test_one_warning_per_call_site_says_what_the_pipeline_became(data):
    tfdata_bridge._src.compat.notice.reset()
    with tf.Graph().as_default(), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        q = bridge.train.string_input_producer(data["tfrecord"])
        _, value = bridge.TFRecordReader().read(q)
        parsed = bridge.parse_single_example(value, features(bridge))
        bridge.train.shuffle_batch([parsed["x"], parsed["label"]], 4, 50, 10)
    ours = [w for w in caught if issubclass(w.category, (CompiledToTfDataWarning, FallbackWarning))]
    assert [w.category for w in ours] == [CompiledToTfDataWarning] * 3
    assert "as native tf.data (no Python op; the ops after the read run once per batch)" in str(ours[2].message)
    assert all(w.filename == __file__ for w in ours)


def test_explain_says_whether_python_is_left_and_is_native_agrees():
    spec = tfdata_bridge.pipeline(lambda: iter([np.float32(1)] * 4), dtypes="float32", shapes=[], batch_size=2)
    assert "# Native: no. Python runs in this pipeline" in tfdata_bridge.explain(spec)
    report = tfdata_bridge.native_report(tfdata_bridge.compile(spec))
    assert not report.native and report.python_ops
    assert tfdata_bridge.is_native(tf.data.TFRecordDataset(["x"]).map(lambda v: tf.strings.length(v)))
    assert not tfdata_bridge.is_native(tf.data.Dataset.range(3).map(
        lambda x: tf.numpy_function(lambda v: v, [x], tf.int64)))


# --- the rest of the surface, each against legacy ------------------------------------------------------


def test_fixed_length_records_with_header_footer_and_hop_bytes(tmp_path):
    path = tmp_path / "hop.bin"
    path.write_bytes(bytes(range(3)) + bytes(range(100, 130)) + bytes(range(5)))  # header 3, 30 bytes, footer 5

    def build(tf1):
        q = tf1.train.string_input_producer([str(path)], num_epochs=1, shuffle=False)
        return tf1.FixedLengthRecordReader(4, header_bytes=3, footer_bytes=5, hop_bytes=3).read(q)

    legacy, ours = run(LEGACY, build), run(bridge, build)
    assert [tuple(b) for b in ours.batches] == [tuple(b) for b in legacy.batches]
    assert len(ours.batches) == 9 and ours.end is legacy.end is OOR


def test_identity_reader_and_range_input_producer(data):
    def build(tf1):
        q = tf1.train.string_input_producer(data["csv"], num_epochs=2, shuffle=True, seed=9)
        key, value = tf1.IdentityReader().read(q)
        index = tf1.train.range_input_producer(100, num_epochs=1, shuffle=True, seed=3).dequeue()
        return tf1.train.batch([key, value, index], 2)

    legacy, ours = both(build)
    assert rows(ours.batches) == rows(legacy.batches)


def test_a_reader_on_a_queue_the_program_fills_reads_through_tfdata(data):
    def build(tf1):
        names = tf1.FIFOQueue(10, tf1.string, shapes=[[]])
        tf1.add_to_collection("fill", names.enqueue_many([tf1.constant(data["csv"])]))
        tf1.add_to_collection("close", names.close())
        key, line = tf1.TextLineReader(skip_header_lines=1).read(names)
        return [key, line]

    def program(tf1):
        with tf.Graph().as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            key_line = build(tf1)
            out = []
            with tf1.Session() as sess:
                sess.run(tf1.get_collection("fill"))
                sess.run(tf1.get_collection("close"))
                with pytest.raises(OOR):
                    while True:
                        out.append(tuple(sess.run(key_line)))
            return out

    assert program(bridge) == program(LEGACY)


def test_an_input_producer_dequeued_by_many_and_up_to():
    def build(tf1):
        q = tf1.train.input_producer(tf1.constant(np.arange(10, dtype=np.int64)), num_epochs=1, shuffle=False)
        return q.dequeue_many(4)

    legacy, ours = run(LEGACY, build), run(bridge, build)
    assert [b.tolist() for b in ours.batches] == [b.tolist() for b in legacy.batches] == [[0, 1, 2, 3], [4, 5, 6, 7]]

    def build_up_to(tf1):
        q = tf1.train.input_producer(tf1.constant(np.arange(10, dtype=np.int64)), num_epochs=1, shuffle=False)
        return q.dequeue_up_to(4)

    legacy, ours = run(LEGACY, build_up_to), run(bridge, build_up_to)
    assert [b.tolist() for b in ours.batches] == [b.tolist() for b in legacy.batches]


# --- the fallback: a producer that reads a variable ---------------------------------------------------


def _scaled(tf1: Any, data: dict[str, list[str]], num_epochs: int) -> tuple[Any, Any, Any]:
    q = tf1.train.string_input_producer(data["tfrecord"], num_epochs=num_epochs, shuffle=False)
    key, value = tf1.TFRecordReader().read(q)
    parsed = tf1.parse_single_example(value, features(tf1))
    return parsed["x"] * tf1.Variable(2.0, name="scale"), parsed["label"], key


def _reads_with_tensorflows_reader(run: Any) -> None:
    """The fallback reads its files with TensorFlow's reader op, and the drop-in's read (the op whose
    outputs the program got: over a stand-in iterator until the graph runs, pending_reads.py) is left with
    nothing reading it."""
    ops = run.graph.get_operations()
    assert any(op.type == "ReaderReadV2" for op in ops)
    reads = [op for op in ops if op.type in ("IdentityN", "OptionalGetValue") and "ReaderReadV2" in op.name]
    assert reads and all(not out.consumers() for op in reads for out in op.outputs)


def test_a_producer_reading_a_variable_falls_back_and_reads_files_in_legacy_order(data):
    def build(tf1):
        x, label, key = _scaled(tf1, data, num_epochs=2)
        return tf1.train.batch([x, label, key], 4, num_threads=1, allow_smaller_final_batch=True)

    legacy, ours = run(LEGACY, build), run(bridge, build)
    assert ours.end is legacy.end is OOR and ours.joined is legacy.joined is None
    assert rows(ours.batches) == rows(legacy.batches)  # one thread, FIFO: the same elements, keys and order
    assert len(rows(ours.batches)) == 2 * FILES * RECORDS
    _reads_with_tensorflows_reader(ours)


def test_a_fallback_shuffle_batch_with_threads_delivers_the_legacy_multiset_and_keys(data):
    def build(tf1):
        x, label, key = _scaled(tf1, data, num_epochs=1)
        return tf1.train.shuffle_batch([x, label, key], 3, capacity=40, min_after_dequeue=10, num_threads=2)

    legacy, ours = run(LEGACY, build), run(bridge, build)
    assert ours.end is legacy.end is OOR
    assert sorted(rows(ours.batches)) == sorted(rows(legacy.batches))
    assert len(rows(ours.batches)) == FILES * RECORDS
    _reads_with_tensorflows_reader(ours)
