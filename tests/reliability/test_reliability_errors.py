"""Issue 9, point 9: the registry that gives a producer's exception back to its consumer keeps each one
for as long as its iteration lives (not the last 32 of the process), keeps both tokens of one
exception object raised by two pipelines, and copes with ``__notes__`` that is a tuple and with an
exception whose ``__str__`` raises."""

from __future__ import annotations

import sys
import time

import numpy as np
import pytest

import tfdata_bridge as tfb

pytestmark = pytest.mark.skipif(sys.version_info < (3, 11), reason="add_note (Python 3.11) carries the token")


def _failing(error_for):
    """A pipeline that makes one element, then raises ``error_for()``."""
    def produce():
        state = {"n": 0}

        def call():
            state["n"] += 1
            if state["n"] > 1:
                raise error_for()
            return np.float32(1)
        return call

    def generator():
        yield np.float32(1)
        raise error_for()

    return tfb.compile(tfb.pipeline(tfb.Producer.generator(generator), dtypes="float32", shapes=[[]],
                                    capacity=4))


def _first_then_error(iterators):
    for it in iterators:
        assert float(next(it)) == 1.0
    time.sleep(1.0)  # every producer has failed by now; the failures wait in the registry
    raised = []
    for it in iterators:
        try:
            next(it)
        except BaseException as e:  # noqa: BLE001 - what the consumer sees is the point
            raised.append(e)
    return raised


@pytest.mark.timeout(120)
def test_forty_unclaimed_failures_each_reach_their_consumer():
    iterators = [iter(_failing(lambda: KeyError("row missing"))) for _ in range(40)]
    raised = _first_then_error(iterators)
    assert [type(e).__name__ for e in raised] == ["KeyError"] * 40


@pytest.mark.timeout(60)
def test_one_exception_object_raised_by_two_pipelines_reaches_both():
    shared = KeyError("shared")
    iterators = [iter(_failing(lambda: shared)) for _ in range(2)]
    raised = _first_then_error(iterators)
    assert [e is shared for e in raised] == [True, True]


class _NotesTuple(Exception):
    pass


@pytest.mark.timeout(60)
def test_an_exception_with_a_notes_tuple_keeps_its_type():
    def error():
        e = _NotesTuple("odd")
        e.__notes__ = ("a note",)
        return e
    (raised,) = _first_then_error([iter(_failing(error))])
    assert type(raised) is _NotesTuple
    assert "a note" in raised.__notes__



class _UnprintableError(ValueError):
    def __str__(self):
        raise RuntimeError("this message cannot be shown")


@pytest.mark.timeout(60)
def test_an_exception_whose_str_raises_keeps_its_type():
    # TensorFlow's py_func kernel keeps only "_UnprintableError(unknown error message)" for it: no note,
    # no token; the bridge sends a stand-in whose text carries the token, and gives back the original
    original = _UnprintableError("row 3")
    (raised,) = _first_then_error([iter(_failing(lambda: original))])
    assert raised is original


@pytest.mark.timeout(60)
def test_an_exception_whose_str_raises_and_whose_notes_is_a_tuple_keeps_its_type():
    def error():
        e = _UnprintableError("row 3")
        e.__notes__ = ("a note",)
        return e
    (raised,) = _first_then_error([iter(_failing(error))])
    assert type(raised) is _UnprintableError
    assert "a note" in raised.__notes__


@pytest.mark.timeout(60)
def test_inside_a_tf_function_an_unprintable_value_error_is_still_invalid_argument():
    import tensorflow as tf

    dataset = _failing(lambda: _UnprintableError("row 3"))

    @tf.function
    def total(ds):
        s = tf.constant(0.0)
        for x in ds:
            s += x
        return s

    with pytest.raises(tf.errors.InvalidArgumentError, match="_UnprintableError"):
        total(dataset)
