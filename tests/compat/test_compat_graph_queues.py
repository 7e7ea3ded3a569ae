"""The drop-in's queues in graph mode, against the oracle: each program is built and run once with
``tensorflow.compat.v1`` and once with ``tfdata_bridge.compat.v1`` (each in its own ``tf.Graph``; eager
execution stays on in the test process), and what it observed is compared."""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest
import tensorflow as tf

import tfdata_bridge.compat.v1 as bridge
from tfdata_bridge._src.compat import graph_queues
from tfdata_bridge._src.compat.graph_queues import dequeue_source, element_dataset, queue_for_tensor

pytestmark = pytest.mark.filterwarnings("ignore::tfdata_bridge._src.warnings.CompiledToTfDataWarning")

v1 = tf.compat.v1
MODULES = {"legacy": v1, "bridge": bridge}
WAIT_S = 10  # every join and every blocking run is bounded
BOUNDED = v1.RunOptions(timeout_in_ms=WAIT_S * 1000)
CONFIG = v1.ConfigProto(operation_timeout_in_ms=WAIT_S * 1000)  # the default bound of every session here


def plain(value):
    """numpy results as plain Python values, for comparison."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return np.asarray(value).tolist()


def drain(sess, fetch, limit=100):
    """Run ``fetch`` until it raises; the values, then the exception's type name."""
    out = []
    for _ in range(limit):
        try:
            out.append(plain(sess.run(fetch, options=BOUNDED)))
        except tf.errors.OpError as e:
            out.append(type(e).__name__)
            return out
    return out


def both(program):
    """``program(module)`` in a fresh graph and session for each module; returns {name: result}."""
    results = {}
    for name, module in MODULES.items():
        with tf.Graph().as_default(), v1.Session(config=CONFIG) as sess:
            results[name] = program(module, sess)
    return results


def same(program):
    results = both(program)
    assert results["bridge"] == results["legacy"]
    return results["legacy"]


def in_thread(fn):
    """Start ``fn`` on a thread; the returned dict gets 'value' or 'error' (a type name)."""
    outcome: dict = {}

    def target():
        try:
            outcome["value"] = plain(fn())
        except tf.errors.OpError as e:
            outcome["error"] = type(e).__name__

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    outcome["thread"] = thread
    return outcome


def joined(outcome):
    outcome["thread"].join(WAIT_S)
    assert not outcome["thread"].is_alive()
    return {k: v for k, v in outcome.items() if k != "thread"}


# --- order, tails, end of data ---------------------------------------------------------------


def test_fifo_order_across_dequeue_kinds_and_the_tails_at_close():
    def program(tf1, sess):
        q = tf1.FIFOQueue(20, [tf.int32, tf.float32], shapes=[[], [2]])
        sess.run(q.enqueue_many([list(range(11)), [[i, -i] for i in range(11)]]))
        one, many, up_to = q.dequeue(), q.dequeue_many(3), q.dequeue_up_to(3)
        out = [plain(sess.run(one)), plain(sess.run(many)), plain(sess.run(up_to)), sess.run(q.size())]
        sess.run(q.close())
        out += [sess.run(q.is_closed())] + drain(sess, many) + drain(sess, up_to) + drain(sess, one)
        return plain(out)

    out = same(program)
    assert out[:4] == [[0, [0.0, 0.0]], [[1, 2, 3], [[1.0, -1.0], [2.0, -2.0], [3.0, -3.0]]],
                       [[4, 5, 6], [[4.0, -4.0], [5.0, -5.0], [6.0, -6.0]]], 4]
    # dequeue_many takes 7..9, then fails and keeps the tail of one; dequeue_up_to returns it
    assert out[4:] == [True, [[7, 8, 9], [[7.0, -7.0], [8.0, -8.0], [9.0, -9.0]]], "OutOfRangeError",
                       [[10], [[10.0, -10.0]]], "OutOfRangeError", "OutOfRangeError"]


def test_end_of_data_raises_tensorflows_out_of_range_error_with_the_queues_message():
    with tf.Graph().as_default(), v1.Session(config=CONFIG) as sess:
        q = bridge.FIFOQueue(5, tf.int32, shapes=[[]])
        sess.run(q.enqueue_many([[1, 2]]))
        sess.run(q.close())
        with pytest.raises(tf.errors.OutOfRangeError, match=r"FIFOQueue '.*fifo_queue' is closed and has "
                           r"insufficient elements \(requested 3, current size 2\)"):
            sess.run(q.dequeue_many(3))
        assert plain(sess.run(q.dequeue_up_to(3))) == [1, 2]
        with pytest.raises(tf.errors.OutOfRangeError, match=r"requested 1, current size 0"):
            sess.run(q.dequeue())


def test_enqueue_on_a_closed_queue_raises_cancelled_error():
    def program(tf1, sess):
        q = tf1.FIFOQueue(5, tf.int32)
        sess.run(q.close())
        with pytest.raises(tf.errors.CancelledError, match=r"FIFOQueue '.*fifo_queue' is closed"):
            sess.run(q.enqueue(1))
        return "ok"

    same(program)


def test_static_shapes_are_the_legacy_ones():
    def program(tf1, sess):
        q = tf1.FIFOQueue(5, [tf.int32, tf.float32], shapes=[[], [2, 3]])
        u = tf1.FIFOQueue(5, [tf.int32])
        p = tf1.PaddingFIFOQueue(5, [tf.int32], shapes=[[None, 2]])
        fetches = [q.dequeue(), q.dequeue_many(4), q.dequeue_many(tf.constant(2)), q.dequeue_up_to(4),
                   u.dequeue(), p.dequeue_many(3)]
        return [[t.shape.as_list() if t.shape.rank is not None else None for t in tf.nest.flatten(f)]
                for f in fetches] + [[t.dtype.name for t in tf.nest.flatten(fetches)]]

    assert same(program)[:4] == [[[], [2, 3]], [[4], [4, 2, 3]], [[2], [2, 2, 3]], [[None], [None, 2, 3]]]


def test_a_one_dtype_queue_gives_a_bare_tensor_and_a_named_queue_dicts():
    def program(tf1, sess):
        bare = tf1.FIFOQueue(5, tf.int32, shapes=[[]])
        listed = tf1.FIFOQueue(5, [tf.int32], shapes=[[]])
        named = tf1.FIFOQueue(5, [tf.int32, tf.string], shapes=[[], []], names=["n", "s"])
        sess.run([bare.enqueue(1), listed.enqueue([2]), named.enqueue({"s": "x", "n": 3})])
        sess.run(named.enqueue_many({"n": [4, 5], "s": ["y", "z"]}))
        values = [bare.dequeue(), listed.dequeue(), named.dequeue(), named.dequeue_many(2)]
        kinds = [type(v).__name__ for v in values]
        return [kinds, [plain(sess.run(v)) for v in values]]

    kinds, values = same(program)
    assert kinds == ["SymbolicTensor", "SymbolicTensor", "dict", "dict"]
    assert values == [1, 2, {"n": 3, "s": b"x"}, {"n": [4, 5], "s": [b"y", b"z"]}]


# --- close, cancel, sessions -------------------------------------------------------------------


@pytest.mark.parametrize("cancel", [False, True])
def test_close_with_an_enqueue_blocked_in_another_thread(cancel):
    def program(tf1, sess):
        q = tf1.FIFOQueue(2, tf.int32, shapes=[[]])
        x = tf1.placeholder(tf.int32, [])
        enqueue, close = q.enqueue(x), q.close(cancel_pending_enqueues=cancel)
        sess.run(q.enqueue_many([[1, 2]]))
        blocked = in_thread(lambda: sess.run(enqueue, {x: 3}, options=BOUNDED))
        time.sleep(0.3)
        closing = in_thread(lambda: sess.run(close, options=BOUNDED))
        time.sleep(0.3)
        if cancel:  # the close ends both, with no dequeue: wait for that (seconds on a loaded machine)
            for call in (blocked, closing):
                call["thread"].join(WAIT_S)
        # without cancel the close waits behind the pending enqueue, which completes as room appears
        state = [blocked["thread"].is_alive(), closing["thread"].is_alive()]
        items = drain(sess, q.dequeue_up_to(5))
        return [state, items, joined(blocked), joined(closing)]

    out = same(program)
    if cancel:
        assert out[0] == [False, False] and out[2] == {"error": "CancelledError"}
    else:
        assert out[0] == [True, True] and out[1][0] == [1, 2, 3] and out[2] == {"value": None}


def test_close_wakes_a_dequeue_blocked_in_another_thread():
    def program(tf1, sess):
        q = tf1.FIFOQueue(2, tf.int32, shapes=[[]])
        waiting = [in_thread(lambda d=d: sess.run(d, options=BOUNDED)) for d in (q.dequeue(), q.dequeue_many(2))]
        time.sleep(0.3)
        sess.run(q.enqueue(7))
        sess.run(q.close())
        return sorted((joined(w) for w in waiting), key=str)

    assert same(program) == [{"error": "OutOfRangeError"}, {"value": 7}]


def test_session_close_cancels_blocked_dequeues_and_enqueues_without_hanging():
    def program(tf1, _):
        empty, full = tf1.FIFOQueue(1, tf.int32, shapes=[[]]), tf1.FIFOQueue(1, tf.int32, shapes=[[]])
        batch, fill = empty.dequeue_many(2), full.enqueue(1)  # ops are made on this thread
        sess = tf1.Session(config=CONFIG)
        sess.run([empty.enqueue(1), fill])
        deq = in_thread(lambda: sess.run(batch, options=BOUNDED))
        enq = in_thread(lambda: sess.run(fill, options=BOUNDED))
        time.sleep(0.3)
        sess.close()
        # Cancelled, not DeadlineExceeded: the close ended the waits rather than letting them run out.
        return [joined(deq), joined(enq)]

    assert same(program) == [{"error": "CancelledError"}, {"error": "CancelledError"}]


def test_each_session_has_its_own_queue_as_in_legacy():
    def program(tf1, sess):
        q = tf1.FIFOQueue(5, tf.int32, shapes=[[]])
        with tf1.Session(config=CONFIG) as other:
            sess.run(q.enqueue_many([[1, 2, 3]]))
            other.run(q.enqueue(9))
            return [sess.run(q.size()), other.run(q.size()), plain(other.run(q.dequeue())),
                    plain(sess.run(q.dequeue_many(3)))]

    assert same(program) == [3, 1, 9, [1, 2, 3]]


def test_shared_name_makes_two_queue_objects_one_queue():
    def program(tf1, sess):
        a = tf1.FIFOQueue(5, tf.int32, shapes=[[]], shared_name="shared_q")
        b = tf1.FIFOQueue(5, tf.int32, shapes=[[]], shared_name="shared_q")
        sess.run(a.enqueue_many([[1, 2, 3]]))
        return [sess.run(b.size()), plain(sess.run(b.dequeue_many(2))), plain(sess.run(a.dequeue()))]

    assert same(program) == [3, [1, 2], 3]


def test_interactive_and_monitored_sessions_drive_the_dequeues():
    def program(tf1, _):
        q = tf1.FIFOQueue(10, tf.int32, shapes=[[]])
        enqueue, batch = q.enqueue_many([[1, 2, 3, 4]]), q.dequeue_many(2)
        interactive = tf1.InteractiveSession(config=CONFIG)
        try:
            enqueue.run()
            first = batch.eval()
        finally:
            interactive.close()
        with tf1.train.MonitoredSession(tf1.train.ChiefSessionCreator(config=CONFIG)) as sess:
            sess.run(enqueue)
            second = [sess.run(batch), sess.run(batch)]
        return plain([first, second])

    assert same(program) == [[1, 2], [[1, 2], [3, 4]]]


# --- the other queue kinds -------------------------------------------------------------------


def test_padding_fifo_queue_pads_each_batch_to_its_longest_element():
    def program(tf1, sess):
        q = tf1.PaddingFIFOQueue(10, [tf.int32, tf.string], shapes=[[None], []])
        x, s = tf1.placeholder(tf.int32, [None]), tf1.placeholder(tf.string, [])
        enqueue = q.enqueue([x, s])
        for i, values in enumerate([[1], [1, 2, 3], [4, 5], [6, 7, 8, 9], [1]]):
            sess.run(enqueue, {x: values, s: str(i)})
        sess.run(q.close())
        return drain(sess, q.dequeue_many(3)) + drain(sess, q.dequeue_up_to(3))

    out = same(program)
    assert out[0] == [[[1, 0, 0], [1, 2, 3], [4, 5, 0]], [b"0", b"1", b"2"]]
    assert out[1:] == ["OutOfRangeError", [[[6, 7, 8, 9], [1, 0, 0, 0]], [b"3", b"4"]], "OutOfRangeError"]


def test_random_shuffle_queue_delivers_every_element_once():
    def program(tf1, sess):
        q = tf1.RandomShuffleQueue(60, 10, [tf.int32, tf.float32], shapes=[[], []], seed=7)
        sess.run(q.enqueue_many([list(range(50)), [float(i) for i in range(50)]]))
        sess.run(q.close())
        batches = drain(sess, q.dequeue_up_to(8))
        assert batches[-1] == "OutOfRangeError"
        pairs = [p for ints, floats in batches[:-1] for p in zip(ints, floats)]
        return sorted(pairs)

    assert same(program) == [(i, float(i)) for i in range(50)]


def test_random_shuffle_queue_dequeues_only_above_min_after_dequeue_until_closed():
    def program(tf1, sess):
        q = tf1.RandomShuffleQueue(20, 5, tf.int32, shapes=[[]])
        batch, one = q.dequeue_many(2), q.enqueue(6)
        sess.run(q.enqueue_many([list(range(6))]))
        waiting = in_thread(lambda: sess.run(batch, options=BOUNDED))
        time.sleep(0.3)
        waited = waiting["thread"].is_alive()  # 6 elements: taking 2 would leave fewer than 5
        sess.run(one)
        taken = len(joined(waiting)["value"])
        sess.run(q.close())  # closed: min_after_dequeue no longer holds
        rest = drain(sess, q.dequeue_up_to(4))
        return [waited, taken, [len(b) if isinstance(b, list) else b for b in rest]]

    assert same(program) == [True, 2, [4, 1, "OutOfRangeError"]]


def test_priority_queue_dequeues_lowest_priority_first():
    def program(tf1, sess):
        q = tf1.PriorityQueue(10, [tf.string], shapes=[[]])
        sess.run(q.enqueue_many([[5, 1, 3, 2], [b"e", b"a", b"c", b"b"]]))
        sess.run(q.enqueue([4, b"d"]))
        sess.run(q.close())
        return [[d.name for d in q.dtypes]] + drain(sess, q.dequeue_many(2)) + drain(sess, q.dequeue())

    out = same(program)
    assert out[:3] == [["int64", "string"], [[1, 2], [b"a", b"b"]], [[3, 4], [b"c", b"d"]]]


# --- misuse: the same exception types and messages -------------------------------------------

MISUSE = {
    "partial shape": lambda tf1: tf1.FIFOQueue(5, [tf.int32], shapes=[[None]]),
    "unknown rank": lambda tf1: tf1.RandomShuffleQueue(5, 1, [tf.int32], shapes=[tf.TensorShape(None)]),
    "shapes not a list": lambda tf1: tf1.FIFOQueue(5, [tf.int32], shapes="abc"),
    "shapes length": lambda tf1: tf1.FIFOQueue(5, [tf.int32, tf.int32], shapes=[[1]]),
    "names length": lambda tf1: tf1.FIFOQueue(5, [tf.int32], names=["a", "b"]),
    "padding without shapes": lambda tf1: tf1.PaddingFIFOQueue(5, [tf.int32], shapes=None),
    "padding single shape": lambda tf1: tf1.PaddingFIFOQueue(5, [tf.int32], shapes=[None]),
    "padding shapes length": lambda tf1: tf1.PaddingFIFOQueue(5, [tf.int32, tf.int32], shapes=[[None]]),
    "dict without names": lambda tf1: tf1.FIFOQueue(5, [tf.int32]).enqueue({"a": 1}),
    "dict keys": lambda tf1: tf1.FIFOQueue(5, [tf.int32], names=["a"]).enqueue({"b": 1}),
    "tuple with names": lambda tf1: tf1.FIFOQueue(5, [tf.int32], names=["a"]).enqueue([1]),
    "dtype": lambda tf1: tf1.FIFOQueue(5, [tf.int32]).enqueue([1.5]),
    "shape": lambda tf1: tf1.FIFOQueue(5, [tf.int32], shapes=[[2]]).enqueue([[1, 2, 3]]),
    "enqueue_many shape": lambda tf1: tf1.FIFOQueue(5, [tf.int32], shapes=[[2]]).enqueue_many([[1, 2]]),
    "from_list not a list": lambda tf1: tf1.QueueBase.from_list(0, "abc"),
}


@pytest.mark.parametrize("case", sorted(MISUSE))
def test_misuse_raises_what_tensorflow_raises(case):
    def program(tf1, sess):
        with pytest.raises(Exception) as info:
            MISUSE[case](tf1)
        return [type(info.value).__name__, str(info.value)]

    same(program)


RUN_TIME_MISUSE = {
    "min_after_dequeue >= capacity": "min_after_dequeue 5 must be < capacity 3",
    "dequeue_many without shapes": "DequeueMany and DequeueUpTo require the components to have specified shapes",
}


@pytest.mark.parametrize("case", sorted(RUN_TIME_MISUSE))
def test_run_time_misuse_raises_what_tensorflow_raises(case):
    def program(tf1, sess):
        if case == "min_after_dequeue >= capacity":
            q = tf1.RandomShuffleQueue(3, 5, tf.int32, shapes=[[]])
        else:
            q = tf1.FIFOQueue(3, tf.int32)
            sess.run(q.enqueue_many([[1, 2, 3]]))
        with pytest.raises(tf.errors.OpError) as info:
            sess.run(q.dequeue_many(2), options=BOUNDED)
        return [type(info.value).__name__, RUN_TIME_MISUSE[case] in info.value.message]

    assert same(program) == ["InvalidArgumentError", True]


# --- fallbacks, from_list, eager -------------------------------------------------------------


def test_a_non_constant_n_is_read_through_tfdata_too():
    def program(tf1, sess):
        q = tf1.FIFOQueue(5, tf.int32, shapes=[[]])
        n = tf1.placeholder(tf.int32, [])
        batch, up_to = q.dequeue_many(n), q.dequeue_up_to(n)
        sess.run(q.enqueue_many([[1, 2, 3, 4]]))
        sess.run(q.close())
        out = [batch.shape.as_list(), plain(sess.run(batch, {n: 2})), plain(sess.run(up_to, {n: 3}))]
        with pytest.raises(tf.errors.OutOfRangeError):
            sess.run(batch, {n: 1})
        return out

    assert same(program) == [[None], [1, 2], [3, 4]]


def test_a_dequeue_cut_short_by_a_run_timeout_leaves_the_queue_working():
    def program(tf1, sess):
        q = tf1.FIFOQueue(5, tf.int32, shapes=[[]])
        batch, enqueue = q.dequeue_many(2), q.enqueue_many([[1, 2, 3]])
        with pytest.raises(tf.errors.DeadlineExceededError):
            sess.run(batch, options=v1.RunOptions(timeout_in_ms=200))
        sess.run(enqueue)
        first = plain(sess.run(batch, options=BOUNDED))
        with pytest.raises(tf.errors.DeadlineExceededError):  # one short: waits, and (legacy) drops it
            sess.run(batch, options=v1.RunOptions(timeout_in_ms=200))
        size = sess.run(q.size())
        sess.run(q.enqueue_many([[4, 5]]))
        return [first, size, plain(sess.run(batch, options=BOUNDED))]

    assert same(program) == [[1, 2], 0, [4, 5]]


def test_threads_running_the_same_dequeue_share_the_elements():
    def program(tf1, sess):
        q = tf1.FIFOQueue(100, tf.int32, shapes=[[]])
        batch = q.dequeue_many(5)
        readers = [in_thread(lambda: [sess.run(batch, options=BOUNDED).tolist() for _ in range(4)])
                   for _ in range(3)]
        sess.run(q.enqueue_many([list(range(60))]))
        values = [joined(r)["value"] for r in readers]
        return sorted(x for per_thread in values for b in per_thread for x in b)

    assert same(program) == list(range(60))


def test_from_list_selects_a_queue_at_run_time():
    def program(tf1, sess):
        queues = [tf1.FIFOQueue(5, tf.int32, shapes=[[]]) for _ in range(2)]
        sess.run([queues[0].enqueue(10), queues[1].enqueue(20)])
        index = tf1.placeholder(tf.int32, [])
        chosen = tf1.QueueBase.from_list(index, queues)
        value = chosen.dequeue()
        if tf1 is bridge:  # read through tf.data, but no shared_name for element_dataset to find it by
            assert queue_for_tensor(value) is chosen and not dequeue_source(value).via_tfdata
        return [isinstance(chosen, tf1.QueueBase), plain(sess.run(value, {index: 1})),
                plain(sess.run(value, {index: 0}))]

    assert same(program) == [True, 20, 10]


def test_queue_base_over_a_tensorflow_queue_dequeues_by_its_op_and_lifts_through_tfdata():
    with tf.Graph().as_default(), v1.Session(config=CONFIG) as sess:
        theirs = v1.FIFOQueue(5, tf.int32, shapes=[[]], shared_name="made_by_tf")
        ours = bridge.QueueBase(theirs.dtypes, theirs.shapes, theirs.names, theirs.queue_ref)
        value = ours.dequeue()
        sess.run(theirs.enqueue_many([[4, 5]]))
        assert queue_for_tensor(value) is ours
        assert value.op.type == "QueueDequeueV2"  # TensorFlow's own op, as legacy's: no dataset where none lifts
        assert plain(sess.run(value)) == 4 and sess.run(ours.size()) == 1
        assert plain(sess.run(element_dataset(ours).take(1).get_single_element())) == 5


def test_in_eager_mode_the_constructors_give_the_eager_queues():
    queues = pytest.importorskip("tfdata_bridge._src.queues")
    if not hasattr(queues, "FIFOQueue"):
        pytest.skip("the eager queues are not there yet")
    assert tf.executing_eagerly()
    q = bridge.FIFOQueue(3, [tf.int32], shapes=[[]])
    assert isinstance(q, queues.FIFOQueue) and not isinstance(q, graph_queues.FIFOQueue)
    q.enqueue([1])
    assert int(q.dequeue()) == 1


# --- the interface lifting uses --------------------------------------------------------------


def test_queue_for_tensor_recognises_the_bridges_dequeues_only():
    with tf.Graph().as_default():
        q = bridge.FIFOQueue(5, [tf.int32, tf.float32], shapes=[[], []], names=["a", "b"])
        element, batch = q.dequeue(), q.dequeue_up_to(3)
        legacy = v1.FIFOQueue(5, tf.int32).dequeue()
        assert queue_for_tensor(element["b"]) is q and queue_for_tensor(batch["a"]) is q
        assert queue_for_tensor(legacy) is None and queue_for_tensor(tf.constant(1)) is None
        source = dequeue_source(element["b"])
        assert (source.method, source.n, source.index, source.via_tfdata) == ("dequeue", None, 1, True)
        assert (dequeue_source(batch["a"]).method, dequeue_source(batch["a"]).n) == ("dequeue_up_to", 3)
    assert queue_for_tensor(tf.constant(1)) is None  # eager tensors too


@pytest.mark.parametrize("chunk_size", [1, 4])
def test_element_dataset_reads_single_elements_until_closed_and_drained(chunk_size):
    with tf.Graph().as_default(), v1.Session(config=CONFIG) as sess:
        q = bridge.FIFOQueue(20, [tf.int32, tf.string], shapes=[[], []], names=["n", "s"])
        dataset = element_dataset(q, chunk_size=chunk_size)
        assert dataset.element_spec == {"n": tf.TensorSpec([], tf.int32), "s": tf.TensorSpec([], tf.string)}
        element = v1.data.make_one_shot_iterator(dataset).get_next()
        sess.run(q.enqueue_many({"n": list(range(10)), "s": [str(i) for i in range(10)]}))
        first = plain(sess.run(element))
        assert first == {"n": 0, "s": b"0"}
        assert sess.run(q.size()) == 10 - chunk_size  # nothing read ahead beyond one chunk
        sess.run(q.close())
        rest = drain(sess, element)
        assert [e["n"] for e in rest[:-1]] == list(range(1, 10)) and rest[-1] == "OutOfRangeError"


def test_element_dataset_of_a_one_component_queue_has_bare_elements():
    with tf.Graph().as_default(), v1.Session(config=CONFIG) as sess:
        q = bridge.FIFOQueue(5, tf.int32, shapes=[[]])
        dataset = element_dataset(q).batch(2)
        batch = v1.data.make_one_shot_iterator(dataset).get_next()
        sess.run(q.enqueue_many([[1, 2, 3]]))
        sess.run(q.close())
        assert drain(sess, batch) == [[1, 2], [3], "OutOfRangeError"]
    with pytest.raises(ValueError, match="needs a graph-mode queue made by tfdata_bridge"):
        element_dataset(object())
