"""The plan's decisions (``_src/plan/``), each made once and read by compile, the drop-in and the printers."""

from __future__ import annotations

import pytest

from tfdata_bridge._src import plan


@pytest.mark.parametrize("capacity", [1, 2, 7, 40, 1010, 100_000])
def test_the_channel_and_the_shuffle_buffer_hold_the_queues_capacity(capacity):
    for transfer, whole in [(plan.CHUNK_LIMIT, False), (32, True), (1, True)]:
        buffer, channel = plan.shuffle_split(capacity, transfer, whole_batches=whole)
        assert buffer >= 1 and channel >= 1
        assert buffer + channel == max(capacity, 2)  # (a capacity of 1 still needs one of each)


def test_without_a_channel_the_buffer_is_the_whole_capacity():
    assert plan.shuffle_split(1010) == (1010, 0)


def test_chunks_take_at_most_an_eighth_and_whole_batches_one_batch_at_most_half():
    assert plan.shuffle_split(1000, plan.CHUNK_LIMIT) == (875, 125)
    assert plan.shuffle_split(100_000, plan.CHUNK_LIMIT) == (100_000 - plan.CHUNK_LIMIT, plan.CHUNK_LIMIT)
    assert plan.shuffle_split(1010, 10, whole_batches=True) == (1000, 10)
    assert plan.shuffle_split(40, 32, whole_batches=True) == (20, 20)


def test_compile_and_the_drop_in_read_the_plan():
    from tfdata_bridge._src.compiler import lowering
    import tfdata_bridge as tfb

    spec = tfb.pipeline(lambda: 1, dtypes="int64", shapes=[], capacity=1000, shuffle=True, batch_size=4)
    assert lowering.shuffle_split(spec) == plan.shuffle_split(1000, plan.CHUNK_LIMIT)
