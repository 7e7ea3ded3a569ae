"""Issue 9, point 6: a value that does not fit the queue's dtype is refused, never silently changed
(``np.int64(2**40)`` into int32 arrived as 0, ``1e300`` into float32 as inf), and a ragged nested list
gets an error naming the producer and the element, like every other bad element, and the fix. In graph
mode (the drop-in) such a ``py_func`` value gives legacy's ``InvalidArgumentError``: a zero-input
``py_func`` (run as a Python producer) with the bridge's message, a lifted one with the kernel's."""

from __future__ import annotations

import re

import numpy as np
import pytest

import tfdata_bridge as tfb
from tfdata_bridge._src.runtime.elements import ElementError


def _first(value, dtype):
    spec = tfb.pipeline(tfb.Producer.call(lambda: value, calls=1, name="read"), dtypes=dtype, shapes=None,
                        capacity=4)
    return next(iter(tfb.compile(spec)))


@pytest.mark.timeout(60)
@pytest.mark.parametrize(("value", "dtype"), [(np.int64(2**40), "int32"), (np.float64(1e300), "float32"),
                                              (np.array([1, 2**40], np.int64), "int32")])
def test_a_value_the_dtype_cannot_hold_is_refused(value, dtype):
    with pytest.raises(ElementError, match=r"producer 'read', element 0: .*does not fit in " + dtype):
        _first(value, dtype)


@pytest.mark.timeout(60)
def test_values_that_fit_still_convert():
    assert int(_first(np.int64(7), "int32")) == 7
    assert float(_first(np.float64(0.5), "float32")) == 0.5


@pytest.mark.timeout(60)
@pytest.mark.parametrize(("value", "dtype", "expected"), [
    (255, "uint8", 255), (np.int64(1), "uint32", 1), (np.int32(0), "uint16", 0), (np.int64(2**40), "uint64", 2**40),
    (np.uint64(7), "int64", 7), (np.uint8(200), "int32", 200), (np.array([0, 65535], np.int64), "uint16", [0, 65535]),
], ids=["int 255 into uint8", "int64 1 into uint32", "int32 0 into uint16", "int64 2**40 into uint64",
        "uint64 7 into int64", "uint8 200 into int32", "int64 array into uint16"])
def test_integers_that_fit_convert_between_signed_and_unsigned_dtypes(value, dtype, expected):
    # Issue 20 item 8: numpy's same_kind rule refused int64 -> uint8 though int64 -> int32 was accepted
    got = _first(value, dtype)
    assert got.dtype.name == dtype
    assert got.numpy().tolist() == expected


@pytest.mark.timeout(60)
@pytest.mark.parametrize(("value", "dtype"), [(256, "uint8"), (-1, "uint32"), (np.int64(-5), "uint64"),
                                              (np.uint64(2**63), "int64"), (np.array([1, -1], np.int64), "uint16")])
def test_integers_that_do_not_fit_a_signed_or_unsigned_dtype_are_refused(value, dtype):
    with pytest.raises(ElementError, match=r"producer 'read', element 0: .*does not fit in " + dtype):
        _first(value, dtype)


@pytest.mark.timeout(60)
def test_a_ragged_nested_list_names_producer_and_element():
    with pytest.raises(ElementError, match=r"producer 'read', element 0: .*not an array"):
        _first([[1, 2], [3]], "int32")


def _graph_mode(tf, kind: str, make, dtype) -> dict:
    """A ``py_func`` producer (zero-input, or with a tensor input) whose value does not fit its output
    dtype, batched under a Coordinator: what the consumer and ``Coordinator.join`` get."""
    with tf.Graph().as_default():
        value = tf.py_func(lambda *_: make(), [] if kind == "zero-input" else [tf.constant(1.0)], dtype)
        value.set_shape([])
        batch = tf.train.batch([value], batch_size=2, capacity=4)
        with tf.Session() as sess:
            coord = tf.train.Coordinator()
            threads = tf.train.start_queue_runners(sess, coord)
            try:
                sess.run(batch)
                consumer = "a batch"
            except tf.errors.OpError as e:
                consumer = type(e).__name__
            try:
                coord.join(threads, stop_grace_period_secs=10)
                joined, message = None, ""
            except Exception as e:  # noqa: BLE001 - what join re-raises is the point
                joined, message = type(e).__name__, str(e)
    return {"consumer": consumer, "join": joined, "message": message}


@pytest.mark.timeout(120)
@pytest.mark.parametrize("kind", ["zero-input", "tensor-input"])
@pytest.mark.parametrize(("make", "dtype"), [(lambda: np.int64(2**40), "int32"), (lambda: np.float64(1e300), "float32")],
                         ids=["int64 2**40 into int32", "1e300 into float32"])
def test_graph_mode_a_value_the_dtype_cannot_hold_is_legacys_invalid_argument_error(kind, make, dtype):
    import tensorflow as tf

    import tfdata_bridge.compat.v1 as bridge

    legacy = _graph_mode(tf.compat.v1, kind, make, getattr(tf, dtype))
    new = _graph_mode(bridge, kind, make, getattr(tf, dtype))
    assert (legacy["consumer"], legacy["join"]) == ("OutOfRangeError", "InvalidArgumentError")
    assert (new["consumer"], new["join"]) == (legacy["consumer"], legacy["join"])
    if kind == "zero-input":  # run as a Python producer: the bridge's element check, naming rule, value, fix
        assert re.search(rf"producer 'PyFunc', element 0: .*, which does not fit in {dtype}; .*"
                         rf"make the producer return values {dtype} can hold", new["message"]), new["message"]
    else:  # lifted: TensorFlow's own py_func kernel, legacy's message
        assert "but expects" in new["message"], new["message"]


@pytest.mark.timeout(60)
def test_a_ragged_nested_list_error_says_the_fix():
    with pytest.raises(ElementError, match=r"not an array .*; make every row of a nested list the same length"):
        _first([[1, 2], [3]], "int32")
