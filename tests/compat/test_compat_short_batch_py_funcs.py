"""A stateful ``py_func`` after a read: what arrives before a failing read, and how often it is called
(issue 16, item 6; ``py_func_records.py``).

Legacy called the function once per record on its runner thread; at a failing read every record before
it was queued, and ``allow_smaller_final_batch`` let the consumer have the short batch of those after
the last full batch, then ``OutOfRangeError`` (``coord.join`` re-raises the error). The drop-in reads
the records again after the failure, taking the function's values from its kept calls instead of
calling it: the same records and values, and one call per record, as legacy. Same program both ways
(``batch_harness.both``)."""

from __future__ import annotations

import collections
import threading
import warnings
from typing import Any

import numpy as np
import pytest
import tensorflow as tf
from batch_harness import both, elements

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
    root = tmp_path_factory.mktemp("short_batch_py_funcs")
    good = [_write(root / f"good{f}.tfrecord", [np.array([f, i], np.int32).tobytes() for i in range(PER_FILE)])
            for f in range(3)]
    corrupt = root / "corrupt.tfrecord"
    _write(corrupt, [np.array([9, i], np.int32).tobytes() for i in range(PER_FILE)])
    data = bytearray(corrupt.read_bytes())
    data[-3] ^= 0xFF  # the last record's CRC no longer matches: DataLossError there
    corrupt.write_bytes(bytes(data))
    return {"good": good, "corrupt": str(corrupt), "missing": str(root / "missing.tfrecord")}


class Counted:
    """A stateful Python function: each call counted (per module: legacy's and the drop-in's apart), and a
    running total it adds to its output, so a call made twice would show in the values too."""

    def __init__(self, outputs: int, fail_at: tuple[int, int] | None = None) -> None:
        self.outputs = outputs
        self.fail_at = fail_at
        self.calls: list[tuple[int, int]] = []
        self._lock = threading.Lock()

    def __call__(self, pair: np.ndarray) -> Any:
        record = tuple(int(x) for x in np.asarray(pair).tolist())
        if record == self.fail_at:
            raise ValueError(f"bad record {record}")
        with self._lock:
            self.calls.append(record)
        out = [np.asarray(pair, np.int32)] + [np.int64(record[0] * 100 + record[1] + k) for k in range(1, self.outputs)]
        return out if self.outputs > 1 else out[0]


def _pipeline(names: list[str], api: str = "py_func", outputs: int = 1, threads: int = 1,
              fail_at: tuple[int, int] | None = None, allow: bool = True,
              capacity: int = 32) -> tuple[Any, dict[Any, Counted]]:
    """``string_input_producer`` -> a reader -> ``decode_raw`` -> a counted Python op -> ``train.batch(5)``."""
    made: dict[Any, Counted] = {}

    def build(tf1: Any) -> Any:
        func = made[tf1] = Counted(outputs, fail_at)
        q = tf1.train.string_input_producer(names, num_epochs=1, shuffle=False)
        _, value = tf1.TFRecordReader().read(q)
        pair = tf1.reshape(tf1.io.decode_raw(value, tf1.int32), [2])
        types = [tf1.int32] + [tf1.int64] * (outputs - 1)
        if api == "py_func":  # (stateful by default)
            out = tf1.py_func(func, [pair], types if outputs > 1 else types[0])
        elif api == "py_function":  # (EagerPyFunc: the function gets eager tensors)
            out = tf1.py_function(func, [pair], types if outputs > 1 else types[0])
        else:
            out = tf1.numpy_function(func, [pair], types if outputs > 1 else types[0])
        out = list(out) if outputs > 1 else [out]
        out[0].set_shape([2])
        for extra in out[1:]:
            extra.set_shape([])
        return tf1.train.batch(out, 5, num_threads=threads, capacity=capacity, allow_smaller_final_batch=allow)

    return build, made


def _comps(batch: Any) -> list[Any]:
    """A batch's components (a one-tensor list comes back as a bare tensor)."""
    return list(batch) if isinstance(batch, (list, tuple)) else [batch]


def _records(run: Any) -> list[tuple[int, int]]:
    return [tuple(e[0][1]) for e in elements(run.batches)]


def _every(*files: int) -> list[tuple[int, int]]:
    return sorted((f, i) for f in files for i in range(PER_FILE))


def _ended_as_legacy(legacy: Any, ours: Any, error: type) -> None:
    assert ours.end is legacy.end is OOR
    assert type(ours.joined) is type(legacy.joined) is error


@pytest.mark.parametrize("api, outputs", [("py_func", 1), ("numpy_function", 1), ("py_function", 1), ("py_func", 3),
                                          ("numpy_function", 2)])
def test_a_stateful_py_func_gives_the_short_batch_before_a_missing_file_calling_once_per_record(files, api, outputs):
    names = [files["good"][0], files["good"][1], files["missing"], files["good"][2]]
    build, made = _pipeline(names, api, outputs)
    legacy, ours = both(build)
    _ended_as_legacy(legacy, ours, tf.errors.NotFoundError)
    assert _records(legacy) == _records(ours) == _every(0, 1)  # one thread: in order, the short batch last
    assert [len(_comps(b)[0]) for b in ours.batches] == [len(_comps(b)[0]) for b in legacy.batches] == [5] * 5 + [1]
    for old, new in zip(legacy.batches, ours.batches, strict=True):  # every output's values, legacy's
        for a, b in zip(_comps(old), _comps(new), strict=True):
            np.testing.assert_equal(b, a)
    assert sorted(made[bridge].calls) == sorted(made[tf.compat.v1].calls) == _every(0, 1)  # once each
    assert files["missing"] in ours.joined.message


@pytest.mark.parametrize("threads", [2, 3])
def test_parallel_calls_of_a_stateful_py_func_deliver_every_record_before_a_missing_file_once(files, threads):
    names = [files["good"][0], files["good"][1], files["missing"], files["good"][2]]
    build, made = _pipeline(names, "numpy_function", 2, threads)
    legacy, ours = both(build)
    _ended_as_legacy(legacy, ours, tf.errors.NotFoundError)
    assert sorted(_records(ours)) == _every(0, 1) and [len(_comps(b)[0]) for b in ours.batches][-1] == 1
    assert sorted(made[bridge].calls) == _every(0, 1)  # each record's call once, none made again
    got = [(e[0][1], e[1][1]) for e in elements(ours.batches)]
    assert all(extra == (100 * f + i + 1,) for (f, i), extra in got)  # each record with its own call's value
    old = _records(legacy)  # legacy's: the other threads' records in flight at the error are up to the schedule
    assert len(old) == len(set(old)) and len(set(_every(0, 1)) - set(old)) < threads
    assert len(made[tf.compat.v1].calls) == len(set(made[tf.compat.v1].calls))


@pytest.mark.parametrize("threads", [1, 2])
def test_a_failure_long_after_the_first_record_is_read_again_from_the_kept_calls_alone(files, threads):
    # 78 records before the missing file, a window of 10 + 3 * 5 + 4 * threads + 8 calls: the read again
    # starts at the first whole batch the window holds (the records before it are read, not made)
    names = files["good"] * 2 + [files["missing"]]
    build, made = _pipeline(names, "py_func", 2, threads, capacity=10)
    legacy, ours = both(build)
    _ended_as_legacy(legacy, ours, tf.errors.NotFoundError)
    expected = _every(0, 1, 2) * 2
    assert sorted(_records(ours)) == sorted(expected) and [len(b[0]) for b in ours.batches][-1] == 3
    assert sorted(made[bridge].calls) == sorted(expected)  # once per record read (each file twice)
    got = [(e[0][1], e[1][1]) for e in elements(ours.batches)]
    assert all(extra == (100 * f + i + 1,) for (f, i), extra in got)
    if threads == 1:
        assert _records(legacy) == _records(ours)


def test_a_stateful_py_func_gives_the_records_before_a_corrupt_one(files):
    build, made = _pipeline([files["good"][0], files["good"][1], files["corrupt"], files["good"][2]], "py_func", 2)
    legacy, ours = both(build)
    _ended_as_legacy(legacy, ours, tf.errors.DataLossError)
    expected = _every(0, 1) + [(9, i) for i in range(PER_FILE - 1)]  # 38: a short batch of 3
    assert _records(legacy) == _records(ours) == expected
    assert sorted(made[tf.compat.v1].calls) == sorted(expected)
    # once each for the records delivered; the read-ahead after the failure may call it for records of
    # the next file, never delivered (documented: docs/failure-behaviour.md)
    calls = made[bridge].calls
    assert len(calls) == len(set(calls)) and set(expected) <= set(calls) <= set(expected) | set(_every(2))


def test_a_py_func_that_raises_gives_the_records_before_it_then_legacys_error(files):
    build, made = _pipeline([files["good"][0], files["good"][1]], "py_func", 1, fail_at=(1, 3))
    legacy, ours = both(build)
    _ended_as_legacy(legacy, ours, type(legacy.joined))
    expected = _every(0) + [(1, i) for i in range(3)]
    assert _records(legacy) == _records(ours) == expected
    assert sorted(made[bridge].calls) == sorted(made[tf.compat.v1].calls) == sorted(expected)
    assert "bad record (1, 3)" in ours.joined.message


def test_without_allow_smaller_final_batch_the_full_batches_arrive_and_each_call_is_made_once(files):
    names = [files["good"][0], files["good"][1], files["missing"]]
    build, made = _pipeline(names, "py_func", 1, allow=False)
    legacy, ours = both(build)
    _ended_as_legacy(legacy, ours, tf.errors.NotFoundError)
    assert _records(legacy) == _records(ours) == _every(0, 1)[:25]
    assert sorted(made[bridge].calls) == sorted(made[tf.compat.v1].calls) == _every(0, 1)


class _Decoder:
    """A preprocessing object whose method is the py_func (a counter of its own: stateful)."""

    def __init__(self) -> None:
        self.seen = 0

    def decode(self, pair: np.ndarray) -> tuple[np.ndarray, np.int64]:
        self.seen += 1
        return pair, np.int64(self.seen)


def test_a_method_py_func_in_a_dict_through_batch_join_gives_legacys_short_batch_and_counts(files):
    names = [files["good"][0], files["missing"]]
    decoders: dict[Any, _Decoder] = {}

    def read(tf1: Any, q: Any) -> dict[str, Any]:  # (a helper the batch call's builder calls)
        decoder = decoders[tf1] = _Decoder()
        pair = tf1.reshape(tf1.io.decode_raw(tf1.TFRecordReader().read(q)[1], tf1.int32), [2])
        out, seen = tf1.numpy_function(decoder.decode, [pair], [tf1.int32, tf1.int64], stateful=True)
        out.set_shape([2])
        seen.set_shape([])
        return {"pair": out, "seen": seen}

    def build(tf1: Any) -> Any:
        q = tf1.train.string_input_producer(names, num_epochs=1, shuffle=False)
        return tf1.train.batch_join([read(tf1, q)], batch_size=5, allow_smaller_final_batch=True)

    legacy, ours = both(build)
    _ended_as_legacy(legacy, ours, tf.errors.NotFoundError)
    assert [sorted(b) for b in ours.batches] == [["pair", "seen"]] * 3
    for old, new in zip(legacy.batches, ours.batches, strict=True):  # 13 records: 5, 5, then the short 3
        np.testing.assert_equal(new["pair"], old["pair"])
        np.testing.assert_equal(new["seen"], old["seen"])  # the counter's values: one call per record, in order
    assert decoders[bridge].seen == decoders[tf.compat.v1].seen == PER_FILE


def test_a_py_function_through_a_shuffle_batch_delivers_legacys_records(files):
    # (the shuffle's error latch wraps each Python op's function: a py_function's registry entry holds it)
    def build(tf1: Any) -> Any:
        q = tf1.train.string_input_producer(files["good"][:2], num_epochs=1, shuffle=False)
        pair = tf1.reshape(tf1.io.decode_raw(tf1.TFRecordReader().read(q)[1], tf1.int32), [2])
        out = tf1.py_function(lambda p: p, [pair], tf1.int32)
        out.set_shape([2])
        return tf1.train.shuffle_batch([out], 5, capacity=12, min_after_dequeue=4, allow_smaller_final_batch=True)

    legacy, ours = both(build)
    assert ours.end is legacy.end is OOR and ours.joined is legacy.joined is None
    assert sorted(_records(ours)) == sorted(_records(legacy)) == _every(0, 1)


# --- the kept calls themselves (kept_calls.KeptCalls, as train.batch keeps them): no made-up value ---


def test_kept_calls_give_their_values_and_a_call_not_kept_is_unknown_not_made_up():
    from tfdata_bridge._src.compat import kept_calls

    records = kept_calls.KeptCalls(lag=1)
    made: list[int] = []
    call = records.recording("f", lambda x: made.append(x) or x * 10)
    for n in [0, 1, 3, 2, 4, 5]:  # (parallel calls finish out of order)
        call(n, n)
    records.taken(np.array([0, 1, 2]))
    records.taken(np.array([3, 4, 5]))  # the first batch's calls dropped, lag (1) batch later
    kept = records.snapshot()
    assert sorted(kept["f"]) == [3, 4, 5]
    assert records.start(kept, batch_size=3) == 3  # the first whole batch all of whose calls are kept
    replayed = records.replaying(kept["f"])
    assert replayed(4, "ignored") == 40 and made == [0, 1, 3, 2, 4, 5]  # from the record, no call made
    with pytest.raises(kept_calls.Missing):
        replayed(1)
    assert records.missing == [1]


def test_calls_no_batch_took_stay_however_many_calls_come_after_them():
    # (the window of the last calls it replaced kept 10 + 3 * 5 + 4 + 8 = 37 calls for capacity 10: the
    # short batch's 3 records were gone after 37 more calls)
    from tfdata_bridge._src.compat import kept_calls

    records = kept_calls.KeptCalls(kept_calls.lag(capacity=10, batch_size=5))
    call = records.recording("f", lambda x: x)
    for n in range(13):  # two full batches taken, then a short one's 3 records, then the failing read
        call(n, n)
    records.taken(np.arange(0, 5))
    records.taken(np.arange(5, 10))
    for n in range(13, 13 + 200):  # a long read-ahead after the failure: its batches (never delivered) fail
        call(n, n)
    kept = records.snapshot()
    assert {10, 11, 12} <= set(kept["f"]) and records.start(kept, batch_size=5) == 0
    for b in range(5):  # batches made after the failure drop the batches taken lag (6) batches before them
        records.taken(np.arange(100 + 5 * b, 105 + 5 * b))
    kept = records.snapshot()
    assert {10, 11, 12} <= set(kept["f"]) and not {0, 1, 2, 3, 4} & set(kept["f"])
    assert records.start(kept, batch_size=5) == 5


def test_a_call_that_raised_is_raised_again_and_the_function_is_not_called_after_it():
    from tfdata_bridge._src.compat import kept_calls

    records = kept_calls.KeptCalls(lag=1)
    made: list[int] = []

    def func(x: int) -> int:
        made.append(x)
        if x == 2:
            raise ValueError("bad 2")
        return x

    call = records.recording("f", func)
    call(0, 0), call(1, 1)
    with pytest.raises(ValueError, match="bad 2"):
        call(2, 2)
    with pytest.raises(ValueError, match="bad 2"):  # (the read-ahead after the failure: legacy's runner had stopped)
        call(3, 3)
    assert made == [0, 1, 2]
    kept = records.snapshot()
    with pytest.raises(ValueError, match="bad 2"):
        records.replaying(kept["f"])(2)
    assert records.start(kept, batch_size=2) == 0
    other = records.recording("g", lambda x: x)  # a second py_func whose kept calls begin after the failed call
    for n in range(4, 12):
        other(n, n)
    assert records.start(records.snapshot(), batch_size=2) is None  # the failure is before what g kept


# --- a slow consumer behind a large capacity: the read-ahead after the failure calls the function many times ---


def _after_a_full_read_ahead(tf1: Any, names: list[str], threads: int, capacity: int, before: int) -> tuple[Any, ...]:
    """A counted py_func + ``train.batch(5)`` whose consumer starts only once every record before the
    failure was called (an event the function sets: the read-ahead is full), then runs to the end:
    ``(records, batch sizes, calls, the consumer's end, what join raised)``."""
    calls: list[tuple[int, int]] = []
    lock, ready = threading.Lock(), threading.Event()

    def counted(pair: np.ndarray) -> tuple[np.ndarray, np.int64]:
        with lock:
            calls.append(tuple(pair.tolist()))
            if len(calls) >= before:
                ready.set()
            return pair, np.int64(len(calls))

    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        q = tf1.train.string_input_producer(names, num_epochs=1, shuffle=False)
        pair = tf1.reshape(tf1.io.decode_raw(tf1.TFRecordReader().read(q)[1], tf1.int32), [2])
        out, seen = tf1.py_func(counted, [pair], [tf1.int32, tf1.int64])
        out.set_shape([2])
        seen.set_shape([])
        batch = tf1.train.batch([out, seen], 5, num_threads=threads, capacity=capacity, allow_smaller_final_batch=True)
        with tf1.Session() as sess:
            sess.run(tf1.local_variables_initializer())
            coord = tf1.train.Coordinator()
            runners = tf1.train.start_queue_runners(sess, coord)
            assert ready.wait(60)
            got, sizes, end = [], [], None
            try:
                while True:
                    pairs, counts = sess.run(batch)
                    got.extend(zip(map(tuple, pairs.tolist()), counts.tolist()))
                    sizes.append(len(pairs))
            except tf.errors.OpError as e:
                end = type(e)
            joined = None
            try:
                coord.join(runners, stop_grace_period_secs=10)
            except Exception as e:  # noqa: BLE001 - compared with legacy's
                joined = e
    return got, sizes, calls, end, joined


@pytest.mark.parametrize("threads", [1, 4])
def test_a_slow_consumer_behind_a_large_capacity_gets_the_short_batch_after_a_long_read_ahead(files, threads):
    # 39 * 4 + 12 = 168 records before the corrupt one (a short batch of 3), then 20 good files: the
    # drop-in's read-ahead after the failure calls the function for up to capacity (300) records more;
    # the three records no batch took keep their calls however many come after them (kept_calls.py)
    names = files["good"] * 4 + [files["corrupt"]] + files["good"] * 20
    expected = _every(0, 1, 2) * 4 + [(9, i) for i in range(PER_FILE - 1)]
    old = _after_a_full_read_ahead(tf.compat.v1, names, threads, 300, len(expected))
    new = _after_a_full_read_ahead(bridge, names, threads, 300, len(expected))
    assert new[3] is old[3] is OOR and type(new[4]) is type(old[4]) is tf.errors.DataLossError
    assert new[1] == [5] * 33 + [3]
    if threads == 1:  # each record with the count of its one call, legacy's
        assert new[0] == old[0] and [r for r, _ in new[0]] == expected and old[1] == new[1]
        assert sorted(old[2]) == sorted(expected)
    else:  # parallel calls: the counts follow the schedule; each record once, with a count no other has
        assert sorted(r for r, _ in new[0]) == sorted(expected) and len({c for _, c in new[0]}) == len(expected)
        # legacy's: the other threads' records in flight when the queue closed were lost or let through
        old_records = collections.Counter(r for r, _ in old[0])
        assert not old_records - collections.Counter(expected)  # (each file read four times: counted)
        assert sum((collections.Counter(expected) - old_records).values()) < threads
    # never a call made twice (the corrupt file's records are read once: once each); with one call at a time,
    # every record before the failure called first, in order
    assert sorted(r for r in new[2] if r[0] == 9) == [(9, i) for i in range(PER_FILE - 1)]
    assert len(new[2]) > len(expected) + 100  # (the read-ahead after the failure: the case this test is for)
    if threads == 1:
        assert new[2][:len(expected)] == expected


# --- the lists of a *_join, each with a stateful py_func after one read (task kept, item 2) ---


def _lists_of_one_read(names: list[str], lists: int, inline: bool,
                       capacity: int = 32) -> tuple[Any, dict[Any, list[Any]]]:
    """``batch_join`` of ``lists`` tensor lists over one ``read()``, each through a stateful py_func of its
    own (a bound method of a per-list object, or a lambda made inline) that records each call."""
    calls: dict[Any, list[Any]] = {}

    class Tagger:
        def __init__(self, made: list[Any], tag: int) -> None:
            self.made, self.tag = made, tag

        def __call__(self, pair: np.ndarray) -> tuple[np.ndarray, np.int64]:
            self.made.append((tuple(pair.tolist()), self.tag))
            return pair, np.int64(self.tag)

    def build(tf1: Any) -> Any:
        made = calls[tf1] = []
        q = tf1.train.string_input_producer(names, num_epochs=1, shuffle=False)
        pair = tf1.reshape(tf1.io.decode_raw(tf1.TFRecordReader().read(q)[1], tf1.int32), [2])
        tensor_lists = []
        for tag in range(lists):
            func = Tagger(made, tag)
            if inline:
                out, which = tf1.numpy_function(lambda p, func=func: func(p), [pair], [tf1.int32, tf1.int64])
            else:
                out, which = tf1.py_func(func, [pair + 0], [tf1.int32, tf1.int64])
            out.set_shape([2])
            which.set_shape([])
            tensor_lists.append([out, which])
        return tf1.train.batch_join(tensor_lists, 5, capacity=capacity, allow_smaller_final_batch=True)

    return build, calls


@pytest.mark.parametrize("lists, inline, failing, capacity", [
    (2, False, "missing", 32), (3, True, "corrupt", 32),
    (2, False, "missing_last", 5)])  # (a small capacity: the first batches' calls dropped: read again from record 15)
def test_lists_of_one_read_each_with_a_stateful_py_func_deliver_legacys_records_calling_each_once(
        files, lists, inline, failing, capacity):
    if failing == "missing_last":  # 39 records, then the missing file
        names = files["good"] + [files["missing"]]
    else:
        names = [files["good"][0], files["good"][1], files[failing], files["good"][2]]
    build, calls = _lists_of_one_read(names, lists, inline, capacity)
    legacy, ours = both(build)
    error = tf.errors.DataLossError if failing == "corrupt" else tf.errors.NotFoundError
    _ended_as_legacy(legacy, ours, error)
    expected = _every(0, 1, 2) if failing == "missing_last" else _every(0, 1)
    expected += [(9, i) for i in range(PER_FILE - 1)] if failing == "corrupt" else []
    got = [(tuple(e[0][1]), e[1][1][0]) for e in elements(ours.batches)]
    assert sorted(r for r, _ in got) == sorted(expected)  # every record before the failure, once (the short batch too)
    # legacy's: its other threads' records in flight at the error were lost, or read from the file after it
    old = [tuple(e[0][1]) for e in elements(legacy.batches)]
    assert len(old) == len(set(old)) and set(old) - set(expected) <= set(_every(2))
    assert len(set(expected) - set(old)) < lists
    made = calls[bridge]
    assert len(made) == len(set(made))  # no call made twice (the read again takes the kept values)
    assert set(got) <= set(made)  # each record with the value of the call its list made
    assert {r for r, _ in made} >= set(expected)


@pytest.mark.parametrize("missing", [False, True])
def test_a_py_func_of_varying_length_through_a_dynamic_pad_batch_gives_legacys_padded_batches(files, missing):
    # (held-out round 39's utterance frames: a py_func's values kept by record for the read again ride after the
    # batch's components, and the padded batch was given the components' shapes alone: ValueError at build)
    names = [files["good"][0], *([files["missing"]] if missing else []), files["good"][1]]

    def frames(pair: np.ndarray) -> np.ndarray:
        return np.arange(int(pair[1]) % 4 + 1, dtype=np.float32) + float(pair[0])

    def build(tf1: Any) -> Any:
        q = tf1.train.string_input_producer(names, num_epochs=1, shuffle=False)
        _, value = tf1.TFRecordReader().read(q)
        pair = tf1.reshape(tf1.io.decode_raw(value, tf1.int32), [2])
        seq = tf1.py_func(frames, [pair], tf1.float32)
        seq.set_shape([None])
        return tf1.train.batch([seq, tf1.shape(seq)[0], pair], 5, dynamic_pad=True, allow_smaller_final_batch=True)

    legacy, ours = both(build)
    assert ours.end is legacy.end is OOR
    assert len(ours.batches) == len(legacy.batches) == (3 if missing else 6)  # (5, 5, 3 before the missing file)
    for old, new in zip(legacy.batches, ours.batches, strict=True):
        for a, b in zip(_comps(old), _comps(new), strict=True):
            np.testing.assert_equal(b, a)
