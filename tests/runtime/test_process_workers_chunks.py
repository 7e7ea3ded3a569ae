"""Whole chunks from process workers into tf.data (``runtime/chunk_crossing.py``, ``shared_chunks.columns``):
pure numpy, no TensorFlow, no process."""

from __future__ import annotations

import gc

import numpy as np
import pytest

from tfdata_bridge._src.runtime import chunk_crossing, shared_chunks


def _chunk(start: int, n: int) -> tuple[int, list[np.ndarray]]:
    ids = np.arange(start, start + n, dtype=np.int64)
    return n, [np.stack([np.full(3, i, np.float32) for i in ids]) if n else np.zeros((0, 3), np.float32), ids]


def _takes(sizes: list[list[int]], fail: BaseException | None = None):
    """A ``take`` giving the chunks of ``sizes`` (one list per take), then [] (or ``fail``)."""
    batches, start = [], 0
    for group in sizes:
        entries = []
        for n in group:
            entries.append(_chunk(start, n))
            start += n
        batches.append(entries)
    it = iter(batches)

    def take():
        for entries in it:
            return entries
        if fail is not None:
            raise fail
        return []

    return take, start


@pytest.mark.parametrize("sizes", [[[8, 8]], [[3], [5, 7], [1, 0, 16]], [[4, 4, 4, 4, 4]], [[31]], [[2, 2], [2], [2]]])
@pytest.mark.parametrize("drop", [False, True])
def test_whole_batches_are_the_stream_batched_in_order(sizes, drop):
    take, total = _takes(sizes)
    out = list(chunk_crossing.whole_batches(take, 4, drop, lambda e: False))
    batches = [b for arrays in out for b in arrays[1]]  # (k, 4) -> rows of 4 ids
    ids = np.concatenate(batches) if batches else np.zeros(0, np.int64)
    expected = total - total % 4 if drop else total
    assert ids.tolist() == list(range(expected))
    assert all(len(b) == 4 for b in batches[:-1])
    assert not drop or all(len(b) == 4 for b in batches)
    for arrays in out:  # components stay aligned
        np.testing.assert_array_equal(arrays[0][..., 0], arrays[1].astype(np.float32))


def test_a_chunk_of_whole_batches_crosses_without_a_copy():
    n, arrays = _chunk(0, 8)
    out = list(chunk_crossing.whole_batches(lambda it=iter([[(n, arrays)]]): next(it, []), 4, False, lambda e: False))
    assert len(out) == 1 and out[0][1].shape == (2, 4)
    assert np.shares_memory(out[0][1], arrays[1])


def test_the_tail_made_before_a_failure_arrives_before_it_unless_dropped():
    error = ValueError("producer broke")
    take, _ = _takes([[6]], fail=error)
    got = []
    with pytest.raises(ValueError, match="producer broke"):
        for arrays in chunk_crossing.whole_batches(take, 4, False, lambda e: e is error):
            got.append(arrays[1].ravel().tolist())
    assert got == [[0, 1, 2, 3], [4, 5]]
    take, _ = _takes([[6]], fail=error)
    got = []
    with pytest.raises(ValueError):
        for arrays in chunk_crossing.whole_batches(take, 4, True, lambda e: e is error):
            got.append(arrays[1].ravel().tolist())
    assert got == [[0, 1, 2, 3]]


def test_chunks_yield_each_chunk_in_order_and_skip_empty_ones():
    take, _ = _takes([[3, 0], [2]])
    assert [a[1].tolist() for a in chunk_crossing.chunks(take)] == [[0, 1, 2], [3, 4]]


def test_columns_are_views_into_the_segment_freed_when_the_last_view_goes():
    elements = [(np.full((2, 3), i, np.float32), np.int64(i), np.asarray(b"s%d" % i, dtype=object)) for i in range(5)]
    parts, nbytes = shared_chunks.plan(elements)
    buf = memoryview(bytearray(max(nbytes, 1)))
    layout = shared_chunks.write(elements, parts, buf)
    assert shared_chunks.stackable(layout)
    freed = []
    n, cols = shared_chunks.columns(layout, buf, lambda: freed.append(True))
    assert n == 5 and cols[0].shape == (5, 2, 3) and cols[1].tolist() == list(range(5))
    assert cols[2].tolist() == [b"s%d" % i for i in range(5)]
    assert np.shares_memory(cols[0], np.frombuffer(buf, np.uint8))  # no copy
    first = cols[0][1]
    del cols
    gc.collect()
    assert not freed  # a view of it is still alive
    assert first.sum() == 6.0
    del first
    gc.collect()
    assert freed == [True]


def test_ragged_chunks_have_no_columns():
    elements = [(np.zeros(i + 1, np.float32),) for i in range(3)]
    parts, nbytes = shared_chunks.plan(elements)
    buf = memoryview(bytearray(nbytes))
    layout = shared_chunks.write(elements, parts, buf)
    assert not shared_chunks.stackable(layout)
    with pytest.raises(ValueError, match="ragged"):
        shared_chunks.columns(layout, buf)
