"""A batch's ops run once per batch (``graph_batch._vectorized``) only where that gives each record its own
values (issue 16, held-out round 17).

The batched forms ``tf.vectorized_map`` makes assume every record's values have one shape: a
``FixedLenSequenceFeature``'s list was padded to the batch's longest and ``tf.size`` of it counted the
padding (lengths ``[5, 5, 5, 5]`` where legacy gave ``[2, 3, 4, 5]``, silently), and the batched
``decode_csv`` dropped ``na_value`` ("Field 2 ... is not a valid float: NA"; now that ``decode_csv`` runs on
the batch as it is). Each program here runs under
``tensorflow.compat.v1`` (legacy) and under the drop-in (``batch_harness.both``); what arrives must be
legacy's, batch by batch. Several pipelines over one file go into one program (one run both ways), and the
number of ``tf.vectorized_map`` calls says which of them ran once per batch."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
import tensorflow as tf

from batch_harness import both, multiset

pytestmark = pytest.mark.timeout(240)
WINDOW = 6
BATCH = 4


def _example(**features: Any) -> bytes:
    """An ``Example`` of these lists, typed by their names (``pairs``, ``tempo``: floats; ``tags``: bytes)."""
    out = {}
    for key, value in features.items():
        if key == "tags":
            out[key] = tf.train.Feature(bytes_list=tf.train.BytesList(value=value))
        elif key in ("pairs", "tempo"):
            out[key] = tf.train.Feature(float_list=tf.train.FloatList(value=value))
        else:
            out[key] = tf.train.Feature(int64_list=tf.train.Int64List(value=value))
    return tf.train.Example(features=tf.train.Features(feature=out)).SerializeToString()


@pytest.fixture(scope="module")
def data(tmp_path_factory: Any) -> dict[str, str]:
    root = tmp_path_factory.mktemp("vectorized_exact")
    songs = str(root / "songs.tfrecord")
    with tf.io.TFRecordWriter(songs) as writer:
        for i in range(11):  # lists of 0..6 values (0: the feature is missing), never sorted by length
            k = (i * 5) % 7
            features = {"id": [i], "n": [1 + i % 4], "tempo": [90.0 + i],
                        "pairs": [float(i + j) for j in range(2 * (k % 4))], "tags": [b"t%d" % j for j in range(i % 3)]}
            if k:
                features["notes"] = [60 + (i + j) % 12 for j in range(k)]
            writer.write(_example(**features))
    sequences = str(root / "sequences.tfrecord")
    with tf.io.TFRecordWriter(sequences) as writer:
        for i in range(9):
            steps = [tf.train.Feature(int64_list=tf.train.Int64List(value=[i * 10 + j])) for j in range(1 + i % 4)]
            writer.write(tf.train.SequenceExample(
                context=tf.train.Features(feature={"id": tf.train.Feature(int64_list=tf.train.Int64List(value=[i]))}),
                feature_lists=tf.train.FeatureLists(feature_list={"steps": tf.train.FeatureList(feature=steps)}),
            ).SerializeToString())
    houses = root / "houses.csv"
    rows = ["lot,year,garage,name,price"]
    for i in range(13):
        garage = "NA" if i % 4 == 0 else str(i % 3)
        year = "NA" if i % 5 == 3 else str(1950 + 2 * i)
        rows.append(f'{8000 + 125 * i},{year},{garage},"house, no. {i}",{100000 + 2500 * i}')
    houses.write_text("\n".join(rows) + "\n")
    semi = root / "semi.csv"  # quotes are data where use_quote_delim=False
    semi.write_text("".join(f'{i};"q{i}";{i * 0.25}\n' for i in range(10)))
    return {"songs": songs, "sequences": sequences, "houses": str(houses), "semi": str(semi)}


class _Counted:
    """Counts the calls of ``tf.vectorized_map`` (still called) while in use."""

    def __init__(self, monkeypatch: Any) -> None:
        self.calls = 0
        original = tf.vectorized_map

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls += 1
            return original(*args, **kwargs)

        monkeypatch.setattr(tf, "vectorized_map", counted)


def _records(tf1: Any, path: str, reader: str = "TFRecordReader", **kwargs: Any) -> Any:
    queue = tf1.train.string_input_producer([path], num_epochs=1, shuffle=False)
    return getattr(tf1, reader)(**kwargs).read(queue)[1]


def _batch(tf1: Any, tensors: Any) -> Any:
    return tf1.train.batch(tensors, BATCH, allow_smaller_final_batch=True)


def _same(legacy: Any, ours: Any) -> None:
    assert ours.end is legacy.end is tf.errors.OutOfRangeError
    assert ours.joined is None and legacy.joined is None
    assert len(ours.batches) == len(legacy.batches) > 1
    for a, b in zip(legacy.batches, ours.batches):
        tf.nest.map_structure(np.testing.assert_array_equal, a, b)


# --- sequence and variable-length features: each record's own length ---------------------------------


class _Songs:
    """A parser kept on an object (another shape of helper); ``spec`` reused by name."""

    spec = {"notes": tf.io.FixedLenSequenceFeature([], tf.int64, allow_missing=True),
            "tempo": tf.io.FixedLenFeature([], tf.float32), "id": tf.io.FixedLenFeature([], tf.int64)}

    def __init__(self, tf1: Any) -> None:
        self.tf1 = tf1

    def parse(self, serialized: Any) -> dict[str, Any]:
        parsed = self.tf1.parse_single_example(serialized, self.spec)
        notes = parsed["notes"]
        parsed["length"] = self.tf1.minimum(self.tf1.size(notes), WINDOW)
        padded = self.tf1.pad(notes, [[0, WINDOW]])[:WINDOW]
        padded.set_shape([WINDOW])
        parsed["notes"] = padded - 60
        return parsed


def test_sequence_and_var_len_features_give_each_record_its_own_length(data, monkeypatch):
    tried = _Counted(monkeypatch)

    def build(tf1: Any) -> Any:
        parsed = _Songs(tf1).parse(_records(tf1, data["songs"]))  # the held-out program's shape: a dict filter
        songs = _batch(tf1, {key: value for key, value in parsed.items() if key in ("notes", "length", "id")})
        # tf.io spelling, a sequence of pairs: its shape and a mean the padding would change
        pairs = tf.io.parse_single_example(_records(tf1, data["songs"]), {
            "pairs": tf.io.FixedLenSequenceFeature([2], tf.float32, allow_missing=True)})["pairs"]
        stats = _batch(tf1, [tf1.shape(pairs), tf1.reduce_mean(tf1.concat([pairs, [[1.0, 1.0]]], 0), 0)])
        # a VarLenFeature densified, inline
        tags = tf1.sparse.to_dense(tf1.parse_single_example(
            _records(tf1, data["songs"]), {"tags": tf1.VarLenFeature(tf.string)})["tags"], default_value=b"")
        tagged = _batch(tf1, [tf1.size(tags), tf1.strings.reduce_join(tags, separator=b"+")])
        # a SequenceExample's feature list (allow_missing False)
        _, lists = tf1.parse_single_sequence_example(
            _records(tf1, data["sequences"]), sequence_features={"steps": tf1.FixedLenSequenceFeature([], tf.int64)})
        steps = _batch(tf1, [tf1.size(lists["steps"]), tf1.reduce_max(lists["steps"])])
        return [songs, stats, tagged, steps]

    legacy, ours = both(build)
    _same(legacy, ours)
    assert [b[0]["length"].tolist() for b in legacy.batches[:2]] == [[0, 5, 3, 1], [6, 4, 2, 0]]
    assert tried.calls == 0  # none of them may run once per batch


def test_an_op_sized_by_a_record_value_runs_per_record(data, monkeypatch):
    """``fill``, ``tile``, ``pad`` and a slice sized by the record's own ``n``; ``tf.shape`` of the result."""
    tried = _Counted(monkeypatch)

    def build(tf1: Any) -> Any:
        parsed = tf1.parse_single_example(_records(tf1, data["songs"]), {
            "n": tf1.FixedLenFeature([], tf.int64), "id": tf1.FixedLenFeature([], tf.int64)})
        n = tf1.cast(parsed["n"], tf.int32)
        base = tf1.stack([parsed["id"], parsed["id"] + 1, parsed["id"] + 2])
        return _batch(tf1, [tf1.reduce_mean(tf1.cast(tf1.fill([n], parsed["id"]), tf.float32) + tf1.cast(n, tf.float32)),
                            tf1.size(tf1.tile(base, [n])), tf1.shape(tf1.pad(base, [[0, n]]))[0],
                            tf1.reduce_sum(tf1.range(10)[:n]), tf1.reduce_mean(tf1.cast(base[:n], tf.float32)), tf1.shape(tf1.tile(base, [n]))])

    legacy, ours = both(build)
    _same(legacy, ours)
    assert tried.calls == 0


def test_fixed_shapes_still_run_once_per_batch(data, monkeypatch):
    """What the batched forms give exactly still runs once per batch: ``FixedLenFeature``s (a ``tf.shape`` of
    one is a constant; lists parsed beside them that nothing reads), ``decode_csv`` with ``select_cols``, quoted fields, another delimiter, and record
    defaults of rank 0 and 1."""
    tried = _Counted(monkeypatch)

    def build(tf1: Any) -> Any:
        parsed = tf1.parse_single_example(_records(tf1, data["songs"]), {  # (the lists parsed, never read)
            "id": tf1.FixedLenFeature([], tf.int64), "tempo": tf1.FixedLenFeature([1], tf.float32),
            "tags": tf1.VarLenFeature(tf.string),
            "notes": tf1.FixedLenSequenceFeature([], tf.int64, allow_missing=True)})
        fixed = _batch(tf1, [parsed["id"] * 2, tf1.size(parsed["tempo"]), tf1.shape(parsed["tempo"])])
        row = _records(tf1, data["houses"], "TextLineReader", skip_header_lines=1)
        lot, name, price = tf1.decode_csv(row, [[0], [""], tf1.constant(0.0)], select_cols=[0, 3, 4])
        picked = _batch(tf1, [lot, name, price / 1000.0])
        a, b, c = tf.io.decode_csv(_records(tf1, data["semi"], "TextLineReader"), [[0], [""], [0.0]],
                                   field_delim=";", use_quote_delim=False)
        semi = _batch(tf1, [a, b, c])
        return [fixed, picked, semi]

    legacy, ours = both(build)
    _same(legacy, ours)
    assert legacy.batches[0][1][1][0] == b"house, no. 0" and legacy.batches[0][2][1][0] == b'"q0"'
    assert tried.calls == 3  # one per pipeline


# --- decode_csv's na_value ---------------------------------------------------------------------------


def test_decode_csv_na_value_gives_the_defaults(data, monkeypatch):
    tried = _Counted(monkeypatch)

    def build(tf1: Any) -> Any:
        row = _records(tf1, data["houses"], "TextLineReader", skip_header_lines=1)
        lot, year, garage, name, price = tf.io.decode_csv(row, [[0.0], [1970.0], [-1.0], [""], [0.0]], na_value="NA")
        houses = {"lot": lot, "year": year, "garage": garage, "name": name, "price": price}
        houses["missing_garage"] = tf1.cast(tf1.equal(houses["garage"], -1.0), tf.int32)
        again = _records(tf1, data["houses"], "TextLineReader", skip_header_lines=1)  # (one read per batch)
        selected = tf1.decode_csv(again, [[1970], [-1]], na_value="NA", select_cols=[1, 2])
        return [_batch(tf1, houses), _batch(tf1, selected)]

    legacy, ours = both(build)
    _same(legacy, ours)
    assert legacy.batches[0][0]["garage"].tolist() == [-1.0, 1.0, 2.0, 0.0]
    assert tried.calls == 2  # decode_csv runs on the whole batch as it is, the rest once per batch


def test_decode_csv_na_value_before_a_bad_row_delivers_every_row_before_it(tmp_path):
    """The batch holding the bad row fails; its rows before the bad one still arrive (``batch_retry``), then
    the row's error, as legacy's runner gave them."""
    path = tmp_path / "holes.csv"
    path.write_text("".join(("1,2,3\n" if i == 9 else f"{i},{'NA' if i % 3 else i}\n") for i in range(14)))

    def build(tf1: Any) -> Any:
        a, b = tf1.decode_csv(_records(tf1, str(path), "TextLineReader"), [[0], [-1]], na_value="NA")
        return _batch(tf1, [a + 1, b * 10])  # (an op reading output 0, by the bare name)

    legacy, ours = both(build)
    assert ours.end is legacy.end is tf.errors.OutOfRangeError
    assert type(ours.joined) is type(legacy.joined) is tf.errors.InvalidArgumentError
    assert [[c.tolist() for c in b] for b in ours.batches] == [[c.tolist() for c in b] for b in legacy.batches]
    assert sum(len(b[0]) for b in legacy.batches) == 9


def test_decode_csv_na_value_through_a_shuffle(data):
    def build(tf1: Any) -> Any:
        row = _records(tf1, data["houses"], "TextLineReader", skip_header_lines=1)
        values = tf1.decode_csv(row, [[0.0], [1970.0], [-1.0], [""], [0.0]], na_value="NA")
        return tf1.train.shuffle_batch(values, BATCH, capacity=20, min_after_dequeue=5, seed=3,
                                       allow_smaller_final_batch=True)

    legacy, ours = both(build)
    assert ours.end is legacy.end is tf.errors.OutOfRangeError
    assert multiset(ours.batches) == multiset(legacy.batches) and len(multiset(ours.batches)) == 13


# --- records of unknown shape (a queue that gave no shapes) ------------------------------------------


def _through_a_shapeless_queue(tf1: Any, path: str) -> Any:
    """The records of ``path`` through a ``FIFOQueue`` given no shapes, filled by a runner (Inception's input)."""
    examples = tf1.FIFOQueue(capacity=16, dtypes=[tf.string])
    tf1.train.add_queue_runner(tf1.train.QueueRunner(examples, [examples.enqueue([_records(tf1, path)])]))
    return examples.dequeue()


def test_a_record_of_unknown_shape_checked_scalar_by_the_parse_runs_once_per_batch(data, monkeypatch):
    tried = _Counted(monkeypatch)

    def build(tf1: Any) -> Any:
        serialized = _through_a_shapeless_queue(tf1, data["songs"])
        assert serialized.shape.rank is None
        parsed = tf1.parse_single_example(serialized, {"id": tf1.FixedLenFeature([], tf.int64),
                                                       "tempo": tf1.FixedLenFeature([], tf.float32)})
        return _batch(tf1, [parsed["id"] * 3, parsed["tempo"]])

    legacy, ours = both(build)
    _same(legacy, ours)
    assert tried.calls == 1


def test_a_sequence_feature_of_a_record_of_unknown_shape_runs_per_record(data, monkeypatch):
    tried = _Counted(monkeypatch)

    def build(tf1: Any) -> Any:
        serialized = _through_a_shapeless_queue(tf1, data["songs"])
        notes = tf1.parse_single_example(serialized, {
            "notes": tf1.FixedLenSequenceFeature([], tf.int64, allow_missing=True)})["notes"]
        return _batch(tf1, [tf1.size(notes), tf1.reduce_sum(notes)])

    legacy, ours = both(build)
    _same(legacy, ours)
    assert tried.calls == 0


def test_decode_csv_na_value_of_a_python_producers_lines(monkeypatch):
    """Lines from a zero-input ``py_func`` (a Python producer: its batches cross whole) decoded with ``na_value``."""
    from batch_harness import counter

    tried = _Counted(monkeypatch)

    def build(tf1: Any) -> Any:
        line = tf1.py_func(counter(10, lambda i: (b"%d,%s" % (i, b"NA" if i % 3 == 0 else b"%d" % (i * 7)),)), [],
                           [tf.string])[0]
        line.set_shape([])
        a, b = tf1.decode_csv(line, [[0], [-5]], na_value="NA")
        return _batch(tf1, [a, b + 1])

    legacy, ours = both(build)
    _same(legacy, ours)
    assert [b[1].tolist() for b in legacy.batches][0] == [-4, 8, 15, -4]
    assert tried.calls == 1
