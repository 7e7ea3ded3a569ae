"""Issue 9, point 7: every full batch legacy delivers before a producer's error arrives.

A producer makes 95 elements, then raises; batches of 10 under a ``Coordinator``. Legacy: the runner
hands the error to the coordinator, the queue is closed, the consumer gets the 9 full batches of what
the queue held, then ``OutOfRangeError``, and ``coord.join()`` re-raises the error. The drop-in's
``shuffle_batch`` gave 4 (tf.data's shuffle buffer, filled to capacity, was passed by the error), and
an unliftable producer (the fallback runner) 1 where legacy gave 2. Same program both ways, compared.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np
import pytest
import tensorflow as tf_base

import tfdata_bridge.compat.v1 as bridge

legacy = tf_base.compat.v1
ELEMENTS, BATCH = 95, 10


def _program(tf, kind: str, shuffle: bool, coordinated: bool = True) -> dict:
    made = [0]

    def produce(*_):
        made[0] += 1
        if made[0] > ELEMENTS:
            raise ValueError(f"the producer failed at element {made[0]}")
        return np.float32(made[0])

    with tf.Graph().as_default():
        if kind == "zero-input":
            value = tf.py_func(produce, [], tf.float32)
        elif kind == "tensor-input":
            value = tf.py_func(produce, [tf.constant(1.0)], tf.float32)
        else:  # unliftable: reads a variable
            variable = tf.Variable(1.0)
            value = tf.py_func(produce, [variable.read_value()], tf.float32)
        value.set_shape([])
        if shuffle:
            batch = tf.train.shuffle_batch([value], batch_size=BATCH, capacity=50, min_after_dequeue=20, seed=1)
        else:
            batch = tf.train.batch([value], batch_size=BATCH, capacity=50)
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            coord = tf.train.Coordinator() if coordinated else None
            threads = tf.train.start_queue_runners(sess, coord)
            got, end = [], None
            try:
                while len(got) < 100:
                    got.append(sess.run(batch).tolist())
            except tf.errors.OpError as e:
                end = e
            joined = None
            if coord is not None:
                try:
                    coord.join(threads, stop_grace_period_secs=10)
                except Exception as e:  # noqa: BLE001 - what join re-raises is the point
                    joined = type(e).__name__
    return {"batches": len(got), "values": sorted(v for b in got for v in b), "end": type(end).__name__,
            "end_message": str(end), "join": joined}


@pytest.mark.timeout(120)
@pytest.mark.parametrize("shuffle", [True, False], ids=["shuffle_batch", "batch"])
@pytest.mark.parametrize("kind", ["zero-input", "tensor-input", "unliftable"])
def test_every_full_batch_before_the_error_arrives_as_in_legacy(kind, shuffle):
    old = _program(legacy, kind, shuffle)
    new = _program(bridge, kind, shuffle)
    assert (old["batches"], old["end"], old["join"]) == (ELEMENTS // BATCH, "OutOfRangeError", "InvalidArgumentError")
    assert (new["batches"], new["end"], new["join"]) == (old["batches"], old["end"], old["join"])
    assert len(set(new["values"])) == len(new["values"])  # exactly once
    assert set(new["values"]) <= set(float(i) for i in range(1, ELEMENTS + 1))


@pytest.mark.timeout(120)
@pytest.mark.parametrize("kind", ["zero-input", "tensor-input"])
def test_without_a_coordinator_the_shuffled_batches_come_first_then_the_error(kind):
    # Legacy leaves this consumer waiting forever (the error stays on the runner thread); the drop-in
    # delivers the same 9 batches, then raises the producer's error in sess.run.
    new = _program(bridge, kind, shuffle=True, coordinated=False)
    assert (new["batches"], new["end"]) == (ELEMENTS // BATCH, "InvalidArgumentError")
    assert "the producer failed at element 96" in new["end_message"]


# Every other form of the call (the latch's cases: error_latch.needed). One list fails at its 41st element
# (the first list's ``py_func``); legacy's Coordinator stopped the other lists' runners at once and the
# consumer got every full batch of what the queue held. How many the other lists made before that is up to
# the thread schedule, in legacy and in the drop-in alike, so the counts are compared with what the
# producers made: every element made before the failure arrives (all but fewer than one batch), once.
FAIL_AT = 40


def _source(tf, made: dict, key: str, kind: str, limit: int, base: int, records: Any = None):
    """One list's value: a ``py_func`` that raises at call ``limit + 1``, zero-input, over a constant, or
    over a reader's record (``records``: the input producer)."""
    made[key] = 0

    def produce(*args):
        made[key] += 1
        if made[key] > limit:
            raise ValueError(f"list {key} failed at element {made[key]}")
        return np.int64(base + (int(args[0]) if kind == "read" else made[key]))

    if kind == "read":
        _, record = tf.TFRecordReader().read(records)
        value = tf.py_func(produce, [tf.strings.to_number(record, tf.int64)], tf.int64)
    else:
        value = tf.py_func(produce, [] if kind == "zero-input" else [tf.constant(1)], tf.int64)
    value.set_shape([])
    return value


def _consume(tf, sess, batch) -> dict:
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess, coord)
    got, end = [], None
    try:
        while len(got) < 200:
            got.append(sess.run(batch).tolist())
    except tf.errors.OpError as e:
        end = e
    joined = None
    try:
        coord.join(threads, stop_grace_period_secs=10)
    except Exception as e:  # noqa: BLE001 - what join re-raises is the point
        joined = type(e).__name__
    return {"values": [v for b in got for v in b], "end": type(end).__name__, "join": joined}


def _joined(tf, api: str, kind: str, paths: list[str]) -> dict:
    made: dict = {}
    with tf.Graph().as_default():
        records = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False) if kind == "read" else None
        lists = [[_source(tf, made, f"list{j}", kind, FAIL_AT if j == 0 else 10**6, 10_000 * j, records)]
                 for j in range(3)]
        if api == "shuffle_batch_join":
            batch = tf.train.shuffle_batch_join(lists, BATCH, capacity=50, min_after_dequeue=20, seed=1)
        else:
            batch = tf.train.batch_join(lists, BATCH, capacity=50)
        with tf.Session() as sess:
            out = _consume(tf, sess, batch)
    return {**out, "made": sum(made.values()) - 1}  # (less the failed call)


@pytest.fixture(scope="module")
def records_file(tmp_path_factory):
    """A TFRecord file of 300 records ``b"0"`` .. ``b"299"``."""
    path = str(tmp_path_factory.mktemp("latch") / "records.tfrecord")
    with tf_base.io.TFRecordWriter(path) as w:
        for i in range(300):
            w.write(b"%d" % i)
    return path


@pytest.fixture(scope="module")
def distinct_records(tmp_path_factory) -> list[str]:
    """Four TFRecord files of 300 records each, ``b"0"`` .. ``b"1199"`` in all: every record read is another
    value (one file listed four times repeats its values in one list once a list has read more than 300, as the
    other lists' runners can while the failing one is slow on a loaded machine)."""
    folder = tmp_path_factory.mktemp("distinct")
    paths = []
    for f in range(4):
        paths.append(str(folder / f"records-{f}.tfrecord"))
        with tf_base.io.TFRecordWriter(paths[-1]) as w:
            for i in range(300 * f, 300 * (f + 1)):
                w.write(b"%d" % i)
    return paths


@pytest.mark.timeout(180)
@pytest.mark.parametrize("kind", ["zero-input", "tensor-input", "read"])
@pytest.mark.parametrize("api", ["shuffle_batch_join", "batch_join"])
def test_one_list_failing_lets_every_element_the_lists_made_arrive(api, kind, distinct_records):
    # the drop-in gave 0 batches (readers: the others' StopIteration became InvalidArgumentError in the v2
    # map and passed the shuffle) or lost the other lists' elements in flight (batch_join: 60 of 200 made)
    for tf, name in ((legacy, "legacy"), (bridge, "bridge")):
        run = _joined(tf, api, kind, distinct_records)
        values = run["values"]
        assert (run["end"], run["join"]) == ("OutOfRangeError", "InvalidArgumentError"), (name, run)
        assert len(set(values)) == len(values) and len(values) % BATCH == 0, (name, run)
        assert len(values) <= run["made"], (name, run)
        if tf is bridge:  # every full batch of what was made (legacy: its runners' enqueues in flight at
            # the stop were cancelled, a few elements each, so its count is a little below)
            assert len(values) > run["made"] - BATCH, run
        assert FAIL_AT - BATCH < sum(1 for v in values if v < 10_000) <= FAIL_AT, (name, run)


def _filtered_or_many(tf, form: str, kind: str) -> dict:
    calls = [0]

    def produce(*_):
        calls[0] += 1
        if calls[0] > (19 if form.endswith("many") else ELEMENTS):
            raise ValueError(f"the producer failed at call {calls[0]}")
        if form.endswith("many"):
            return np.arange(5, dtype=np.int64) + 5 * calls[0]
        return np.int64(calls[0])

    with tf.Graph().as_default():
        value = tf.py_func(produce, [] if kind == "zero-input" else [tf.constant(1)], tf.int64)
        value.set_shape([5] if form.endswith("many") else [])
        keep = tf.not_equal(value % 3, 0)  # 63 of the 95 elements: 6 full batches
        shuffle = dict(capacity=50, min_after_dequeue=20, seed=1)
        batch = {
            "shuffle_batch keep_input": lambda: tf.train.maybe_shuffle_batch([value], BATCH, keep_input=keep, **shuffle),
            "shuffle_batch enqueue_many": lambda: tf.train.shuffle_batch([value], BATCH, enqueue_many=True, **shuffle),
            "batch keep_input": lambda: tf.train.maybe_batch([value], keep, BATCH, capacity=50),
            "batch enqueue_many": lambda: tf.train.batch([value], BATCH, enqueue_many=True, capacity=50),
            "shuffle_batch num_threads": lambda: tf.train.shuffle_batch([value], BATCH, num_threads=4, **shuffle),
            "batch num_threads": lambda: tf.train.batch([value], BATCH, capacity=50, num_threads=4),
        }[form]()
        with tf.Session() as sess:
            return _consume(tf, sess, batch)


@pytest.mark.timeout(120)
@pytest.mark.parametrize("kind", ["zero-input", "tensor-input"])
@pytest.mark.parametrize("form", ["shuffle_batch keep_input", "shuffle_batch enqueue_many", "batch keep_input",
                                  "batch enqueue_many", "shuffle_batch num_threads", "batch num_threads"])
def test_a_filter_enqueue_many_or_threads_before_the_batch_deliver_what_legacy_does(form, kind):
    old, new = _filtered_or_many(legacy, form, kind), _filtered_or_many(bridge, form, kind)
    assert len(old["values"]) == (60 if "keep" in form else 90)  # every full batch of what was kept
    assert (len(new["values"]), new["end"], new["join"]) == (len(old["values"]), old["end"], old["join"])
    assert len(set(new["values"])) == len(new["values"])
    if "keep" in form:
        assert all(v % 3 for v in new["values"])


def _failing_before_the_first_run(tf, kind: str, fail_at: int, wait: bool) -> dict:
    """``batch(num_threads=4)`` over a ``py_func`` failing at call ``fail_at``; with ``wait``, the consumer
    runs nothing until the producer has failed (what the copies made is then all in flight)."""
    calls, failed = [0], threading.Event()

    def produce(*_):
        calls[0] += 1
        if calls[0] >= fail_at:
            failed.set()
            raise ValueError(f"the producer failed at call {calls[0]}")
        return np.int64(calls[0])

    with tf.Graph().as_default():
        value = tf.py_func(produce, [] if kind == "zero-input" else [tf.constant(1)], tf.int64)
        value.set_shape([])
        batch = tf.train.batch([value], BATCH, capacity=50, num_threads=4)
        with tf.Session() as sess:
            sess.run(tf.local_variables_initializer())
            coord = tf.train.Coordinator()
            threads = tf.train.start_queue_runners(sess, coord)
            got, end = [], None
            if wait:
                failed.wait(10)
            try:
                while len(got) < 200:
                    got.extend(sess.run(batch).tolist())
            except tf.errors.OpError as e:
                end = type(e).__name__
            try:
                coord.join(threads, stop_grace_period_secs=10)
            except Exception:  # noqa: BLE001 - the producer's error, re-raised
                pass
    return {"values": got, "end": end}


@pytest.mark.timeout(120)
@pytest.mark.parametrize("fail_at", [61, 62])
def test_num_threads_copies_deliver_what_the_others_made_before_one_failed(fail_at):
    # the copies are interleaved as they finish, and one copy's error passed what the others held: with the
    # consumer waiting until the producer failed, the drop-in gave 50 of the 60 or 61 made (a busy CI machine: 80 of
    # 95); legacy's queue holds them all, so every full batch of what was made arrives. (Legacy's runners
    # block at the capacity before that call, so its consumer does not wait.)
    for tf in (legacy, bridge):
        run = _failing_before_the_first_run(tf, "tensor-input", fail_at, wait=tf is bridge)
        assert (len(run["values"]), run["end"]) == (60, "OutOfRangeError"), run
        assert len(set(run["values"])) == 60 and set(run["values"]) <= set(range(1, fail_at)), run


def _shared(tf, path: str, helper: bool) -> dict:
    """Two ``shuffle_batch`` calls over one input producer (each a reader and a ``py_func``), the first's
    failing at its 21st record; the program reads the first."""
    made: dict = {}
    with tf.Graph().as_default():
        records = tf.train.string_input_producer([path] * 2, num_epochs=1, shuffle=False)

        def pipeline(j: int):
            value = _source(tf, made, f"call{j}", "read", 20 if j == 0 else 10**6, 1000 * j, records)
            return tf.train.shuffle_batch([value], BATCH, capacity=50, min_after_dequeue=20, seed=1)

        first, second = (pipeline(0), pipeline(1)) if helper else (
            tf.train.shuffle_batch([_source(tf, made, "call0", "read", 20, 0, records)], BATCH, 50, 20),
            tf.train.shuffle_batch([_source(tf, made, "call1", "read", 10**6, 1000, records)], BATCH, 50, 20))
        del second
        with tf.Session() as sess:
            return _consume(tf, sess, first)


@pytest.mark.timeout(120)
@pytest.mark.parametrize("helper", [True, False], ids=["helper", "inline"])
def test_a_producer_shared_by_two_shuffle_batches_lets_the_buffer_drain(helper, records_file):
    # the drop-in gave 0 batches: its read again of what the shuffle held stood in for the latch, and no
    # read again repeats a shared stream's records
    old, new = _shared(legacy, records_file, helper), _shared(bridge, records_file, helper)
    assert (len(old["values"]), old["end"], old["join"]) == (20, "OutOfRangeError", "InvalidArgumentError")
    assert (len(new["values"]), new["end"], new["join"]) == (len(old["values"]), old["end"], old["join"])
    assert sorted(new["values"]) == sorted(old["values"]) == list(range(20))


def _ends_with_stop_iteration(tf, api: str, path: str) -> dict:
    """A ``py_func`` after a read that raises ``StopIteration`` at its 26th record (a legacy way to end)."""
    calls = [0]

    def until_25(x):
        calls[0] += 1
        if calls[0] > 25:
            raise StopIteration
        return x

    with tf.Graph().as_default():
        records = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
        _, record = tf.TFRecordReader().read(records)
        value = tf.py_func(until_25, [tf.strings.to_number(record, tf.int64)], tf.int64)
        value.set_shape([])
        batch = (tf.train.batch([value], BATCH, capacity=50) if api == "batch"
                 else tf.train.shuffle_batch([value], BATCH, 50, 20, seed=1))
        with tf.Session() as sess:
            sess.run(tf.local_variables_initializer())
            coord = tf.train.Coordinator()
            threads = tf.train.start_queue_runners(sess, coord)
            got, end = [], None
            try:
                while len(got) < 50:
                    got.append(sess.run(batch).tolist())
            except tf.errors.OpError as e:
                end = type(e).__name__
            coord.request_stop()
            joined = None
            try:
                coord.join(threads, stop_grace_period_secs=10)
            except Exception as e:  # noqa: BLE001 - what join re-raises is the point
                joined = type(e).__name__
    return {"values": sorted(v for b in got for v in b), "end": end, "join": joined}


@pytest.mark.timeout(120)
@pytest.mark.parametrize("api", ["batch", "shuffle_batch"])
def test_a_py_func_after_a_read_ending_with_stop_iteration_ends_its_producer_as_in_legacy(api, records_file):
    # legacy's runner ended at the OutOfRangeError and closed the queue (no error for join); the drop-in's
    # map over the reader's records turned it into InvalidArgumentError, which join re-raised
    old, new = _ends_with_stop_iteration(legacy, api, records_file), _ends_with_stop_iteration(bridge, api, records_file)
    assert (len(old["values"]), old["end"], old["join"]) == (20, "OutOfRangeError", None)
    assert (len(new["values"]), new["end"], new["join"]) == (len(old["values"]), old["end"], old["join"])
    assert set(new["values"]) <= set(range(25)) and len(set(new["values"])) == 20
    if api == "batch":
        assert new["values"] == old["values"] == list(range(20))


def _shared_join(tf, paths: list[str]) -> dict:
    """A ``batch_join`` of two lists (a reader and a ``py_func`` each, the first failing at its 21st record)
    and a ``shuffle_batch`` of a third, all over one input producer; the program reads the ``batch_join``."""
    made: dict = {}
    with tf.Graph().as_default():
        records = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
        lists = [[_source(tf, made, f"list{j}", "read", 20 if j == 0 else 10**6, 10_000 * j, records)]
                 for j in range(3)]
        joined = tf.train.batch_join(lists[:2], BATCH, capacity=50)
        tf.train.shuffle_batch(lists[2], BATCH, capacity=50, min_after_dequeue=20, seed=1)
        with tf.Session() as sess:
            out = _consume(tf, sess, joined)
    return {**out, "made": made["list0"] + made["list1"] - 1}


@pytest.mark.timeout(120)
def test_a_batch_join_over_a_shared_input_producer_delivers_what_its_lists_made(distinct_records):
    for tf, name in ((legacy, "legacy"), (bridge, "bridge")):
        run = _shared_join(tf, distinct_records)
        values = run["values"]
        assert (run["end"], run["join"]) == ("OutOfRangeError", "InvalidArgumentError"), (name, run)
        assert len(set(values)) == len(values) and len(values) <= run["made"], (name, run)
        assert 10 < sum(1 for v in values if v < 10_000) <= 20, (name, run)  # the failing list's records
        if tf is bridge:
            assert len(values) > run["made"] - BATCH, run
