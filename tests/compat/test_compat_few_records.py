"""A batch over files known to hold few records runs its ops per record (``record_counts``): vectorizing them
cost more CPU before the first batch than it saved. The data are legacy's either way; ``tf.vectorized_map``'s
calls say which form ran. (The suite's conftest vectorizes every batch it can; these tests set the default.)"""

from __future__ import annotations

from typing import Any

import pytest
import tensorflow as tf

from batch_harness import both, multiset
from tfdata_bridge._src.compat import record_counts

pytestmark = pytest.mark.timeout(180)


@pytest.fixture(autouse=True)
def default_limit(monkeypatch: Any) -> None:
    monkeypatch.setattr(record_counts, "VECTORIZE_MIN_RECORDS", 2048)


@pytest.fixture(scope="module")
def data(tmp_path_factory: Any) -> dict[str, Any]:
    root = tmp_path_factory.mktemp("few_records")
    records = []
    for f in range(2):
        path = str(root / f"part-{f}.tfrecord")
        with tf.io.TFRecordWriter(path) as writer:
            for i in range(7):
                value = tf.train.Feature(int64_list=tf.train.Int64List(value=[10 * f + i]))
                writer.write(tf.train.Example(features=tf.train.Features(feature={"x": value})).SerializeToString())
        records.append(path)
    csv = root / "rows.csv"
    csv.write_text("a,b\n" + "".join(f"{i},{i * 0.5}\n" for i in range(9)) + "9,4.5")  # (no last line end)
    return {"records": records, "csv": str(csv), "root": root}


class _Counted:
    def __init__(self, monkeypatch: Any) -> None:
        self.calls = 0
        original = tf.vectorized_map

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls += 1
            return original(*args, **kwargs)

        monkeypatch.setattr(tf, "vectorized_map", counted)


def test_records_are_counted_from_the_files_bytes(data):
    tfrecords, csv = data["records"], data["csv"]
    assert record_counts.at_most("TFRecordReader", tfrecords, 1, limit=14)
    assert not record_counts.at_most("TFRecordReader", tfrecords, 1, limit=13)
    assert record_counts.at_most("TFRecordReader", [p.encode() for p in tfrecords], 3, limit=42)
    assert not record_counts.at_most("TFRecordReader", tfrecords, 3, limit=41)  # (every epoch counts)
    assert record_counts.at_most("TextLineReader", [csv], 2, limit=22)  # 11 lines, the header and the last too
    assert not record_counts.at_most("TextLineReader", [csv], 2, limit=21)
    corrupt = data["root"] / "corrupt.tfrecord"
    corrupt.write_bytes(open(tfrecords[0], "rb").read()[:-3])
    assert not record_counts.at_most("TFRecordReader", [str(corrupt)], 1)  # (not known: the reader says why)
    assert not record_counts.at_most("TFRecordReader", [str(data["root"] / "missing.tfrecord")], 1)
    assert not record_counts.at_most("TFRecordReader", tfrecords, 1, limit=0)


def test_files_of_more_bytes_than_are_counted_are_not_known_to_be_few(data, monkeypatch):
    monkeypatch.setattr(record_counts, "COUNT_MAX_BYTES", 100)
    assert not record_counts.at_most("TFRecordReader", data["records"], 1)


def _parsed(tf1: Any, paths: list[str], **producer: Any) -> Any:
    queue = tf1.train.string_input_producer(paths, **producer)
    _, value = tf1.TFRecordReader().read(queue)
    return tf1.parse_single_example(value, {"x": tf1.FixedLenFeature([], tf.int64)})["x"] * 3


@pytest.mark.parametrize("limit", [2048, 20], ids=["few", "more_than_the_limit"])
def test_a_parsed_batch_over_few_records_runs_per_record_with_legacys_batches(data, monkeypatch, limit):
    monkeypatch.setattr(record_counts, "VECTORIZE_MIN_RECORDS", limit)
    counted = _Counted(monkeypatch)

    def build(tf1: Any) -> Any:  # 2 files x 7 records x 2 epochs = 28
        x = _parsed(tf1, data["records"], num_epochs=2, shuffle=False)
        return tf1.train.batch([x], 4, allow_smaller_final_batch=True)

    legacy, ours = both(build)
    assert [b.tolist() for b in ours.batches] == [b.tolist() for b in legacy.batches] and len(legacy.batches) == 7
    assert counted.calls == (0 if limit == 2048 else 1)


def test_shuffled_files_and_a_csv_with_a_header_are_counted_too(data, monkeypatch):
    counted = _Counted(monkeypatch)

    def build(tf1: Any) -> Any:
        shuffled = _parsed(tf1, data["records"], num_epochs=1, shuffle=True, seed=3)  # the same files, in some order
        queue = tf1.train.string_input_producer([data["csv"]], num_epochs=3, shuffle=False)
        _, line = tf1.TextLineReader(skip_header_lines=1).read(queue)
        a, b = tf1.decode_csv(line, record_defaults=[[0], [0.0]])
        return (tf1.train.shuffle_batch([shuffled], 5, capacity=20, min_after_dequeue=5, seed=1,
                                        allow_smaller_final_batch=True),
                tf1.train.batch([a * 2, b + 1.0], 4, allow_smaller_final_batch=True))

    legacy, ours = both(build)
    assert counted.calls == 0
    for run in (legacy, ours):
        assert len(run.batches) == 3  # (the shorter pipeline's end ends the loop)
    assert [[c.tolist() for c in b[1]] for b in ours.batches] == [[c.tolist() for c in b[1]] for b in legacy.batches]
    assert sorted(v for b in ours.batches for v in b[0].tolist()) == sorted(
        v for b in legacy.batches for v in b[0].tolist())


def test_compressed_files_and_endless_producers_are_not_known_to_be_few(data, monkeypatch):
    counted = _Counted(monkeypatch)
    zipped = data["root"] / "zipped.tfrecord"
    with tf.io.TFRecordWriter(str(zipped), options="GZIP") as writer:
        for i in range(5):
            value = tf.train.Feature(int64_list=tf.train.Int64List(value=[i]))
            writer.write(tf.train.Example(features=tf.train.Features(feature={"x": value})).SerializeToString())

    def build(tf1: Any) -> Any:
        queue = tf1.train.string_input_producer([str(zipped)], num_epochs=1, shuffle=False)
        _, value = tf1.TFRecordReader(options=tf1.python_io.TFRecordOptions(
            tf1.python_io.TFRecordCompressionType.GZIP)).read(queue)
        zipped_x = tf1.parse_single_example(value, {"x": tf1.FixedLenFeature([], tf.int64)})["x"]
        endless = _parsed(tf1, data["records"][:1], shuffle=False)  # num_epochs None
        return (tf1.train.batch([zipped_x], 5), tf1.train.batch([endless], 5))

    legacy, ours = both(build, limit=1)
    assert counted.calls == 2
    assert multiset(ours.batches) == multiset(legacy.batches)
