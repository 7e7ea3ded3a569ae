"""Bad elements and bad specs. A producer that makes an element of the wrong dtype, shape, rank or
structure gets an error naming the producer, the element's index, what was expected and what came;
the elements made before it still arrive, in order, and no thread is left behind. Bad arguments raise
the exception types (and, where TensorFlow 1.x has one, the message) of the TF 1.x originals, followed
by the fix."""

from __future__ import annotations

import re
import threading
import time
import warnings

import numpy as np
import pytest
import tensorflow as tf

import tfdata_bridge as tfb
import tfdata_bridge.compat.v1 as bridge
from tfdata_bridge._src.runtime.elements import ElementError

tf1 = tf.compat.v1
GOOD = (np.arange(3, dtype=np.float32), np.int32(7))
PAIR = dict(dtypes=["float32", "int32"], shapes=[[3], []])
NAMED = dict(dtypes=["float32", "int32"], shapes=[[3], []], names=["x", "y"])
PAIR_SIG = r"the queue's elements are \(float32\(3,\), int32\(\)\)"

# case: (spec arguments, a good element, the bad one, what the message says was expected and what came)
BAD_ELEMENTS = {
    "string for int": (PAIR, GOOD, (GOOD[0], "seven"), r"expected int32 for component 1, got <U5 'seven'"),
    "float for int": (PAIR, GOOD, (GOOD[0], 1.5), r"expected int32 for component 1, got float64 1.5"),
    "int for string": (dict(dtypes=["string"], shapes=[[]]), (b"a",), (3,),
                       r"expected string \(bytes or str\) for component 0, got int 3"),
    "shape": (PAIR, GOOD, (np.zeros(4, np.float32), 1), r"expected shape \(3,\) for component 0, got shape \(4,\)"),
    "rank": (PAIR, GOOD, (np.zeros((3, 1), np.float32), 1),
             r"expected shape \(3,\) for component 0, got shape \(3, 1\)"),
    "scalar for vector": (PAIR, GOOD, (np.float32(1), 1), r"expected shape \(3,\) for component 0, got shape \(\)"),
    "too few components": (PAIR, GOOD, (GOOD[0],), r"expected a tuple of 2 components, got 1 components"),
    "too many components": (PAIR, GOOD, GOOD + (1,), r"expected a tuple of 2 components, got 3 components"),
    "not a tuple": (PAIR, GOOD, 5, r"expected a tuple of 2 components, got int"),
    "dict for a tuple": (PAIR, GOOD, {"x": GOOD[0], "y": 1},
                         r"expected a tuple of 2 components, got a dict \(the queue has no names\)"),
    "tuple for a dict": (NAMED, {"x": GOOD[0], "y": 1}, GOOD, r"expected a dict with keys \['x', 'y'\], got tuple"),
    "dict keys": (NAMED, {"x": GOOD[0], "y": 1}, {"x": GOOD[0], "z": 1},
                  r"expected a dict with keys \['x', 'y'\], got keys \['x', 'z'\]"),
    "dict value dtype": (NAMED, {"x": GOOD[0], "y": 1}, {"x": GOOD[0], "y": "s"},
                         r"expected int32 for component 'y', got <U1 's'"),
}


def producer_threads() -> list[str]:
    return [t.name for t in threading.enumerate() if t.name.startswith("tfdata_bridge-producer")]


def assert_no_producer_threads(limit_s: float = 30) -> None:  # a hang guard: threads end in ms when quiet
    deadline = time.monotonic() + limit_s
    while producer_threads() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert producer_threads() == []


def as_lists(value):
    if isinstance(value, dict):
        return {k: as_lists(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [as_lists(v) for v in value]
    value = value.numpy()
    return value.tolist() if hasattr(value, "tolist") else value


@pytest.mark.parametrize("case", sorted(BAD_ELEMENTS))
def test_a_bad_element_names_producer_index_expected_and_got_after_the_good_ones(case):
    kwargs, good, bad, what = BAD_ELEMENTS[case]

    def make_rows():
        for _ in range(3):
            yield good
        yield bad
        yield good  # never delivered: the producer failed at the element before

    dataset = tfb.compile(tfb.pipeline(make_rows, capacity=8, **kwargs))
    got = []
    with pytest.raises(ElementError) as info:
        for element in dataset:
            got.append(as_lists(element))
    assert len(got) == 3 and all(g == got[0] for g in got)
    assert isinstance(info.value, ValueError)
    assert re.match(rf"producer 'test_a_bad_element.*make_rows', element 3: {what}; the queue's elements are ",
                    str(info.value)), str(info.value)
    assert_no_producer_threads()


def test_the_message_ends_with_the_queues_element_signature():
    def rows():
        yield (np.zeros(4, np.float32), 1)

    with pytest.raises(ElementError, match=PAIR_SIG):
        list(tfb.compile(tfb.pipeline(rows, **PAIR)))


BAD_BATCHES = {  # enqueue_many: a producer's value is a batch; elements 0-3 came in two good batches
    "scalar for a batch": ((np.zeros((2, 3), np.float32), 7),
                           r"expected a batch \(rank >= 1\) for component 1 with enqueue_many, got a scalar"),
    "batch sizes differ": ((np.zeros((2, 3), np.float32), np.arange(3, dtype=np.int32)),
                           r"expected the same batch size in every component, got sizes \[2, 3\]"),
    "element shape": ((np.zeros((2, 4), np.float32), np.arange(2, dtype=np.int32)),
                      r"expected shape \(3,\) for component 0, got shape \(4,\)"),
    "dtype": ((np.zeros((2, 3), np.float32), np.array(["a", "b"])),
              r"expected int32 for component 1, got <U1 array\(\['a', 'b'\]"),
}


@pytest.mark.parametrize("case", sorted(BAD_BATCHES))
@pytest.mark.parametrize("batch_size", [None, 3])
def test_a_bad_enqueue_many_batch_names_the_index_of_its_first_element(case, batch_size):
    bad, what = BAD_BATCHES[case]

    def batches():
        for start in (0, 2):
            yield np.full((2, 3), start, np.float32) + np.arange(2, dtype=np.float32)[:, None], \
                np.arange(start, start + 2, dtype=np.int32)
        yield bad

    spec = tfb.pipeline(batches, enqueue_many=True, batch_size=batch_size, allow_smaller_final_batch=True,
                        **PAIR)
    got = []
    with pytest.raises(ElementError, match=rf"producer '.*batches', element 4: {what}"):
        for _, labels in tfb.compile(spec):
            got.extend(np.atleast_1d(labels.numpy()).tolist())
    assert got == [0, 1, 2, 3]  # with batch_size=3 the short tail [3] still arrives (dequeue_up_to)
    assert_no_producer_threads()


@pytest.mark.parametrize("batch_size, allow_smaller, expected", [
    (None, False, [0, 1, 2, 3, 4]),
    (2, True, [[0, 1], [2, 3], [4]]),
    (2, False, [[0, 1], [2, 3]]),  # dequeue_many: the short tail fails with the queue, as in legacy
])
def test_what_came_before_a_bad_element_arrives_for_each_consumer(batch_size, allow_smaller, expected):
    def rows():
        yield from (np.int32(i) for i in range(5))
        yield "five"

    spec = tfb.pipeline(rows, dtypes="int32", shapes=[], batch_size=batch_size,
                        allow_smaller_final_batch=allow_smaller)
    got = []
    with pytest.raises(ElementError, match="element 5: expected int32 for component 0, got <U4 'five'"):
        for value in tfb.compile(spec):
            got.append(value.numpy().tolist())
    assert got == expected


@pytest.mark.timeout(30)
def test_with_several_threads_a_bad_element_stops_all_of_them():
    def rows():
        i = 0
        while True:
            i += 1
            yield np.int32(i) if i < 50 or threading.current_thread().name[-1] != "2" else "bad"

    spec = tfb.pipeline(tfb.Producer.generator(rows, threads=4), dtypes="int32", shapes=[], capacity=4)
    with pytest.raises(ElementError, match=r"producer 'test_with_several.*rows', element 49"):
        for _ in tfb.compile(spec):
            pass
    assert_no_producer_threads()


@pytest.mark.timeout(30)
def test_an_eager_queue_runner_with_a_bad_element_hands_tensorflows_error_to_the_consumer():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        q = bridge.FIFOQueue(8, tf.float32, shapes=[[3]])
        made = iter([np.zeros(3, np.float32), np.ones(3, np.float32), np.zeros(4, np.float32)])
        qr = bridge.train.QueueRunner(q, [lambda: q.enqueue(next(made))])
    original_hook, threading.excepthook = threading.excepthook, lambda args: None
    try:
        (thread,) = qr.create_threads(None, start=True)
        got = []
        with pytest.raises(ValueError, match=r"Shapes \(4,\) and \(3,\) are incompatible"):  # TensorFlow's
            while True:
                got.append(q.dequeue().numpy().tolist())
        thread.join(10)
    finally:
        threading.excepthook = original_hook
    assert got == [[0.0] * 3, [1.0] * 3] and not thread.is_alive()


# --- bad arguments: TensorFlow 1.x's exception types and messages, then the fix ----------------

def _gen():
    yield 1


# case: (the bridge's call, the TF 1.x original (graph mode), compare messages up to "; " too)
ARGUMENTS = {
    "shapes of the wrong count": (lambda: tfb.pipeline(_gen, dtypes=["float32"], shapes=[[3], [3]]),
                                  lambda: tf1.FIFOQueue(2, [tf.float32], shapes=[[3], [3]]), True),
    "names of the wrong count": (lambda: tfb.QueueSpec.fifo(2, ["float32", "int32"], names=["a"]),
                                 lambda: tf1.FIFOQueue(2, [tf.float32, tf.int32], names=["a"]), True),
    "capacity not above min_after_dequeue": (
        lambda: tfb.pipeline(_gen, dtypes="int32", shapes=[], batch_size=2, capacity=10, shuffle=True,
                             min_after_dequeue=10),
        lambda: tf1.train.shuffle_batch([tf.zeros([3])], 2, 10, 10), True),
    "negative dimension": (lambda: tfb.pipeline(_gen, dtypes="float32", shapes=[-2]),
                           lambda: tf1.FIFOQueue(2, [tf.float32], shapes=[[-2]]), True),
    "fractional dimension": (lambda: tfb.pipeline(_gen, dtypes="float32", shapes=[2.5]),
                             lambda: tf1.FIFOQueue(2, [tf.float32], shapes=[[2.5]]), False),
    "unknown dtype": (lambda: tfb.pipeline(_gen, dtypes="float33"),
                      lambda: tf1.FIFOQueue(2, ["float33"]), False),
    "fractional batch_size": (lambda: tfb.pipeline(_gen, dtypes="float32", shapes=[3], batch_size=2.5),
                              lambda: tf1.train.batch([tf.zeros([3])], 2.5), False),
    "negative batch_size": (lambda: tfb.pipeline(_gen, dtypes="float32", shapes=[3], batch_size=-1),
                            lambda: tf1.train.batch([tf.zeros([3])], -1), False),
    "fractional num_threads": (lambda: tfb.pipeline(_gen, dtypes="float32", shapes=[3], threads=2.5),
                               lambda: tf1.train.batch([tf.zeros([3])], 2, num_threads=2.5), False),
    "no threads": (lambda: tfb.pipeline(_gen, dtypes="float32", shapes=[3], threads=0),
                   lambda: tf1.train.batch([tf.zeros([3])], 2, num_threads=0), False),
    "fractional min_after_dequeue": (
        lambda: tfb.pipeline(_gen, dtypes="float32", shapes=[3], batch_size=2, capacity=10, shuffle=True,
                             min_after_dequeue=2.5),
        lambda: tf1.train.shuffle_batch([tf.zeros([3])], 2, 10, 2.5), False),
    "partial shapes with a batch": (
        lambda: tfb.pipeline(_gen, dtypes=["float32"], shapes=[[None]], batch_size=2),
        lambda: tf1.train.batch([tf1.placeholder_with_default(tf.zeros([3]), [None])], 2), False),
}


@pytest.mark.parametrize("case", sorted(ARGUMENTS))
def test_bad_arguments_raise_what_tensorflow_1_raises(case):
    ours, original, same_message = ARGUMENTS[case]
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(Exception) as legacy:
            original()
    with pytest.raises(Exception) as bridged:
        ours()
    assert type(bridged.value) is type(legacy.value), (bridged.value, legacy.value)
    message = str(bridged.value)
    if same_message:  # TensorFlow's message, then the fix
        assert message.startswith(str(legacy.value).rstrip(".")), (message, str(legacy.value))
        assert len(message) > len(str(legacy.value)) + 10
    else:  # the rule and the value, then the fix
        assert "; " in message or ": " in message
