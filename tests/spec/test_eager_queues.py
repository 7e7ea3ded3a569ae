"""The eager queues against the oracle: each scenario runs once on TensorFlow's own ``tf.queue.*`` in
eager mode and once on ``tfdata_bridge``'s queues, and what it observed (values, dtypes, shapes,
exception types and messages) must be the same. Messages are compared without TensorFlow's
``{{function_node ...}}`` prefix and `` [Op:...]`` suffix, and with queue names blanked (TensorFlow's
eager queues are named by a counter).

Every blocking call runs on its own thread and every wait on it is bounded."""

from __future__ import annotations

import collections
import json
import os
import pathlib
import re
import signal
import subprocess
import sys
import threading
import time

import numpy as np
import pytest
import tensorflow as tf
from hypothesis import given, settings
from hypothesis import strategies as st

import tfdata_bridge

IMPLS = {"tensorflow": tf.queue, "bridge": tfdata_bridge}
WAIT_S = 10  # the longest any blocked call may take to finish once released
SETTLE_S = 0.2  # time given to a call to block (or not) before the scenario goes on


# ---------------------------------------------------------------------------------- helpers
def clean(message: str) -> str:
    message = re.sub(r"^\{\{function_node [^}]*\}\}\s*", "", message)
    message = re.sub(r"\s*\[Op:[^\]]*\].*$", "", message, flags=re.S)
    return re.sub(r"(FIFOQueue|RandomShuffleQueue|PriorityQueue|Queue) '[^']*'", r"\1 '<q>'", message)


def observe(value):
    """A comparable picture of a result: tensors as (dtype, shape, values); containers keep their type."""
    if isinstance(value, dict):
        return {k: observe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, [observe(v) for v in value])
    if isinstance(value, tf.Tensor):
        return (value.dtype.name, tuple(value.shape), np.asarray(value.numpy()).tolist())
    return value


def outcome(fn, *args, **kwargs):
    """What a call did: ("ok", result) or (exception type, cleaned message)."""
    try:
        return ("ok", observe(fn(*args, **kwargs)))
    except Exception as e:  # noqa: BLE001 - the exception is what is compared
        return (type(e).__name__, clean(str(e)))


class Call:
    """A call on its own thread; every wait on it is bounded."""

    def __init__(self, fn, *args):
        self._result = None
        self.thread = threading.Thread(target=self._run, args=(fn, args), daemon=True)
        self.thread.start()

    def _run(self, fn, args):
        self._result = outcome(fn, *args)

    def blocked(self) -> bool:
        time.sleep(SETTLE_S)
        return self.thread.is_alive()

    def result(self):
        self.thread.join(WAIT_S)
        assert not self.thread.is_alive(), f"a call was still blocked after {WAIT_S} s"
        return self._result


def both(scenario):
    """Run ``scenario(module)`` on TensorFlow and on the bridge; assert they saw the same; return it."""
    seen = {}
    for label, module in IMPLS.items():
        seen[label] = scenario(module)
    assert seen["bridge"] == seen["tensorflow"]
    return seen["bridge"]


def kind_of(result):
    """An outcome without its (random) values: the status, and a tensor's dtype and shape."""
    return (result[0],) + result[1][:2] if result[0] == "ok" else result


def ok(*values):
    return ("ok", values[0] if len(values) == 1 else values)


def t(dtype, values, shape=None):
    """The observation of a tensor with these values."""
    arr = np.asarray(values)
    return (dtype, tuple(arr.shape) if shape is None else shape, arr.tolist())


def end(kind, requested, size):
    return ("OutOfRangeError", f"{kind} '<q>' is closed and has insufficient elements "
                               f"(requested {requested}, current size {size})")


def closed(kind="FIFOQueue"):
    return ("CancelledError", f"{kind} '<q>' is closed.")


CANCELLED = ("CancelledError", "Enqueue operation was cancelled")
NONE = ("ok", None)


# ------------------------------------------------------------------- order and end of data
ELEMENTS = {
    "scalar": (tf.int32, None, [1, 2, 3]),
    "tuple": ([tf.int32, tf.float32], [[], [2]], [(1, [1.0, 2.0]), (2, [3.0, 4.0]), (3, [5.0, 6.0])]),
    "strings": (tf.string, [[]], [b"a", b"bc", b""]),
    "one_item_list": ([tf.int64], [[2]], [([1, 2],), ([3, 4],), ([5, 6],)]),
}


@pytest.mark.parametrize("element", ELEMENTS, ids=list(ELEMENTS))
def test_dequeue_returns_elements_in_enqueue_order_with_the_same_structure(element):
    dtypes, shapes, items = ELEMENTS[element]

    def scenario(m):
        q = m.FIFOQueue(5, dtypes, shapes=shapes)
        return [outcome(q.enqueue, v) for v in items] + [outcome(q.dequeue) for _ in items] + [outcome(q.size)]

    trace = both(scenario)
    assert trace[:3] == [NONE] * 3 and trace[-1] == ok(t("int32", 0))


def test_numpy_values_are_copied_in_and_converted_where_their_dtype_differs():
    def scenario(m):
        q = m.FIFOQueue(5, [tf.float32, tf.int64], shapes=[[2], []])
        features = np.array([1.5, 2.5], np.float32)
        out = [outcome(q.enqueue, (features, np.int64(7)))]
        features[0] = 99.0  # the queue holds its own copy
        out.append(outcome(q.enqueue, (np.array([0.25, 0.5]), np.int32(8))))  # float64 and int32 convert
        out.append(outcome(q.enqueue, (np.array([1, 2], np.int64), 9)))
        return out + [outcome(q.dequeue_many, 3)]

    assert both(scenario)[-1] == ok(("list", [t("float32", [[1.5, 2.5], [0.25, 0.5], [1.0, 2.0]]),
                                              t("int64", [7, 8, 9])]))


def test_enqueue_many_splits_batches_that_dequeue_many_and_dequeue_up_to_stack_again():
    def scenario(m):
        q = m.FIFOQueue(10, [tf.int32, tf.string], shapes=[[], [2]])
        return [
            outcome(q.enqueue_many, ([1, 2, 3], [["a", "b"], ["c", "d"], ["e", "f"]])),
            outcome(q.enqueue_many, (np.array([4, 5], np.int32), np.array([["g", "h"], ["i", "j"]]))),
            outcome(q.dequeue_many, 2), outcome(q.dequeue), outcome(q.dequeue_up_to, 2), outcome(q.size),
            outcome(q.dequeue_many, 0),
        ]

    trace = both(scenario)
    assert trace[2] == ok(("list", [t("int32", [1, 2]), t("string", [[b"a", b"b"], [b"c", b"d"]])]))
    assert trace[-1] == ok(("list", [t("int32", [], (0,)), t("string", [], (0, 2))]))


@pytest.mark.parametrize("n", [1, 3, 5])
def test_at_close_dequeue_many_fails_and_keeps_the_tail_while_dequeue_up_to_returns_it(n):
    def scenario(m):
        q = m.FIFOQueue(10, tf.int32, shapes=[[]])
        q.enqueue_many(([1, 2, 3, 4],))
        q.close()
        out = []
        for _ in range(4):
            out += [outcome(q.dequeue_many, n), outcome(q.size)]
        return out + [outcome(q.dequeue_up_to, n), outcome(q.dequeue_up_to, n), outcome(q.dequeue)]

    expected, left = [], [1, 2, 3, 4]
    for _ in range(4):
        if len(left) >= n:
            expected.append(ok(t("int32", left[:n])))
            left = left[n:]
        else:
            expected.append(end("FIFOQueue", n, len(left)))
        expected.append(ok(t("int32", len(left))))
    tail = [ok(t("int32", left))] if left else []
    expected += (tail + [end("FIFOQueue", n, 0)] * 2)[:2] + [end("FIFOQueue", 1, 0)]
    assert both(scenario) == expected


def test_the_tail_at_close_in_detail():
    def scenario(m):
        q = m.FIFOQueue(10, tf.int32, shapes=[[]])
        q.enqueue_many(([1, 2, 3, 4, 5],))
        q.close()
        return [outcome(q.dequeue_many, 3), outcome(q.dequeue_many, 3), outcome(q.size),
                outcome(q.dequeue_up_to, 3), outcome(q.dequeue_up_to, 3), outcome(q.dequeue)]

    assert both(scenario) == [
        ok(t("int32", [1, 2, 3])), end("FIFOQueue", 3, 2), ok(t("int32", 2)),
        ok(t("int32", [4, 5])), end("FIFOQueue", 3, 0), end("FIFOQueue", 1, 0),
    ]


KINDS = {
    "fifo": lambda m: m.FIFOQueue(10, tf.int32, shapes=[[]]),
    "random_shuffle": lambda m: m.RandomShuffleQueue(10, 0, tf.int32, shapes=[[]]),
    "padding_fifo": lambda m: m.PaddingFIFOQueue(10, tf.int32, shapes=[[]]),
    "priority": lambda m: m.PriorityQueue(10, [tf.int32], shapes=[[]]),
}
KIND_WORDS = {"fifo": ("FIFOQueue",) * 2, "random_shuffle": ("RandomShuffleQueue",) * 2,
              "padding_fifo": ("FIFOQueue", "PaddingFIFOQueue"), "priority": ("PriorityQueue",) * 2}


@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_names_itself_in_end_of_data_and_closed_queue_errors(kind):
    element = (7, 7) if kind == "priority" else 7

    def scenario(m):
        q = KINDS[kind](m)
        q.enqueue(element)
        q.close()
        return [outcome(q.enqueue, element), outcome(q.dequeue_many, 2), outcome(q.dequeue_many, 1),
                outcome(q.dequeue), outcome(q.dequeue_many, 1), outcome(q.close), outcome(q.close, True)]

    trace = both(scenario)
    single, batch = KIND_WORDS[kind]
    assert trace[0] == closed(single) and trace[1] == end(batch, 2, 1) and trace[3] == end(single, 1, 0)
    assert trace[5] == ("CancelledError", "Queue '<q>' is already closed.") and trace[6] == NONE


# ------------------------------------------------------------------- blocking and closing
def test_close_without_cancel_waits_behind_the_blocked_enqueue_and_later_enqueues_fail():
    def scenario(m):
        q = m.FIFOQueue(1, tf.int32)
        q.enqueue(1)
        try:
            second = Call(q.enqueue, 2)
            assert second.blocked()
            closing = Call(q.close)
            assert closing.blocked()
            third = Call(q.enqueue, 3)
            out = [third.blocked(), outcome(q.is_closed), outcome(q.size), outcome(q.dequeue)]
            out += [second.result(), closing.result(), third.result(), outcome(q.is_closed)]
            return out + [outcome(q.dequeue), outcome(q.dequeue)]
        finally:
            q.close(cancel_pending_enqueues=True)

    assert both(scenario) == [
        True, ok(t("bool", False)), ok(t("int32", 1)), ok(t("int32", 1)),
        NONE, NONE, closed(), ok(t("bool", True)), ok(t("int32", 2)), end("FIFOQueue", 1, 0),
    ]


@pytest.mark.parametrize("many", [False, True], ids=["enqueue", "enqueue_many"])
def test_close_with_cancel_fails_the_blocked_enqueue_and_the_close_waiting_behind_it(many):
    def scenario(m):
        q = m.FIFOQueue(2, tf.int32, shapes=[[]])
        q.enqueue(1)
        if many:  # 2 moves in, 3 and 4 wait for room
            blocked = Call(q.enqueue_many, ([2, 3, 4],))
        else:
            q.enqueue(2)
            blocked = Call(q.enqueue, 3)
        out = [blocked.blocked()]  # blocked before the close starts, so the close queues behind it
        closing = Call(q.close)
        out.append(closing.blocked())
        out += [outcome(q.close, cancel_pending_enqueues=True), blocked.result(), closing.result()]
        return out + [outcome(q.size), outcome(q.dequeue_up_to, 5), outcome(q.enqueue, 9)]

    assert both(scenario) == [True, True, NONE, CANCELLED, CANCELLED, ok(t("int32", 2)),
                              ok(t("int32", [1, 2])), closed()]


def test_close_with_cancel_fails_a_full_queues_blocked_enqueue():
    def scenario(m):
        q = m.FIFOQueue(1, [tf.int32, tf.string], shapes=[[], []])
        q.enqueue((1, "a"))
        blocked = Call(q.enqueue, (2, "b"))
        out = [blocked.blocked(), outcome(q.close, cancel_pending_enqueues=True), blocked.result()]
        return out + [outcome(q.dequeue), outcome(q.dequeue)]

    assert both(scenario) == [True, NONE, CANCELLED, ok(("list", [t("int32", 1), t("string", b"a")])),
                              end("FIFOQueue", 1, 0)]


@pytest.mark.parametrize("cancel", [False, True], ids=["close", "close_and_cancel"])
@pytest.mark.parametrize("method", ["dequeue", "dequeue_many", "dequeue_up_to"])
def test_a_blocked_dequeue_ends_at_close_with_out_of_range(cancel, method):
    def scenario(m):
        q = m.FIFOQueue(3, tf.int32, shapes=[[]])
        waiting = Call(getattr(q, method), *([] if method == "dequeue" else [2]))
        return [waiting.blocked(), outcome(q.close, cancel), waiting.result()]

    assert both(scenario) == [True, NONE, end("FIFOQueue", 1 if method == "dequeue" else 2, 0)]


def test_a_dequeue_many_collects_as_elements_arrive_and_a_close_puts_them_back():
    def scenario(m):
        q = m.FIFOQueue(10, tf.int32, shapes=[[]])
        many = Call(q.dequeue_many, 5)
        many.blocked()
        q.enqueue_many(([1, 2, 3],))
        out = [many.blocked(), outcome(q.size), outcome(q.close), many.result(), outcome(q.size)]
        return out + [outcome(q.dequeue_up_to, 5)]

    # TensorFlow reports what the attempt still wanted and the size it saw, then restores the three
    assert both(scenario) == [True, ok(t("int32", 0)), NONE, end("FIFOQueue", 2, 0), ok(t("int32", 3)),
                              ok(t("int32", [1, 2, 3]))]


def test_elements_put_back_at_close_may_exceed_capacity_as_in_tensorflow():
    def scenario(m):
        q = m.FIFOQueue(2, tf.int32, shapes=[[]])
        many = Call(q.dequeue_many, 5)  # more than the capacity: it collects as room is made
        many.blocked()
        q.enqueue_many(([1, 2],))
        q.enqueue_many(([3, 4],))
        out = [many.blocked(), outcome(q.size), outcome(q.close), many.result(), outcome(q.size)]
        return out + [outcome(q.dequeue_up_to, 5)]

    # The four it had taken go back: four elements in a queue of capacity 2
    assert both(scenario) == [True, ok(t("int32", 0)), NONE, end("FIFOQueue", 1, 0), ok(t("int32", 4)),
                              ok(t("int32", [1, 2, 3, 4]))]


def test_a_dequeue_up_to_waiting_at_close_returns_what_it_collected():
    def scenario(m):
        q = m.FIFOQueue(10, tf.int32, shapes=[[]])
        up_to = Call(q.dequeue_up_to, 5)
        up_to.blocked()
        q.enqueue_many(([1, 2, 3],))
        return [up_to.blocked(), outcome(q.close), up_to.result(), outcome(q.size)]

    assert both(scenario) == [True, NONE, ok(t("int32", [1, 2, 3])), ok(t("int32", 0))]


def test_enqueue_many_larger_than_capacity_moves_in_as_a_consumer_makes_room():
    def scenario(m):
        q = m.FIFOQueue(2, tf.int32, shapes=[[]])
        producer = Call(q.enqueue_many, (list(range(7)),))
        out = [producer.blocked(), outcome(q.size), outcome(q.dequeue_many, 5)]
        out += [producer.result(), outcome(q.size), outcome(q.dequeue_many, 2)]
        return out

    assert both(scenario) == [True, ok(t("int32", 2)), ok(t("int32", [0, 1, 2, 3, 4])), NONE,
                              ok(t("int32", 2)), ok(t("int32", [5, 6]))]


def test_enqueue_on_a_closed_queue_is_cancelled_but_an_empty_batch_is_a_no_op():
    def scenario(m):
        q = m.FIFOQueue(3, [tf.int32, tf.float32], shapes=[[], [2]])
        q.enqueue((1, [1.0, 2.0]))
        q.close()
        empty = (np.zeros([0], np.int32), np.zeros([0, 2], np.float32))
        return [outcome(q.enqueue, (2, [3.0, 4.0])), outcome(q.enqueue_many, ([2], [[3.0, 4.0]])),
                outcome(q.enqueue_many, empty), outcome(q.size), outcome(q.is_closed)]

    assert both(scenario) == [closed(), closed(), NONE, ok(t("int32", 1)), ok(t("bool", True))]


def test_closing_twice_is_an_error_unless_the_second_close_cancels():
    def scenario(m):
        a, b = m.FIFOQueue(3, tf.int32), m.FIFOQueue(3, tf.int32)
        return [outcome(a.close), outcome(a.close, cancel_pending_enqueues=True), outcome(a.close),
                outcome(b.close, True), outcome(b.close, True), outcome(b.close)]

    already = ("CancelledError", "Queue '<q>' is already closed.")
    assert both(scenario) == [NONE, NONE, already, NONE, NONE, already]


# ------------------------------------------------------------------------- dict elements
def test_named_components_enqueue_and_dequeue_as_dicts():
    def scenario(m):
        q = m.FIFOQueue(5, [tf.int32, tf.string], shapes=[[], [2]], names=["label", "words"])
        return [
            outcome(q.enqueue, {"words": ["a", "b"], "label": 1}),
            outcome(q.enqueue_many, {"label": [2, 3], "words": [["c", "d"], ["e", "f"]]}),
            outcome(q.dequeue), outcome(q.dequeue_many, 1), outcome(q.close), outcome(q.dequeue_up_to, 5),
            (q.names, [d.name for d in q.dtypes], [s.as_list() for s in q.shapes]),
        ]

    trace = both(scenario)
    assert trace[2] == ok({"label": t("int32", 1), "words": t("string", [b"a", b"b"])})
    assert trace[5] == ok({"label": t("int32", [3]), "words": t("string", [[b"e", b"f"]])})


MISTAKES = {
    "tuple_into_named": (["a", "b"], (1, "x")),
    "missing_key": (["a", "b"], {"a": 1}),
    "extra_key": (["a", "b"], {"a": 1, "b": "x", "c": 2}),
    "dict_into_unnamed": (None, {"a": 1, "b": "x"}),
}


@pytest.mark.parametrize("mistake", MISTAKES)
def test_dict_mistakes_raise_tensorflows_value_errors(mistake):
    names, value = MISTAKES[mistake]

    def scenario(m):
        q = m.FIFOQueue(5, [tf.int32, tf.string], names=names)
        return [outcome(q.enqueue, value), outcome(q.enqueue_many, value), outcome(q.size)]

    trace = both(scenario)
    assert trace[0][0] == "ValueError" and trace[2] == ok(t("int32", 0))


def test_a_single_name_gives_one_item_dicts():
    def scenario(m):
        q = m.FIFOQueue(3, tf.int32, shapes=[2], names="x")
        return [outcome(q.enqueue, {"x": [1, 2]}), outcome(q.dequeue), outcome(q.dequeue_many, 0), q.names]

    assert both(scenario)[1] == ok({"x": t("int32", [1, 2])})


# --------------------------------------------------------------------- shapes and types
def test_unknown_shapes_allow_varying_elements_but_not_dequeue_many():
    def scenario(m):
        q = m.FIFOQueue(5, tf.int32)
        out = [outcome(q.enqueue, [[1, 2, 3]]), outcome(q.enqueue, 4)]
        out += [outcome(q.dequeue_many, 1), outcome(q.dequeue_up_to, 1), outcome(q.dequeue_many, 0)]
        return out + [outcome(q.dequeue), outcome(q.dequeue), [s.rank for s in q.shapes]]

    trace = both(scenario)
    message = "FIFOQueue's DequeueMany and DequeueUpTo require the components to have specified shapes."
    assert trace[2:5] == [("InvalidArgumentError", message)] * 3
    assert trace[5] == ok(t("int32", [1, 2, 3])) and trace[6] == ok(t("int32", 4))


BAD_CALLS = {
    "wrong_dtype": ("enqueue", ((1.5, [1.0, 2.0]),)),
    "string_for_int": ("enqueue", (("a", [1.0, 2.0]),)),
    "float_tensor_for_int": ("enqueue", ((tf.constant(1.0), [1.0, 2.0]),)),
    "wrong_shape": ("enqueue", ((1, [1.0, 2.0, 3.0]),)),
    "scalar_batch": ("enqueue_many", ((1, [[1.0, 2.0]]),)),
    "batch_sizes_differ": ("enqueue_many", (([1, 2], [[1.0, 2.0]]),)),
    "batch_of_wrong_shape": ("enqueue_many", (([1], [[1.0, 2.0, 3.0]]),)),
    "negative_count": ("dequeue_many", (-1,)),
    "negative_up_to": ("dequeue_up_to", (-1,)),
    "fractional_count": ("dequeue_many", (1.5,)),
}


@pytest.mark.parametrize("call", BAD_CALLS)
def test_bad_arguments_raise_tensorflows_exceptions_and_messages(call):
    method, args = BAD_CALLS[call]

    def scenario(m):
        q = m.FIFOQueue(5, [tf.int32, tf.float32], shapes=[[], [2]])
        return [outcome(getattr(q, method), *args), outcome(q.size)]

    trace = both(scenario)
    assert trace[0][0] in {"TypeError", "ValueError", "InvalidArgumentError"} and trace[1] == ok(t("int32", 0))


@pytest.mark.parametrize("method", ["enqueue", "enqueue_many"])
def test_too_few_components_is_an_invalid_argument(method):
    seen = {}
    for label, m in IMPLS.items():
        q = m.FIFOQueue(5, [tf.int32, tf.float32], shapes=[[], [2]])
        seen[label] = outcome(getattr(q, method), ([1],) if method == "enqueue_many" else (1,))[0]
    assert seen == {"tensorflow": "InvalidArgumentError", "bridge": "InvalidArgumentError"}


def test_extra_components_raise_in_the_bridge_where_tensorflow_drops_them():
    q = tfdata_bridge.FIFOQueue(5, tf.int32)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"got 3 component value\(s\).* have 1 \(int32\)"):
        q.enqueue([1, 2, 3])
    assert q.size().numpy() == 0


CONSTRUCTORS = {
    "min_after_dequeue_not_below_capacity": lambda m: m.RandomShuffleQueue(5, 10, tf.int32),
    "min_after_dequeue_equal_to_capacity": lambda m: m.RandomShuffleQueue(5, 5, tf.int32),
    "negative_min_after_dequeue": lambda m: m.RandomShuffleQueue(5, -1, tf.int32),
    "partial_shape_in_fifo": lambda m: m.FIFOQueue(5, [tf.int32], shapes=[[None]]),
    "padding_without_shapes": lambda m: m.PaddingFIFOQueue(5, [tf.int32], shapes=None),
    "padding_unknown_rank": lambda m: m.PaddingFIFOQueue(5, [tf.int32], shapes=[tf.TensorShape(None)]),
    "names_of_wrong_length": lambda m: m.FIFOQueue(5, [tf.int32, tf.string], names=["a"]),
    "priority_names_without_the_priority": lambda m: m.PriorityQueue(5, [tf.string], shapes=[[]], names=["s"]),
    "shape_as_an_int": lambda m: m.FIFOQueue(5, tf.int32, shapes=2),
}


@pytest.mark.parametrize("mistake", CONSTRUCTORS)
def test_constructor_mistakes_raise_tensorflows_exceptions_and_messages(mistake):
    trace = both(lambda m: outcome(CONSTRUCTORS[mistake], m))
    assert trace[0] in {"TypeError", "ValueError", "InvalidArgumentError"}


def test_the_properties_describe_the_elements_as_tensorflows_do():
    def scenario(m):
        queues = [m.FIFOQueue(3, [tf.int32, np.float32], shapes=[[], [2]]),
                  m.RandomShuffleQueue(3, 1, tf.string, names="s"),
                  m.PaddingFIFOQueue(3, [tf.int32], shapes=[[None, 2]]),
                  m.PriorityQueue(3, [tf.string], shapes=[[]], names=["p", "s"])]
        return [([tf.as_dtype(d).name for d in q.dtypes], [s.as_list() if s.rank is not None else None
                 for s in q.shapes], q.names) for q in queues]

    assert both(scenario)[3] == (["int64", "string"], [[], []], ["p", "s"])
    assert tfdata_bridge.FIFOQueue(3, tf.int32, name="inputs").name == "inputs"


# ------------------------------------------------------------------------ random shuffle
def test_random_shuffle_delivers_every_element_exactly_once():
    dequeued = {}

    def scenario(m):
        q = m.RandomShuffleQueue(60, 10, tf.int32, shapes=[[]], seed=7)
        q.enqueue_many((list(range(50)),))
        batches = [q.dequeue_many(8) for _ in range(5)]  # 40 taken while 10 must stay
        q.close()
        batches += [q.dequeue_up_to(8), q.dequeue_up_to(8)]
        dequeued["bridge" if m is tfdata_bridge else "tensorflow"] = [v for b in batches for v in b.numpy().tolist()]
        return [(b.dtype.name, tuple(b.shape)) for b in batches] + [outcome(q.dequeue_up_to, 8)]

    trace = both(scenario)
    assert trace[-3:] == [("int32", (8,)), ("int32", (2,)), end("RandomShuffleQueue", 8, 0)]
    for values in dequeued.values():
        assert collections.Counter(values) == collections.Counter(range(50))
    assert dequeued["bridge"] != list(range(50))  # shuffled (50! orders: not by chance)


def test_random_shuffle_dequeue_waits_above_min_after_dequeue_until_close():
    def scenario(m):
        q = m.RandomShuffleQueue(10, 2, tf.int32, shapes=[[]])
        q.enqueue_many(([1, 2, 3],))
        out = [outcome(q.size), kind_of(outcome(q.dequeue))]  # 3 > 2: served
        one = Call(q.dequeue)
        out += [one.blocked(), outcome(q.size), outcome(q.enqueue, 4), kind_of(one.result()), outcome(q.size)]
        many = Call(q.dequeue_many, 2)
        out += [many.blocked(), outcome(q.close), kind_of(many.result()), outcome(q.size)]
        return out + [outcome(q.dequeue)]

    assert both(scenario) == [
        ok(t("int32", 3)), ("ok", "int32", ()), True, ok(t("int32", 2)), NONE, ("ok", "int32", ()),
        ok(t("int32", 2)), True, NONE, ("ok", "int32", (2,)), ok(t("int32", 0)), end("RandomShuffleQueue", 1, 0),
    ]


def test_random_shuffle_dequeue_many_at_close_reports_what_it_still_wanted():
    def scenario(m):
        q = m.RandomShuffleQueue(10, 1, tf.int32, shapes=[[]])
        many = Call(q.dequeue_many, 4)
        many.blocked()
        q.enqueue_many(([1, 2, 3],))  # two are collected, one must stay
        return [many.blocked(), outcome(q.size), outcome(q.close), many.result(), outcome(q.size)]

    assert both(scenario) == [True, ok(t("int32", 1)), NONE, end("RandomShuffleQueue", 2, 1), ok(t("int32", 3))]


# --------------------------------------------------------------------- padding and priority
def test_padding_fifo_pads_batches_to_their_longest_element():
    def scenario(m):
        q = m.PaddingFIFOQueue(10, [tf.int32, tf.string], shapes=[[None], [None, 2]])
        out = [outcome(q.enqueue, ([1], [["a", "b"]])), outcome(q.enqueue, ([1, 2, 3], [["c", "d"], ["e", "f"]])),
               outcome(q.enqueue, ([4, 5], [["g", "h"]])), outcome(q.enqueue, ([[1]], [["a", "b"]]))]
        out += [outcome(q.dequeue_many, 2), outcome(q.dequeue_many, 0), outcome(q.close)]
        return out + [outcome(q.dequeue_many, 2), outcome(q.dequeue_up_to, 2), outcome(q.dequeue)]

    trace = both(scenario)
    assert trace[3] == ("ValueError", "Shapes (1, 1) and (None,) are incompatible")
    assert trace[4] == ok(("list", [t("int32", [[1, 0, 0], [1, 2, 3]]),
                                    t("string", [[[b"a", b"b"], [b"", b""]], [[b"c", b"d"], [b"e", b"f"]]])]))
    assert trace[7] == end("PaddingFIFOQueue", 2, 1) and trace[9] == end("FIFOQueue", 1, 0)


def test_priority_queue_dequeues_the_smallest_priority_first():
    def scenario(m):
        q = m.PriorityQueue(10, [tf.string], shapes=[[]])
        out = [outcome(q.enqueue, (3, "c")), outcome(q.enqueue_many, ([5, -1, 4, 6], ["e", "a", "d", "f"])),
               outcome(q.enqueue, (2.5, "x")), outcome(q.dequeue), outcome(q.dequeue_many, 2),
               outcome(q.dequeue_up_to, 1), outcome(q.close)]
        return out + [outcome(q.dequeue_many, 2), outcome(q.size), outcome(q.dequeue_many, 1), outcome(q.dequeue)]

    trace = both(scenario)
    assert trace[3] == ok(("list", [t("int64", -1), t("string", b"a")]))
    assert trace[4] == ok(("list", [t("int64", [3, 4]), t("string", [b"c", b"d"])]))
    assert trace[7] == end("PriorityQueue", 2, 1) and trace[8] == ok(t("int32", 1))


def test_priority_dequeue_up_to_at_close_returns_the_tail_where_tensorflow_loses_it():
    q = tfdata_bridge.PriorityQueue(10, [tf.int32], shapes=[[]])
    q.enqueue_many(([5, 1, 3], [50, 10, 30]))
    q.close()
    priorities, values = q.dequeue_up_to(5)
    assert priorities.numpy().tolist() == [1, 3, 5] and values.numpy().tolist() == [10, 30, 50]
    with pytest.raises(tf.errors.OutOfRangeError, match=r"PriorityQueue 'priority_queue' is closed .*requested 5"):
        q.dequeue_up_to(5)


# ----------------------------------------------------------------- random call sequences
OPS = st.one_of(
    st.tuples(st.just("enqueue"), st.integers(-100, 100)),
    st.tuples(st.just("enqueue_many"), st.lists(st.integers(-100, 100), max_size=3)),
    st.tuples(st.just("dequeue"), st.just(0)),
    st.tuples(st.sampled_from(["dequeue_many", "dequeue_up_to"]), st.integers(0, 4)),
    st.tuples(st.just("close"), st.booleans()),
    st.tuples(st.sampled_from(["size", "is_closed"]), st.just(0)),
)
CAPACITY = 4


def run_sequence(m, ops):
    """Run ``ops`` on a fresh queue, skipping any call that would block (by the queue's own rules)."""
    q = m.FIFOQueue(CAPACITY, [tf.int32, tf.float32], shapes=[[], [2]])
    size, is_closed, out = 0, False, []
    for op, arg in ops:
        if op == "enqueue":
            if not is_closed and size == CAPACITY:
                continue
            out.append(outcome(q.enqueue, (arg, [arg, -arg])))
            size += not is_closed
        elif op == "enqueue_many":
            if not is_closed and size + len(arg) > CAPACITY:
                continue
            batch = (np.array(arg, np.int32), np.array([[v, -v] for v in arg], np.float32).reshape(-1, 2))
            out.append(outcome(q.enqueue_many, batch))
            size += 0 if is_closed else len(arg)
        elif op == "close":
            out.append(outcome(q.close, arg))
            is_closed = True
        elif op in ("size", "is_closed"):
            out.append(outcome(getattr(q, op)))
        else:
            n = 1 if op == "dequeue" else arg
            if not is_closed and size < n:
                continue
            out.append(outcome(q.dequeue) if op == "dequeue" else outcome(getattr(q, op), n))
            if out[-1][0] == "ok":
                size -= n if size >= n else size
    return out


@settings(max_examples=30, deadline=None)
@given(st.lists(OPS, max_size=14))
def test_any_sequence_of_non_blocking_calls_behaves_as_tensorflows(ops):
    assert run_sequence(tfdata_bridge, ops) == run_sequence(tf.queue, ops)


# ------------------------------------------------------------------- the bridge's additions
INTERRUPT_HANG_GUARD_S = 30.0  # a hang guard only: the interrupt ends the wait at once when quiet


def _waiting_in_channel(thread_id: int) -> bool:
    frame = sys._current_frames().get(thread_id)  # noqa: SLF001
    while frame is not None:
        if frame.f_code.co_filename.replace("\\", "/").endswith("runtime/channel.py") and frame.f_code.co_name == "_wait":
            return True
        frame = frame.f_back
    return False


def _signal_state(thread_id: int) -> dict:
    """The main thread's blocked and pending signals as the kernel has them (Linux), and the handler."""
    state = {"handler": repr(signal.getsignal(signal.SIGINT))}
    native = threading.main_thread().native_id
    try:
        with open(f"/proc/self/task/{native}/status") as f:
            state.update(line.split(":\t") for line in f.read().splitlines() if line.startswith(("Sig", "ShdPnd")))
    except OSError:
        pass
    return state


def _interrupt_scenario() -> dict:
    """SIGINT is sent once the main thread waits in the channel (not after a fixed delay, which a loaded
    machine may not honour); should the wait not end, the queue is closed so the test fails, not hangs."""
    q = tfdata_bridge.FIFOQueue(5, tf.int32, shapes=[[]])
    q.enqueue(1)
    main = threading.main_thread().ident
    seen: dict = {}

    def interrupt() -> None:
        deadline = time.monotonic() + INTERRUPT_HANG_GUARD_S
        while not _waiting_in_channel(main) and time.monotonic() < deadline:
            time.sleep(0.01)
        seen["default_handler"] = signal.getsignal(signal.SIGINT) is signal.default_int_handler
        signal.pthread_kill(main, signal.SIGINT)
        deadline = time.monotonic() + INTERRUPT_HANG_GUARD_S
        while _waiting_in_channel(main) and time.monotonic() < deadline:
            time.sleep(0.01)
        if _waiting_in_channel(main):
            seen["still_waiting"] = _signal_state(main)  # what the failure message shows
            q.close(cancel_pending_enqueues=True)  # ends the wait: the test fails rather than hangs

    interrupter = threading.Thread(target=interrupt, daemon=True)
    interrupter.start()
    try:
        q.dequeue_many(3)  # collects the 1, then waits; the interrupt puts it back
        outcome = "returned"
    except KeyboardInterrupt:
        outcome = "KeyboardInterrupt"
    except tf.errors.OpError as error:
        outcome = type(error).__name__
    finally:
        interrupter.join(2 * INTERRUPT_HANG_GUARD_S + WAIT_S)
    size = int(q.size().numpy())
    after = None
    if not q.is_closed().numpy():
        q.enqueue_many(([2, 3],))
        after = q.dequeue_many(3).numpy().tolist()
    return {"outcome": outcome, "seen": seen, "size": size, "after": after}


@pytest.mark.timeout(3 * INTERRUPT_HANG_GUARD_S + 60)
def test_a_blocked_dequeue_can_be_interrupted_and_loses_nothing():
    # In a fresh process with Python's own SIGINT handler: a suite started in the background by a
    # non-interactive shell (`pytest &`) inherits SIGINT ignored (SIG_IGN), and Python then installs no
    # handler, so a Ctrl-C could never arrive there; a program run from a terminal has the handler.
    here = pathlib.Path(__file__).resolve().parent
    code = ("import json, signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
            f"sys.path.insert(0, {str(here)!r}); import test_eager_queues as t; "
            "print(json.dumps(t._interrupt_scenario()))")
    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "2"}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                            timeout=3 * INTERRUPT_HANG_GUARD_S + 30)
    assert result.returncode == 0, result.stderr[-3000:]
    got = json.loads(result.stdout.strip().splitlines()[-1])
    assert got == {"outcome": "KeyboardInterrupt", "seen": {"default_handler": True}, "size": 1,
                   "after": [1, 2, 3]}, got
