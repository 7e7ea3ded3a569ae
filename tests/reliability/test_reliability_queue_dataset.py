"""Issue 9, point 3: an eager queue's ``as_dataset()`` takes nothing from the queue that it does not
deliver: what a consumer that stops early (``take``, ``break``, deleting the iterator) never got stays
in the queue, in FIFO order."""

from __future__ import annotations

import gc

import numpy as np
import pytest

import tfdata_bridge as tfb
from tfdata_bridge._src.runtime import gc_guard


def _queue(n: int = 100) -> tfb.FIFOQueue:
    q = tfb.FIFOQueue(200, "int32", shapes=[[]])
    q.enqueue_many(np.arange(n, dtype=np.int32))
    return q


def _rest(q: tfb.FIFOQueue) -> list[int]:
    gc.collect()
    gc_guard.flush(10)
    q.close()
    return [int(x) for x in q.dequeue_up_to(1000).numpy()] if int(q.size()) else []


@pytest.mark.timeout(60)
def test_take_leaves_the_rest_in_order():
    q = _queue()
    assert [int(x) for x in q.as_dataset().take(5)] == [0, 1, 2, 3, 4]
    assert _rest(q) == list(range(5, 100))


@pytest.mark.timeout(60)
def test_break_after_one_element_leaves_the_rest_in_order():
    q = _queue()
    for x in q.as_dataset():
        assert int(x) == 0
        break
    assert _rest(q) == list(range(1, 100))


@pytest.mark.timeout(60)
def test_deleted_batch_iterator_leaves_the_rest_in_order():
    q = _queue(30)
    iterator = iter(q.as_dataset(batch_size=4))
    assert next(iterator).numpy().tolist() == [0, 1, 2, 3]
    del iterator
    assert _rest(q) == list(range(4, 30))


@pytest.mark.timeout(60)
def test_a_second_reader_continues_where_the_first_stopped():
    q = _queue(20)
    first = [int(x) for x in q.as_dataset().take(3)]
    second = [int(x) for x in q.as_dataset().take(3)]
    assert first + second == [0, 1, 2, 3, 4, 5]
    assert _rest(q) == list(range(6, 20))
