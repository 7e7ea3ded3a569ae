"""The feed fast path's room learnt from the consumer's dequeues, and its ``PaddingFIFOQueue`` chunks,
against legacy: what arrives, in order; never more acknowledged than the queue has room for; a feeder
waiting for room is released by a close; and (the point of it) a feeder whose room is spent waits for
the consumer in Python instead of running a session step per element."""

from __future__ import annotations

import threading
import warnings
from typing import Any

import numpy as np
import pytest
import tensorflow as tf

import tfdata_bridge.compat.v1 as bridge
from tfdata_bridge._src.compat import fast_feed

LEGACY = tf.compat.v1
MODULES = pytest.mark.parametrize("tf1", [LEGACY, bridge], ids=["legacy", "drop-in"])
pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def own_steps(monkeypatch):
    """How many enqueue steps feeding threads ran themselves (the drop-in's slow path)."""
    counted = {"n": 0}
    direct = fast_feed._Buffer._put_direct

    def counting(self, entry, values):
        counted["n"] += 1
        return direct(self, entry, values)

    monkeypatch.setattr(fast_feed._Buffer, "_put_direct", counting)
    return counted


@MODULES
def test_a_feeder_ahead_of_its_consumer_never_has_more_acknowledged_than_the_queue_holds(tf1, own_steps):
    capacity, total, batch = 8, 240, 4
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        value = tf1.placeholder(tf.int64, shape=[])
        q = tf1.FIFOQueue(capacity, [tf.int64], shapes=[[]])
        enqueue, take, close = q.enqueue([value]), q.dequeue_many(batch), q.close()
        with tf1.Session() as sess:
            acked: list[int] = []
            errors: list[str] = []

            def feeder() -> None:
                try:
                    for i in range(total):
                        sess.run(enqueue, feed_dict={value: i})
                        acked.append(i)
                    sess.run(close)
                except tf.errors.OpError as e:
                    errors.append(type(e).__name__)

            thread = threading.Thread(target=feeder, daemon=True)
            thread.start()
            got: list[int] = []
            overshoot = []
            step = threading.Event()  # never set: the consumer's "training step" is a bounded wait
            try:
                while True:
                    got.extend(sess.run(take).tolist())
                    step.wait(0.01)  # a slower consumer: the queue stays full, the feeder waits for room
                    if len(acked) > len(got) + capacity:  # acknowledged but neither taken nor in the queue
                        overshoot.append((len(acked), len(got)))
            except tf.errors.OutOfRangeError:
                pass
            thread.join(30)
    assert not thread.is_alive() and errors == [] and overshoot == []
    assert got == list(range(total))
    if tf1 is bridge:  # the feeder waited for the consumer's room in Python, not in a step of its own
        assert own_steps["n"] < total // batch // 3, own_steps  # (before: one a batch, 60)


@MODULES
@pytest.mark.parametrize("how", ["cancel", "session close", "coordinator"])
def test_a_feeder_waiting_for_room_a_consumer_made_before_is_released(tf1, how):
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        value = tf1.placeholder(tf.int64, shape=[])
        q = tf1.FIFOQueue(4, [tf.int64], shapes=[[]])
        enqueue, take = q.enqueue([value]), q.dequeue_many(2)
        cancel = q.close(cancel_pending_enqueues=True)
        sess = tf1.Session()
        coord = tf1.train.Coordinator()
        acked: list[int] = []
        errors: list[str] = []
        reached = {n: threading.Event() for n in (4, 6, 7)}

        def feeder() -> None:
            try:
                i = 0
                while not coord.should_stop():
                    sess.run(enqueue, feed_dict={value: i})
                    acked.append(i)
                    i += 1
                    if len(acked) in reached:
                        reached[len(acked)].set()
            except tf.errors.OpError as e:
                errors.append(type(e).__name__)

        thread = threading.Thread(target=feeder, daemon=True)
        thread.start()
        assert reached[4].wait(30)
        assert sess.run(take).tolist() == [0, 1]  # the consumer makes room once: the feeder fills it, then waits
        assert reached[6].wait(30)
        assert not reached[7].wait(0.5)
        if how == "cancel":
            sess.run(cancel)
        elif how == "coordinator":
            coord.request_stop()
            sess.run(cancel)
        else:
            sess.close()
        thread.join(30)
        alive = thread.is_alive()
        sess.close()
    assert not alive and len(acked) == 6
    assert errors and errors[0] in ("CancelledError", "AbortedError")


def padding_program(tf1: Any, audio: list[np.ndarray], many: bool, finalize: bool = False) -> list[Any]:
    """One thread feeds a variable-length sample, its id and a (name, frames) pair into three
    ``PaddingFIFOQueue``s through placeholders (an audio reader's shape); ``dequeue_many(4)`` reads each.
    ``finalize``: the graph is finalized before the session is made (as a ``Supervisor`` does)."""
    sample = tf1.placeholder(tf.float32, shape=[None, None, 2] if many else None)
    ident = tf1.placeholder(tf.int32, shape=[None] if many else ())
    name = tf1.placeholder(tf.string, shape=[None, None] if many else [None])
    frames = tf1.placeholder(tf.int64, shape=[None] if many else [])
    samples = tf1.PaddingFIFOQueue(6, [tf.float32], shapes=[(None, 2)])
    ids = tf1.PaddingFIFOQueue(6, ["int32"], shapes=[()])
    pairs = tf1.PaddingFIFOQueue(6, [tf.string, tf.int64], shapes=[[None], []], names=["name", "frames"])
    put = samples.enqueue_many if many else samples.enqueue
    enqueues = [put([sample]), (ids.enqueue_many if many else ids.enqueue)([ident]),
                (pairs.enqueue_many if many else pairs.enqueue)({"name": name, "frames": frames})]
    closes = [samples.close(), ids.close(), pairs.close()]
    batch = [samples.dequeue_many(4), ids.dequeue_many(4), pairs.dequeue_many(4)]
    out: list[Any] = []
    if finalize:
        tf1.get_default_graph().finalize()
    with tf1.Session() as sess:
        def feed() -> None:
            for i, a in enumerate(audio):
                words = [b"w%d" % i] * (i % 3 + 1)
                if many:  # one element per enqueue_many, as a batch of one
                    sess.run(enqueues[0], feed_dict={sample: a[None]})
                    sess.run(enqueues[1], feed_dict={ident: [i]})
                    sess.run(enqueues[2], feed_dict={name: [words], frames: [len(a)]})
                else:
                    sess.run(enqueues[0], feed_dict={sample: a})
                    sess.run(enqueues[1], feed_dict={ident: i})
                    sess.run(enqueues[2], feed_dict={name: words, frames: len(a)})
            sess.run(closes)

        thread = threading.Thread(target=feed, daemon=True)
        thread.start()
        try:
            while True:
                padded, got, pair = sess.run(batch)
                out.append((padded, got, pair["name"], pair["frames"]))
        except tf.errors.OutOfRangeError:
            pass
        thread.join(30)
        assert not thread.is_alive()
    return out


@pytest.mark.parametrize("after", [0, 11, None], ids=["chunked", "switched", "one_step_each"])
@pytest.mark.parametrize("many", [False, True], ids=["enqueue", "enqueue_many"])
def test_padding_queues_fed_from_one_thread_deliver_what_legacy_delivers(many, after, monkeypatch):
    # the first PADDED_STEP_AFTER elements go in a step each (no chunk step built), then in padded chunks:
    # every element chunked, the switch after 11 of 30, and none chunked give legacy's batches alike
    if after is not None:
        monkeypatch.setattr(fast_feed, "PADDED_STEP_AFTER", after)
    rng = np.random.default_rng(5)
    audio = [rng.random((int(n), 2), dtype=np.float32) for n in rng.integers(1, 9, 30)]
    results = {}
    for tf1 in (LEGACY, bridge):
        with tf.Graph().as_default() as graph, warnings.catch_warnings():
            warnings.simplefilter("ignore")
            results[tf1] = padding_program(tf1, audio, many)
    steps = [op for op in graph.get_operations() if op.name.endswith("_fast/enqueue_padded_chunk")]
    assert len(steps) == (0 if after is None else 2)  # (the bridge's graph: one per queue of unknown dimensions)
    legacy, ours = results[LEGACY], results[bridge]
    assert len(legacy) == len(ours) == 7  # 30 elements, dequeue_many(4): the tail of 2 stays at close
    for a, b in zip(legacy, ours):
        for x, y in zip(a, b):
            assert x.shape == y.shape and x.dtype == y.dtype  # padded to the batch's longest, as legacy
            np.testing.assert_array_equal(x, y)
    assert [int(i) for _, ids, _, _ in ours for i in ids] == list(range(28))


def test_a_padding_queues_chunk_step_is_built_in_a_finalized_graph(monkeypatch):
    monkeypatch.setattr(fast_feed, "PADDED_STEP_AFTER", 5)
    rng = np.random.default_rng(7)
    audio = [rng.random((int(n), 2), dtype=np.float32) for n in rng.integers(1, 9, 14)]
    results = {}
    for tf1 in (LEGACY, bridge):
        with tf.Graph().as_default() as graph, warnings.catch_warnings():
            warnings.simplefilter("ignore")
            results[tf1] = padding_program(tf1, audio, False, finalize=True)
    assert graph.finalized and any(op.name.endswith("_fast/enqueue_padded_chunk") for op in graph.get_operations())
    assert len(results[bridge]) == len(results[LEGACY]) == 3
    for a, b in zip(results[LEGACY], results[bridge]):
        for x, y in zip(a, b):
            np.testing.assert_array_equal(x, y)


def test_a_padding_queue_enqueue_takes_the_fast_path():
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        sample = bridge.placeholder(tf.float32, shape=None)
        q = bridge.PaddingFIFOQueue(6, [tf.float32], shapes=[(None, 2)])
        enqueue = q.enqueue([sample])
        assert fast_feed.fed_enqueue(None, enqueue, {sample: None}).padded
        fixed = bridge.PaddingFIFOQueue(6, [tf.float32], shapes=[(3,)])
        op = fixed.enqueue([bridge.placeholder(tf.float32, [3])])
        assert not fast_feed.fed_enqueue(None, op, {sample: None}).padded  # stacked: one enqueue_many


@MODULES
def test_a_named_queue_fed_with_a_dict_of_placeholders(tf1):
    """The fast path's chunk op enqueues a dict where the queue has names (it raised at ``enqueue``)."""
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        a, b = tf1.placeholder(tf.int64, []), tf1.placeholder(tf.string, [])
        q = tf1.FIFOQueue(5, [tf.int64, tf.string], shapes=[[], []], names=["a", "b"])
        enqueue, take, close = q.enqueue({"b": b, "a": a}), q.dequeue_many(3), q.close()
        with tf1.Session() as sess:
            for i in range(5):
                sess.run(enqueue, feed_dict={a: i, b: b"x%d" % i})
            got = sess.run(take)
            sess.run(close)
            rest = sess.run(q.dequeue_up_to(3))
    assert got["a"].tolist() == [0, 1, 2] and got["b"].tolist() == [b"x0", b"x1", b"x2"]
    assert rest["a"].tolist() == [3, 4]

