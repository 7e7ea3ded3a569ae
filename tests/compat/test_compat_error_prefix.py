"""What arrives before an error (issue 16, item 6): a record the ops after the read cannot decode.

Legacy decoded one record per runner step: the records before the bad one were queued, the consumer got
them (the last, short batch with ``allow_smaller_final_batch``), then ``OutOfRangeError`` under a
``Coordinator`` whose ``join`` re-raised the record's error, which named "record 0" (one record per op).
The drop-in decodes a whole batch at once and, when that fails, retries it record by record
(``batch_retry.py``). Same program both ways, compared."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
import tensorflow as tf
from batch_harness import both

OOR = tf.errors.OutOfRangeError
ROWS, BAD = 50, 37


@pytest.fixture(scope="module")
def files(tmp_path_factory: Any) -> dict[str, str]:
    root = tmp_path_factory.mktemp("bad_records")
    csv = root / "rows.csv"
    csv.write_text("".join(f"{i},{i * 0.5},{i % 3}\n" if i != BAD else f"{i},1\n" for i in range(ROWS)))
    good = root / "good.csv"
    good.write_text("".join(f"{i},{i * 0.5},{i % 3}\n" for i in range(ROWS)))
    records = str(root / "examples.tfrecord")
    with tf.io.TFRecordWriter(records) as writer:
        for i in range(ROWS):
            example = tf.train.Example(features=tf.train.Features(feature={
                "x": tf.train.Feature(int64_list=tf.train.Int64List(value=[i]))}))
            writer.write(b"not an Example proto" if i == BAD else example.SerializeToString())
    return {"csv": str(csv), "good": str(good), "tfrecord": records}


def _read_and_decode(tf1: Any, filename_queue: Any) -> list[Any]:
    """The usual helper: a reader and the decode, called from the function that makes the batch."""
    _, line = tf1.TextLineReader().read(filename_queue)
    a, b, label = tf1.decode_csv(line, record_defaults=[[0], [0.0], [0]])
    return [a, b, label]


def _csv(path: str, batch_size: int, allow_smaller: bool, helper: bool = False) -> Any:
    def build(tf1: Any) -> Any:
        q = tf1.train.string_input_producer([path], num_epochs=1, shuffle=False)
        if helper:
            row = _read_and_decode(tf1, q)
        else:
            reader = tf1.TextLineReader()
            row = tf1.decode_csv(reader.read(q)[1], record_defaults=[[0], [0.0], [0]])
        return tf1.train.batch(row, batch_size=batch_size, allow_smaller_final_batch=allow_smaller)

    return build


def _examples(path: str, batch_size: int, allow_smaller: bool) -> Any:
    def build(tf1: Any) -> Any:
        q = tf1.train.string_input_producer([path], num_epochs=1, shuffle=False)
        _, serialized = tf1.TFRecordReader().read(q)
        x = tf1.parse_single_example(serialized, {"x": tf1.FixedLenFeature([], tf1.int64)})["x"]
        return tf1.train.batch([x], batch_size=batch_size, allow_smaller_final_batch=allow_smaller)

    return build


def _first(batch: Any) -> list[int]:
    return np.asarray(batch[0] if isinstance(batch, list) else batch).tolist()


@pytest.mark.parametrize("allow_smaller, expected", [(True, [10, 10, 10, 7]), (False, [10, 10, 10])])
@pytest.mark.parametrize("helper", [False, True], ids=["inline", "helper"])
def test_a_bad_csv_row_delivers_every_row_before_it_then_its_error(files, allow_smaller, expected, helper):
    legacy, ours = both(_csv(files["csv"], 10, allow_smaller, helper))
    assert [len(_first(b)) for b in ours.batches] == [len(_first(b)) for b in legacy.batches] == expected
    assert [_first(b) for b in ours.batches] == [_first(b) for b in legacy.batches]
    for i in range(3):
        np.testing.assert_equal(ours.batches[-1][i], legacy.batches[-1][i])
    assert ours.end is legacy.end is OOR
    assert type(ours.joined) is type(legacy.joined) is tf.errors.InvalidArgumentError
    assert "Expect 3 fields but have 2 in record 0" in legacy.joined.message
    # legacy's runner thread's words, the record's op named as the program named it: not Session.run's
    # "Graph execution error: Detected at node 'batch/retry/lifted/DecodeCSV'..." retelling
    assert ours.joined.message == legacy.joined.message


@pytest.mark.parametrize("batch_size", [8, 37, 50])
def test_a_bad_example_delivers_every_example_before_it_then_its_error(files, batch_size):
    legacy, ours = both(_examples(files["tfrecord"], batch_size, True))
    assert [_first(b) for b in ours.batches] == [_first(b) for b in legacy.batches]
    assert sum(len(_first(b)) for b in ours.batches) == BAD
    assert ours.end is legacy.end is OOR
    assert type(ours.joined) is type(legacy.joined)
    assert ours.joined.message == legacy.joined.message


def test_without_a_bad_record_nothing_changes(files):
    legacy, ours = both(_csv(files["good"], 10, True))
    assert [_first(b) for b in ours.batches] == [_first(b) for b in legacy.batches]
    assert ours.end is legacy.end is OOR and ours.joined is legacy.joined is None


def test_without_a_coordinator_the_good_rows_arrive_then_the_records_error(files):
    import warnings

    import tfdata_bridge.compat.v1 as bridge

    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        batch = _csv(files["csv"], 10, True)(bridge)
        got = []
        with bridge.Session() as sess:
            with pytest.raises(tf.errors.InvalidArgumentError, match="in record 0"):
                for _ in range(10):
                    got.append(len(sess.run(batch)[0]))
            with pytest.raises(tf.errors.InvalidArgumentError, match="in record 0"):  # and it stays failed
                sess.run(batch)
    assert got == [10, 10, 10, 7]


@pytest.mark.parametrize("allow_smaller", [False, True])
def test_a_missing_file_gives_the_full_batches_before_it_then_legacys_error(files, tmp_path, allow_smaller):
    missing = str(tmp_path / "missing.csv")

    def build(tf1: Any) -> Any:
        q = tf1.train.string_input_producer([files["good"], missing, files["good"]], num_epochs=1, shuffle=False)
        _, line = tf1.TextLineReader().read(q)
        return tf1.train.batch([line], batch_size=16, allow_smaller_final_batch=allow_smaller)

    legacy, ours = both(build)
    assert [b.tolist() for b in ours.batches] == [b.tolist() for b in legacy.batches]
    # with allow_smaller_final_batch, the short batch of the good file's last rows too (partial_replay.py)
    assert [len(b) for b in ours.batches] == [16] * (ROWS // 16) + ([ROWS % 16] if allow_smaller else [])
    assert ours.end is legacy.end is OOR
    assert type(ours.joined) is type(legacy.joined) is tf.errors.NotFoundError
    assert missing in ours.joined.message and missing in legacy.joined.message


def test_with_two_threads_every_row_before_the_bad_one_arrives_and_none_after(files):
    import warnings

    import tfdata_bridge.compat.v1 as bridge

    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        q = bridge.train.string_input_producer([files["csv"]], num_epochs=1, shuffle=False)
        row = bridge.decode_csv(bridge.TextLineReader().read(q)[1], record_defaults=[[0], [0.0], [0]])
        batch = bridge.train.batch(row, batch_size=8, num_threads=2, allow_smaller_final_batch=True)
        got = []
        with bridge.Session() as sess:
            coord = bridge.train.Coordinator()
            threads = bridge.train.start_queue_runners(sess, coord)
            with pytest.raises(OOR):
                for _ in range(20):
                    got.extend(sess.run(batch)[0].tolist())
            with pytest.raises(tf.errors.InvalidArgumentError, match="in record 0"):
                coord.join(threads, stop_grace_period_secs=10)
    assert sorted(got) == list(range(BAD))


def test_the_end_and_a_closed_session_are_not_retried(files):
    import warnings

    import tfdata_bridge.compat.v1 as bridge
    from tfdata_bridge._src.compat import batch_retry

    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        batch = _csv(files["good"], 10, True)(bridge)
        sess = bridge.Session()
        sess.run(batch)
        sess.close()
        for error in (tf.errors.OutOfRangeError(None, None, f"End of sequence [[{{{{node {batch[0].op.name}}}}}]]"),
                      tf.errors.CancelledError(None, None, "")):
            assert batch_retry.recover(sess, error, lambda feeds: pytest.fail("ran again")) == (False, error)
        failed = tf.errors.InvalidArgumentError(None, None, f"bad [[{{{{node {batch[0].op.name}}}}}]]")
        assert batch_retry.recover(sess, failed, lambda feeds: pytest.fail("ran again")) == (False, failed)


def _number_rows(batch_size: int, bad: int | None) -> Any:
    """Records of rank 1 (an input producer's rows of a matrix): the retry's stash keeps each raw batch as
    one vector whatever its records' rank (TensorFlow's table of tensors keeps vectors only)."""
    rows = [[str(i), "x" if i == bad else str(i * 2)] for i in range(20)]

    def build(tf1: Any) -> Any:
        q = tf1.train.input_producer(tf1.constant(rows), num_epochs=1, shuffle=False)
        return tf1.train.batch([tf1.strings.to_number(q.dequeue()) * 2.0], batch_size=batch_size,
                               allow_smaller_final_batch=True)

    return build


def test_records_of_rank_one_batch_as_legacys():
    legacy, ours = both(_number_rows(4, None))
    assert [_first(b) for b in ours.batches] == [_first(b) for b in legacy.batches]
    assert sum(len(_first(b)) for b in ours.batches) == 20
    assert ours.end is legacy.end is OOR
