"""The feed-thread fast path (``sess.run(enqueue_op, feed_dict)`` without a session step) against
legacy: order, several feeding threads, a full queue, close, cancel, a closed session, and enqueues
computed from fed tensors."""

from __future__ import annotations

import threading
import time
import warnings
from typing import Any

import numpy as np
import pytest
import tensorflow as tf

import tfdata_bridge.compat.v1 as bridge

LEGACY = tf.compat.v1
MODULES = pytest.mark.parametrize("tf1", [LEGACY, bridge], ids=["legacy", "drop-in"])
pytestmark = pytest.mark.timeout(120)


def program(tf1: Any, capacity: int = 10, computed: bool = False) -> dict[str, Any]:
    value = tf1.placeholder(tf.int64, shape=[])
    source = tf1.placeholder(tf.int64, shape=[])
    q = tf1.FIFOQueue(capacity, [tf.int64, tf.int64], shapes=[[], []])
    enqueue = q.enqueue([value * 2 if computed else value, source])
    return {"value": value, "source": source, "q": q, "enqueue": enqueue, "close": q.close(),
            "cancel": q.close(cancel_pending_enqueues=True), "take": q.dequeue_many(5), "size": q.size()}


def feed(sess: Any, p: dict[str, Any], source: int, n: int, errors: list[str]) -> None:
    try:
        for i in range(n):
            sess.run(p["enqueue"], feed_dict={p["value"]: i, p["source"]: source})
    except tf.errors.OpError as e:
        errors.append(type(e).__name__)


def drain(sess: Any, p: dict[str, Any]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    try:
        while True:
            values, sources = sess.run(p["take"])
            out.extend(zip(values.tolist(), sources.tolist()))
    except tf.errors.OutOfRangeError:
        return out


@MODULES
@pytest.mark.parametrize("computed", [False, True], ids=["fed", "computed"])
def test_several_feeding_threads_deliver_every_element_each_thread_in_order(tf1, computed):
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        p = program(tf1, computed=computed)
        with tf1.Session() as sess:
            errors: list[str] = []
            threads = [threading.Thread(target=feed, args=(sess, p, s, 40, errors)) for s in range(3)]
            for t in threads:
                t.start()
            got: list[tuple[int, int]] = []
            while len(got) < 120:
                values, sources = sess.run(p["take"])
                got.extend(zip(values.tolist(), sources.tolist()))
            for t in threads:
                t.join(30)
            sess.run(p["close"])
            assert drain(sess, p) == [] and errors == []
    scale = 2 if computed else 1
    assert sorted(got) == sorted((i * scale, s) for s in range(3) for i in range(40))
    for s in range(3):  # each thread's elements in the order it fed them
        assert [v for v, src in got if src == s] == [i * scale for i in range(40)]


@MODULES
def test_a_full_queue_blocks_the_feeder_until_the_consumer_takes(tf1):
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        p = program(tf1, capacity=4)
        with tf1.Session() as sess:
            errors: list[str] = []
            feeder = threading.Thread(target=feed, args=(sess, p, 0, 200, errors))
            feeder.start()
            time.sleep(1.0)
            blocked = feeder.is_alive()  # 200 elements cannot fit: it waits for room
            got = []
            while len(got) < 200:
                got.extend(sess.run(p["take"])[0].tolist())
            feeder.join(30)
    assert blocked and not feeder.is_alive() and errors == []
    assert got == list(range(200))


@MODULES
def test_close_keeps_what_was_fed_and_a_later_enqueue_is_cancelled(tf1):
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        p = program(tf1)
        with tf1.Session() as sess:
            errors: list[str] = []
            feed(sess, p, 0, 7, errors)
            sess.run(p["close"])
            feed(sess, p, 0, 1, errors)
            got = drain(sess, p)
    assert [v for v, _ in got] == [0, 1, 2, 3, 4]  # dequeue_many(5) at close: the tail of 2 stays
    assert errors == ["CancelledError"]


@MODULES
@pytest.mark.parametrize("how", ["cancel", "session close"])
def test_a_feeder_blocked_on_a_full_queue_is_released(tf1, how):
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        p = program(tf1, capacity=2)
        sess = tf1.Session()
        errors: list[str] = []
        feeder = threading.Thread(target=feed, args=(sess, p, 0, 500, errors))
        feeder.start()
        time.sleep(0.5)
        if how == "cancel":
            sess.run(p["cancel"])
        else:
            sess.close()
        feeder.join(30)
        alive = feeder.is_alive()
        sess.close()
    assert not alive
    assert errors and errors[0] in ("CancelledError", "AbortedError")


@MODULES
def test_size_counts_every_element_a_finished_feeder_enqueued(tf1):
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        p = program(tf1, capacity=100)
        rest = p["q"].dequeue_many(13)
        with tf1.Session() as sess:
            for round_ in range(5):
                errors: list[str] = []
                feeder = threading.Thread(target=feed, args=(sess, p, round_, 13, errors))
                feeder.start()
                feeder.join(60)
                # legacy: each enqueue was in the queue when the feeder's run returned
                assert sess.run(p["size"]) == 13 and not errors
                assert sess.run(rest)[0].tolist() == list(range(13))


@MODULES
@pytest.mark.parametrize("many", [False, True], ids=["enqueue", "enqueue_many"])
def test_a_feeder_is_acknowledged_only_what_the_queue_has_room_for(tf1, many):
    """Issue 20 item 4: into a capacity-2 queue without a consumer legacy's ``sess.run(enqueue)`` returns
    twice and then blocks; the drop-in returned 128 times and lost all of them at ``close``. Every
    acknowledged element is in the queue: the acknowledged count equals what was taken plus ``size()``."""
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        value = tf1.placeholder(tf.int64, shape=[None] if many else [])
        q = tf1.FIFOQueue(2, [tf.int64], shapes=[[]])
        enqueue = q.enqueue_many([value]) if many else q.enqueue([value])
        take, size = q.dequeue_many(2), q.size()
        sess = tf1.Session()
        acked: list[int] = []
        errors: list[str] = []
        reached = {n: threading.Event() for n in (2, 3, 4, 5)}
        sixth = threading.Event()  # the feeder is about to make its sixth enqueue, into a full queue

        def feeder() -> None:
            try:
                for i in range(1000):
                    if i == 5:
                        sixth.set()
                    sess.run(enqueue, feed_dict={value: [i] if many else i})
                    acked.append(i)
                    for n, event in reached.items():
                        if len(acked) >= n:
                            event.set()
            except tf.errors.OpError as e:
                errors.append(type(e).__name__)
            except RuntimeError as e:  # the close came between two runs: the next one finds the session closed
                if "closed Session" not in str(e):
                    raise
                errors.append("closed")

        thread = threading.Thread(target=feeder, daemon=True)
        thread.start()
        assert reached[2].wait(30)
        beyond = reached[3].wait(1.0)  # legacy's third enqueue waits for room; the old drop-in ran on to 128
        assert not beyond and acked == [0, 1] and sess.run(size) == 2
        assert sess.run(take).tolist() == [0, 1]  # room for two more: the feeder goes on, and stops again
        assert reached[4].wait(30)
        assert not reached[5].wait(1.0) and len(acked) == 4 and sess.run(size) == 2
        assert sess.run(take).tolist() == [2, 3]
        assert reached[5].wait(30) and sixth.wait(30)
        sess.close()  # the feeder, blocked on a full queue, is cancelled as legacy's
        thread.join(30)
    assert not thread.is_alive()
    # (or, where the close came just before its sixth run began, that run finds the session closed)
    assert errors and errors[0] in ("CancelledError", "AbortedError", "closed")
    assert 5 <= len(acked) <= 6 and acked == list(range(len(acked)))  # at most the two the queue held


@pytest.mark.parametrize("placeholder_shape, many", [(None, False), ([None], True), ("exact", False)],
                         ids=["unknown-rank-enqueue", "unknown-dim-enqueue_many", "exact-enqueue"])
def test_a_fed_value_the_queue_cannot_take_raises_legacys_error_and_the_good_ones_arrive(many, placeholder_shape):
    """The fast path checks a fed value against the placeholder's and the queue's shapes merged once; a value
    either refuses goes the ordinary way, so TensorFlow's own error is raised, and nothing fed before is lost."""
    outcomes = []
    for tf1 in (LEGACY, bridge):
        with tf.Graph().as_default():
            shape = ([None, 3] if many else [3]) if placeholder_shape == "exact" else (
                None if placeholder_shape is None else [None] * (2 if many else 1))
            value = tf1.placeholder(tf.float32, shape=shape)
            q = tf1.FIFOQueue(10, [tf.float32], shapes=[[3]])
            enqueue = q.enqueue_many([value]) if many else q.enqueue([value])
            take = q.dequeue_up_to(10)
            close = q.close()
            good = np.arange(6, dtype=np.float32).reshape(2, 3)
            with tf1.Session() as sess:
                for row in ([good] if many else good):
                    sess.run(enqueue, feed_dict={value: row})
                bad = np.zeros((1, 4) if many else (4,), np.float32)
                try:
                    sess.run(enqueue, feed_dict={value: bad})
                    error = None
                except (tf.errors.OpError, ValueError) as e:
                    error = (type(e).__name__, str(e).split("\n")[0])
                sess.run(close)
                outcomes.append((error, sess.run(take).tolist()))
    assert outcomes[0][0] is not None, "legacy refuses the value"
    assert outcomes[1] == outcomes[0]


@pytest.mark.parametrize("tf1, many", [(LEGACY, True), (bridge, True), (bridge, False)],
                         ids=["legacy-enqueue_many", "drop-in-enqueue_many", "drop-in-enqueue"])
def test_a_fed_array_changed_in_place_after_its_run_arrives_as_it_was_fed(tf1, many):
    # A feeder that reuses one numpy buffer (or feeds a view of an array it later shuffles in place, as a
    # DCGAN feeder of round 79 did): legacy's `enqueue_many` copies each row into the queue, so its rows are
    # the values as fed; the fast path's buffer must not see the later change either. (Legacy's single
    # `enqueue` may keep an aligned fed array itself, without a copy, and then shows the change or not as
    # its consumer's timing falls: no oracle there; the drop-in keeps what was fed.)
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rows = tf1.placeholder(tf.float32, shape=[None, 2] if many else [2])
        q = tf1.FIFOQueue(64, [tf.float32], shapes=[[2]])
        enqueue, take = q.enqueue_many([rows]) if many else q.enqueue([rows]), q.dequeue_many(4)
        close = q.close()
        buffer = np.zeros((2, 2) if many else (2,), np.float32)
        fed = []
        with tf1.Session() as sess:
            for i in range(8):
                buffer[...] = i  # the same array, overwritten in place for the next run
                fed.append(buffer.copy())
                sess.run(enqueue, feed_dict={rows: buffer})
            sess.run(close)
            got = []
            try:
                while True:
                    got.extend(sess.run(take).tolist())
            except tf.errors.OutOfRangeError:
                pass
    want = [row.tolist() for value in fed for row in (value if many else [value])]
    assert got == want[:len(got)] and len(got) == len(want) // 4 * 4
