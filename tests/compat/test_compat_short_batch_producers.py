"""What arrives before a failing read through a shuffle or several producers (issue 16, item 6).

Legacy's runner thread hands the error to the ``Coordinator``, which closes the queue with
``cancel_pending_enqueues``; a consumer that keeps dequeuing gets everything the queue held, in full
batches, then (``allow_smaller_final_batch``) the short one, then ``OutOfRangeError``, and
``coord.join`` re-raises the error. For one producer thread that is every record read before the
failure, exactly; with several, the records the others had in flight depend on the thread schedule.
The drop-in reads the records again (``partial_replay.py``; a shuffle's buffer: ``shuffle_replay.py``)
and delivers every record before the failure, once: one of the sets legacy could deliver, and the
certain one where legacy's is certain. Same program both ways (``batch_harness.both``)."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
import tensorflow as tf
from batch_harness import both, consumed_by_threads, elements

import tfdata_bridge.compat.v1 as bridge

OOR = tf.errors.OutOfRangeError
PER_FILE = 13  # records per good file; batches of 5: no full batch ends a file
pytestmark = pytest.mark.timeout(240)


def _write(path: Any, values: list[bytes]) -> str:
    with tf.io.TFRecordWriter(str(path)) as writer:
        for v in values:
            writer.write(v)
    return str(path)


@pytest.fixture(scope="module")
def files(tmp_path_factory: Any) -> dict[str, Any]:
    root = tmp_path_factory.mktemp("short_batch_producers")
    good = [_write(root / f"good{f}.tfrecord", [np.array([f, i], np.int32).tobytes() for i in range(PER_FILE)])
            for f in range(3)]
    corrupt = root / "corrupt.tfrecord"
    _write(corrupt, [np.array([9, i], np.int32).tobytes() for i in range(PER_FILE)])
    data = bytearray(corrupt.read_bytes())
    data[-3] ^= 0xFF  # the last record's CRC no longer matches: DataLossError there
    corrupt.write_bytes(bytes(data))
    bad = _write(root / "bad_pair.tfrecord",  # record 11 has 3 bytes: decode_raw fails on it
                 [np.array([7, i], np.int32).tobytes() if i != 11 else b"bad" for i in range(17)])
    csv = []
    for f in range(2):
        path = root / f"rows{f}.csv"
        path.write_text("".join(f"{f},{i},{i * 0.5}\n" for i in range(PER_FILE)))
        csv.append(str(path))
    return {"good": good, "corrupt": str(corrupt), "missing": str(root / "missing.tfrecord"), "bad": bad,
            "csv": csv, "missing_csv": str(root / "missing.csv")}


def _pairs(tf1: Any, q: Any, inline: bool = False) -> Any:
    if inline:
        value = tf1.TFRecordReader().read(q)[1]
    else:
        reader = tf1.TFRecordReader()
        _, value = reader.read(q)
    return tf1.reshape(tf1.io.decode_raw(value, tf1.int32), [2])


def _shuffled(names: list[str], allow: bool, seed: Any = None, threads: int = 1, inline: bool = False,
              join: int = 0) -> Any:
    """``shuffle_batch`` (``join``: ``shuffle_batch_join`` of that many readers) of 5, capacity 12: its
    buffer holds fewer than the records read, so full batches come before the failure."""

    def build(tf1: Any) -> Any:
        if seed == "graph":
            tf1.set_random_seed(5)  # the graph's seed only: TensorFlow derives the shuffle's
        q = tf1.train.string_input_producer(names, num_epochs=1, shuffle=False)
        kwargs = dict(capacity=12, min_after_dequeue=4, allow_smaller_final_batch=allow,
                      seed=None if seed == "graph" else seed)
        if join:
            return tf1.train.shuffle_batch_join([[_pairs(tf1, q, inline)] for _ in range(join)], 5, **kwargs)
        return tf1.train.shuffle_batch([_pairs(tf1, q, inline)], 5, num_threads=threads, **kwargs)

    return build


def _records(run: Any) -> list[tuple[int, int]]:
    return [tuple(e[0][1]) for e in elements(run.batches)]


def _every(*files: int) -> list[tuple[int, int]]:
    """The records ``(file, i)`` of the good files ``files``."""
    return sorted((f, i) for f in files for i in range(PER_FILE))


def _ended_as_legacy(legacy: Any, ours: Any, error: type) -> None:
    assert ours.end is legacy.end is OOR
    assert type(ours.joined) is type(legacy.joined) is error


@pytest.mark.parametrize("seed", [None, 7, "graph"])
def test_a_shuffle_batch_delivers_what_its_buffer_held_when_a_file_is_missing(files, seed):
    names = [files["good"][0], files["good"][1], files["missing"], files["good"][2]]
    legacy, ours = both(_shuffled(names, True, seed))
    _ended_as_legacy(legacy, ours, tf.errors.NotFoundError)
    assert sorted(_records(legacy)) == _every(0, 1)  # legacy's closed queue gave every record read
    assert sorted(_records(ours)) == _every(0, 1)  # each exactly once
    assert [len(b) for b in ours.batches] == [len(b) for b in legacy.batches] == [5] * 5 + [1]
    assert files["missing"] in ours.joined.message


def test_without_allow_smaller_final_batch_the_buffers_full_batches_arrive(files):
    names = [files["good"][0], files["good"][1], files["missing"]]
    legacy, ours = both(_shuffled(names, False))
    _ended_as_legacy(legacy, ours, tf.errors.NotFoundError)
    for run in (legacy, ours):  # 25 of the 26 (the one left is up to the shuffle), none twice
        got = _records(run)
        assert len(got) == len(set(got)) == 25 and set(got) <= set(_every(0, 1))


@pytest.mark.parametrize("inline", [False, True])
def test_a_shuffle_batch_delivers_every_record_before_a_corrupt_one(files, inline):
    names = [files["good"][0], files["corrupt"], files["good"][1]]
    legacy, ours = both(_shuffled(names, True, inline=inline))
    _ended_as_legacy(legacy, ours, tf.errors.DataLossError)
    expected = sorted(_every(0) + [(9, i) for i in range(PER_FILE - 1)])
    assert sorted(_records(legacy)) == sorted(_records(ours)) == expected


def test_a_shuffle_batch_delivers_every_record_before_one_decode_raw_fails_on(files):
    legacy, ours = both(_shuffled([files["good"][0], files["bad"]], True))
    _ended_as_legacy(legacy, ours, tf.errors.InvalidArgumentError)
    expected = sorted(_every(0) + [(7, i) for i in range(11)])
    assert sorted(_records(legacy)) == sorted(_records(ours)) == expected
    assert ours.joined.message == legacy.joined.message  # legacy's own message


def test_a_vectorized_shuffle_batch_of_csv_rows_delivers_every_row_before_a_missing_file(files):
    names = [files["csv"][0], files["csv"][1], files["missing_csv"]]

    def build(tf1: Any) -> Any:
        q = tf1.train.string_input_producer(names, num_epochs=1, shuffle=False)
        _, line = tf1.TextLineReader().read(q)
        f, i, x = tf1.io.decode_csv(line, [[0], [0], [0.0]])
        return tf1.train.shuffle_batch([f, i, x], 5, capacity=12, min_after_dequeue=4, allow_smaller_final_batch=True)

    legacy, ours = both(build)
    _ended_as_legacy(legacy, ours, tf.errors.NotFoundError)
    rows = [(e[0][1][0], e[1][1][0]) for e in elements(ours.batches)]
    assert sorted(rows) == sorted((e[0][1][0], e[1][1][0]) for e in elements(legacy.batches)) == _every(0, 1)


# --- several producers: num_threads > 1, the readers of a *_join ---------------------------------------------


@pytest.mark.parametrize("threads", [2, 3])
def test_num_threads_deliver_every_record_before_a_missing_file_once(files, threads):
    names = [files["good"][0], files["good"][1], files["missing"], files["good"][2]]

    def build(tf1: Any) -> Any:
        q = tf1.train.string_input_producer(names, num_epochs=1, shuffle=False)
        return tf1.train.batch([_pairs(tf1, q)], 5, num_threads=threads, allow_smaller_final_batch=True)

    legacy, ours = both(build)
    _ended_as_legacy(legacy, ours, tf.errors.NotFoundError)
    assert sorted(_records(ours)) == _every(0, 1)
    assert [len(b) for b in ours.batches][-1] == 1
    # legacy's: every record of the files before it but those in the other threads' hands at the error, and
    # what they read of the next file before the Coordinator stopped them; none twice
    got = _records(legacy)
    assert len(got) == len(set(got)) and len(set(_every(0, 1)) - set(got)) < threads
    assert set(got) - set(_every(0, 1)) <= set(_every(2))


def test_num_threads_through_a_shuffle_deliver_every_record_before_a_per_record_failure(files):
    legacy, ours = both(_shuffled([files["good"][0], files["bad"]], True, threads=2))
    _ended_as_legacy(legacy, ours, tf.errors.InvalidArgumentError)
    expected = _every(0) + [(7, i) for i in range(11)]
    assert sorted(_records(ours)) == sorted(expected)
    got = _records(legacy)
    assert len(got) == len(set(got)) and len(set(expected) - set(got)) < 2
    assert set(got) - set(expected) <= {(7, i) for i in range(12, 17)}  # (the other thread read on)


@pytest.mark.parametrize("api, differ", [("batch_join", False), ("shuffle_batch_join", False), ("batch_join", True),
                                         ("shuffle_batch_join", True)])
def test_the_readers_of_a_join_deliver_every_record_before_a_missing_file_once(files, api, differ):
    names = [files["good"][0], files["good"][1], files["missing"], files["good"][2]]

    def build(tf1: Any) -> Any:
        q = tf1.train.string_input_producer(names, num_epochs=1, shuffle=False)
        lists = [[_pairs(tf1, q, inline=i % 2 == 1)] for i in range(2)]  # (one inline reader, one named)
        if differ:  # other ops in the second list: not a copy of the first
            lists[1] = [tf1.reverse(tf1.reverse(lists[1][0], [0]), [0])]
        if api == "batch_join":
            return tf1.train.batch_join(lists, 5, allow_smaller_final_batch=True)
        return tf1.train.shuffle_batch_join(lists, 5, capacity=12, min_after_dequeue=4, allow_smaller_final_batch=True)

    legacy, ours = both(build)
    _ended_as_legacy(legacy, ours, tf.errors.NotFoundError)
    assert sorted(_records(ours)) == _every(0, 1)
    got = _records(legacy)  # legacy's: the other reader may be stopped part way through its file
    assert len(got) == len(set(got)) and set(got) <= set(_every(0, 1) + _every(2))


# --- how the program reads: loop styles, no Coordinator, two consumers -------------------------------------


def _consume(tf1: Any, build: Any, style: str) -> tuple[list[Any], BaseException | None]:
    """Run ``build``'s batch in the loop ``style``: ``"should_stop"`` (``while not coord.should_stop()``,
    ``OutOfRangeError`` caught around it) or ``"no_coordinator"`` (until the error, then once more)."""
    got: list[Any] = []
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        batch = build(tf1)
        with tf1.Session() as sess:
            sess.run(tf1.local_variables_initializer())
            if style == "no_coordinator":
                threads = tf1.train.start_queue_runners(sess)
                with pytest.raises(tf.errors.NotFoundError) as first:
                    for _ in range(100):
                        got.append(sess.run(batch))
                with pytest.raises(tf.errors.NotFoundError):  # and again: nothing more arrives
                    sess.run(batch)
                del threads
                return got, first.value
            coord = tf1.train.Coordinator()
            threads = tf1.train.start_queue_runners(sess, coord)
            try:
                while not coord.should_stop():
                    got.append(sess.run(batch))
            except OOR:
                pass
            joined = None
            try:
                coord.join(threads, stop_grace_period_secs=10)
            except tf.errors.OpError as e:
                joined = e
    return got, joined


def test_in_a_should_stop_loop_what_arrives_is_what_legacy_could_deliver(files):
    names = [files["good"][0], files["good"][1], files["missing"]]
    for tf1 in (tf.compat.v1, bridge):  # legacy's consumer stops when the Coordinator does: timing decides
        got, joined = _consume(tf1, _shuffled(names, True), "should_stop")
        records = [tuple(e[0][1]) for e in elements(got)]
        assert len(records) == len(set(records)) and set(records) <= set(_every(0, 1)), tf1
        assert type(joined) is tf.errors.NotFoundError


def test_without_a_coordinator_the_buffer_arrives_then_the_error_and_it_stays(files):
    # (legacy's queue stays open without a Coordinator: its consumer waits for ever once fewer than a batch
    # are left, test_reliability_user_runner.py; the drop-in's gets what was held, then the error)
    names = [files["good"][0], files["good"][1], files["missing"]]
    got, error = _consume(bridge, _shuffled(names, True), "no_coordinator")
    assert sorted(tuple(e[0][1]) for e in elements(got)) == _every(0, 1)
    assert [len(b) for b in got][-1] == 1 and names[2] in error.message


def test_two_consumer_threads_share_what_the_buffer_held(files):
    names = [files["good"][0], files["good"][1], files["missing"]]

    def consume(tf1: Any) -> list[Any]:
        return consumed_by_threads(tf1, _shuffled(names, True), tf.errors.NotFoundError)

    for tf1 in (tf.compat.v1, bridge):
        assert sorted(tuple(e[0][1]) for e in elements(consume(tf1))) == _every(0, 1), tf1


def test_a_vectorized_shuffle_batch_whose_decode_fails_on_a_row_delivers_every_row_read_before_it(tmp_path):
    bad = 17  # decode_csv runs once per batch (vectorized); row 17 has two fields
    path = tmp_path / "bad_row.csv"
    path.write_text("".join(f"0,{i},{i * 0.5}\n" if i != bad else f"0,{i}\n" for i in range(30)))

    def build(tf1: Any) -> Any:
        q = tf1.train.string_input_producer([str(path)], num_epochs=1, shuffle=False)
        _, line = tf1.TextLineReader().read(q)
        f, i, x = tf1.io.decode_csv(line, [[0], [0], [0.0]])
        return tf1.train.shuffle_batch([f, i, x], 5, capacity=12, min_after_dequeue=4, allow_smaller_final_batch=True)

    legacy, ours = both(build)
    _ended_as_legacy(legacy, ours, tf.errors.InvalidArgumentError)
    assert ours.joined.message == legacy.joined.message  # legacy's own ("Expect 3 fields but have 2 ...")
    before = set(range(bad))
    assert sorted(e[1][1][0] for e in elements(legacy.batches)) == sorted(before)  # legacy stopped at the row
    got = [e[1][1][0] for e in elements(ours.batches)]
    # every row read before it, once; rows read after it only where the shuffle put them in a batch
    # before the failed one (they had arrived when the error came)
    assert len(got) == len(set(got)) and before <= set(got) and set(got) - before <= set(range(bad + 1, bad + 13))


@pytest.mark.parametrize("consumer", ["dequeue_up_to", "batch_of_dequeue", "shuffle_dequeue_many"])
def test_several_enqueue_ops_of_a_queue_runner_deliver_every_record_before_a_missing_file_once(files, consumer):
    names = [files["good"][0], files["good"][1], files["missing"], files["good"][2]]

    def build(tf1: Any) -> Any:
        q = tf1.train.string_input_producer(names, num_epochs=1, shuffle=False)
        if consumer == "shuffle_dequeue_many":
            queue = tf1.RandomShuffleQueue(40, 4, [tf1.int32], shapes=[[2]])
        else:
            queue = tf1.FIFOQueue(40, [tf1.int32], shapes=[[2]])
        enqueues = [queue.enqueue([_pairs(tf1, q, inline=i == 1)]) for i in range(2)]  # two readers, one queue
        tf1.train.add_queue_runner(tf1.train.QueueRunner(queue, enqueues))
        if consumer == "dequeue_up_to":
            return queue.dequeue_up_to(5)
        if consumer == "batch_of_dequeue":
            return tf1.train.batch([queue.dequeue()], 5, allow_smaller_final_batch=True)
        return queue.dequeue_many(5)

    legacy, ours = both(build)
    _ended_as_legacy(legacy, ours, tf.errors.NotFoundError)
    got = _records(ours)
    if consumer == "shuffle_dequeue_many":  # dequeue_many leaves the last fewer than 5 in the closed queue
        assert len(got) == len(set(got)) == 25 and set(got) <= set(_every(0, 1))
    else:
        assert sorted(got) == _every(0, 1)
    old = _records(legacy)  # legacy's: what the other runner thread had enqueued when the queue closed
    assert len(old) == len(set(old)) and set(old) <= set(_every(0, 1) + _every(2))


# --- several lists of one read(): one read, each record to one list (one_read_lists.py) ---------------------


@pytest.mark.parametrize("api, lists, keyed", [("batch_join", 3, True), ("shuffle_batch_join", 2, False)])
def test_lists_of_one_read_deliver_every_record_before_a_missing_file_once(files, api, lists, keyed):
    names = [files["good"][0], files["good"][1], files["missing"], files["good"][2]]

    def build(tf1: Any) -> Any:
        q = tf1.train.string_input_producer(names, num_epochs=1, shuffle=False)
        key, value = tf1.TFRecordReader().read(q)

        def preprocess(k: int) -> list[Any]:  # each list its own ops over the one read (not copies)
            pair = tf1.reshape(tf1.io.decode_raw(value, tf1.int32), [2]) * (k + 1) // (k + 1)
            return [pair, tf1.strings.length(key) * 0] if keyed else [pair]

        joined = [preprocess(k) for k in range(lists)]
        if api == "batch_join":
            return tf1.train.batch_join(joined, 5, allow_smaller_final_batch=True)
        return tf1.train.shuffle_batch_join(joined, 5, capacity=12, min_after_dequeue=4, allow_smaller_final_batch=True)

    legacy, ours = both(build)
    _ended_as_legacy(legacy, ours, tf.errors.NotFoundError)
    assert sorted(_records(ours)) == _every(0, 1)
    first_line = legacy.joined.message.splitlines()[0]  # (the node named after it is the pipeline's)
    assert ours.joined.message.splitlines()[0] == first_line and files["missing"] in first_line
    got = _records(legacy)  # legacy's: its other threads may read on into the next file before the stop
    assert len(got) == len(set(got)) and set(got) <= set(_every(0, 1) + _every(2))


def test_lists_of_one_inline_read_deliver_every_record_before_a_corrupt_one(files):
    def build(tf1: Any) -> Any:
        q = tf1.train.string_input_producer([files["good"][0], files["corrupt"]], num_epochs=1, shuffle=False)
        value = tf1.TFRecordReader().read(q)[1]
        pair = tf1.reshape(tf1.io.decode_raw(value, tf1.int32), [2])
        return tf1.train.batch_join([[pair], [tf1.reverse(tf1.reverse(pair, [0]), [0])]], 5,
                                    allow_smaller_final_batch=True)

    legacy, ours = both(build)
    _ended_as_legacy(legacy, ours, tf.errors.DataLossError)
    expected = sorted(_every(0) + [(9, i) for i in range(PER_FILE - 1)])
    assert sorted(_records(ours)) == expected
    got = _records(legacy)
    assert len(got) == len(set(got)) and set(got) <= set(expected)


# --- random ops after a read: a read again draws afresh (partial_replay._random_only) ------------------------


@pytest.mark.parametrize("shape", ["join_of_one_read", "shuffle_batch"])  # (train.batch: the seeded test below)
def test_random_ops_after_a_read_deliver_every_record_before_a_missing_file_once(files, shape):
    names = [files["good"][0], files["good"][1], files["missing"], files["good"][2]]

    def build(tf1: Any) -> Any:
        q = tf1.train.string_input_producer(names, num_epochs=1, shuffle=False)
        value = tf1.TFRecordReader().read(q)[1]

        def augmented() -> list[Any]:  # a random op on the record (a no-op on its values) and a random value
            pair = _pairs_of(tf1, value)
            return [tf1.random.shuffle(pair) * 0 + pair, tf1.random.uniform([], 0.0, 1.0)]

        if shape == "join_of_one_read":
            return tf1.train.batch_join([augmented() for _ in range(2)], 5, allow_smaller_final_batch=True)
        return tf1.train.shuffle_batch(augmented(), 5, capacity=12, min_after_dequeue=4, allow_smaller_final_batch=True)

    legacy, ours = both(build)
    _ended_as_legacy(legacy, ours, tf.errors.NotFoundError)
    assert sorted(_records(ours)) == _every(0, 1)
    assert all(0.0 <= x < 1.0 for batch in ours.batches for x in batch[1].tolist())
    got = _records(legacy)
    assert len(got) == len(set(got)) and set(got) <= set(_every(0, 1) + _every(2))


def test_seeded_random_ops_give_legacys_values_in_the_short_batch_too(files):
    names = [files["good"][0], files["good"][1], files["missing"]]

    def build(tf1: Any) -> Any:
        tf1.set_random_seed(11)
        q = tf1.train.string_input_producer(names, num_epochs=1, shuffle=False)
        _, value = tf1.TFRecordReader().read(q)
        noise = tf1.random.uniform([], seed=4)  # one thread: legacy's values, in order, the short batch's too
        return tf1.train.batch([_pairs_of(tf1, value), noise], 5, allow_smaller_final_batch=True)

    legacy, ours = both(build)
    _ended_as_legacy(legacy, ours, tf.errors.NotFoundError)
    assert [len(b[0]) for b in ours.batches] == [5] * 5 + [1]
    for old, new in zip(legacy.batches, ours.batches, strict=True):
        np.testing.assert_equal(new[0], old[0])
        np.testing.assert_allclose(new[1], old[1], rtol=1e-6)


def _pairs_of(tf1: Any, value: Any) -> Any:
    return tf1.reshape(tf1.io.decode_raw(value, tf1.int32), [2])


@pytest.mark.parametrize("stateful", [False, True])
def test_a_py_func_after_a_read_gives_the_short_batch_and_a_stateful_one_is_called_once_per_record(files, stateful):
    names = [files["good"][0], files["good"][1], files["missing"], files["good"][2]]
    calls: dict[Any, list[tuple[int, int]]] = {}

    def build(tf1: Any) -> Any:
        seen = calls.setdefault(tf1, [])

        def same(pair: np.ndarray) -> np.ndarray:
            seen.append(tuple(pair.tolist()))
            return pair

        q = tf1.train.string_input_producer(names, num_epochs=1, shuffle=False)
        out = tf1.py_func(same, [_pairs_of(tf1, tf1.TFRecordReader().read(q)[1])], tf1.int32, stateful=stateful)
        out.set_shape([2])
        return tf1.train.batch([out], 5, allow_smaller_final_batch=True)

    legacy, ours = both(build)
    _ended_as_legacy(legacy, ours, tf.errors.NotFoundError)
    got = _records(ours)
    assert sorted(got) == _every(0, 1) and [len(b) for b in ours.batches][-1] == 1  # the short batch arrives
    if stateful:  # never called twice for a record: the read again takes its kept values (py_func_records.py)
        assert sorted(calls[bridge]) == _every(0, 1)
    old = _records(legacy)
    assert len(old) == len(set(old)) and set(old) <= set(_every(0, 1) + _every(2))
