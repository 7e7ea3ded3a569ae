"""Issue 9, point 6: a value that does not fit the queue's dtype is refused, never silently changed
(``np.int64(2**40)`` into int32 arrived as 0, ``1e300`` into float32 as inf), and a ragged nested list
gets an error naming the producer and the element, like every other bad element."""

from __future__ import annotations

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
def test_a_ragged_nested_list_names_producer_and_element():
    with pytest.raises(ElementError, match=r"producer 'read', element 0: .*not an array"):
        _first([[1, 2], [3]], "int32")
