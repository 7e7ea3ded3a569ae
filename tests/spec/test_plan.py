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
    buffer, channel = plan.shuffle_split(1000, plan.CHUNK_LIMIT)
    assert (lowering.lower(spec).shuffle_buffer, lowering.lower(spec).channel_capacity) == (buffer, channel)


def _call(**kwargs):
    return plan.BatchCall("train.shuffle_batch" if kwargs.get("shuffle") else "train.batch", **kwargs)


def _ops(chain, stages=None):
    return [s.op for s in chain.steps if stages is None or s.stage in stages]


def test_a_batch_calls_shuffle_buffer_is_its_capacity_less_what_a_python_producers_channel_holds():
    call = _call(batch_size=10, capacity=1010, shuffle=True, seed=7)
    assert plan.from_batch_call(call).shuffle_buffer == 1010  # code a user keeps: no channel
    built = plan.from_batch_call(call, channel=True)
    assert (built.shuffle_buffer, built.channel_capacity) == (1000, 10)
    written = plan.from_batch_call(_call(batch_size=plan.Code("n"), capacity=plan.Code("cap"), shuffle=True))
    assert written.shuffle_buffer == plan.Code("cap")


@pytest.mark.parametrize("shuffle", [False, True])
def test_the_drop_ins_prefetch_holds_what_is_left_of_capacity_in_batches(shuffle):
    call = _call(batch_size=4, capacity=40, shuffle=shuffle)
    graph = plan.from_batch_call(call, prefetch="capacity")
    assert graph.prefetch == (1 if shuffle else 10)  # (a shuffle buffer holds all of it: one batch ahead)
    assert plan.from_batch_call(call, channel=True, prefetch="capacity").prefetch == 1  # the channel holds it


def test_where_a_channel_holds_the_whole_capacity_the_batches_cross_and_tfdata_neither_splits_nor_batches():
    chain = plan.from_batch_call(_call(batch_size=4, capacity=40), channel=True, whole_capacity=True,
                                 prefetch="capacity")
    assert (chain.transfer, chain.channel_capacity, chain.prefetch, _ops(chain)) == ("batch", 40, None, [])
    # a shuffle keeps its buffer in tf.data: elements cross a batch at a time and are batched there
    shuffled = plan.from_batch_call(_call(batch_size=4, capacity=40, shuffle=True), channel=True, whole_capacity=True)
    assert shuffled.transfer == "chunk" and _ops(shuffled, ("mix", "batch")) == ["shuffle", "batch"]


def test_keep_input_filters_each_element_or_after_enqueue_manys_unbatch_each_row():
    fn = plan.Fn("produce", "produce")
    element = plan.from_batch_call(_call(batch_size=2, keep="element", enqueue_many=True), element=fn)
    assert _ops(element) == ["map", "filter", "map", "unbatch", "batch"]
    row = plan.from_batch_call(_call(batch_size=2, keep="row", enqueue_many=True), element=fn)
    assert _ops(row) == ["map", "unbatch", "filter", "map", "batch"]


def test_a_padded_batch_and_a_kept_short_tail_are_the_calls_own():
    chain = plan.from_batch_call(_call(batch_size=3, dynamic_pad=True, allow_smaller_final_batch=True))
    (step,) = chain.steps
    assert (step.op, step.args, dict(step.kwargs)) == ("padded_batch", (3,), {"drop_remainder": False})


@pytest.mark.parametrize("kwargs, transfer", [
    (dict(shapes=[], capacity=1000, shuffle=True, batch_size=4), "chunk"),
    (dict(shapes=[], capacity=1000, batch_size=4), "batches"),
    (dict(shapes=[[None]], capacity=100, batch_size=4, dynamic_pad=True), "batch"),
    (dict(shapes=[], capacity=100), "chunk"),
    (dict(shapes=[[None]], capacity=100), "chunk"),  # (runs of one shape, stacked: runtime/crossing.py)
])
def test_a_specs_plan_says_how_its_elements_cross_and_why(kwargs, transfer):
    import tfdata_bridge as tfb

    chain = plan.from_spec(tfb.pipeline(lambda: 1, dtypes="int64", **kwargs))
    assert chain.transfer == transfer and chain.crossing.why
    assert ("unbatch" in _ops(chain, ("cross",))) == (transfer in ("chunk", "batches"))
    assert chain.rebatch == (transfer == "chunk" and "batch_size" in kwargs)


def test_a_shared_kernels_reads_take_a_batch_at_a_time_within_the_chunk_limit_and_the_queues_room():
    assert plan.read_chunk(32) == 32
    assert plan.read_chunk(1000) == plan.CHUNK_LIMIT
    assert plan.read_chunk(32, room=5) == 5 and plan.read_chunk(32, room=None) == 32


def test_symbols_batch_family_chains_are_printed_from_their_plans():
    from tfdata_bridge._src.symbols import lookup

    assert lookup("train.shuffle_batch").chain == (
        "dataset.map(produce, num_parallel_calls=num_threads).shuffle(capacity, seed=seed)"
        ".batch(batch_size, drop_remainder=not allow_smaller_final_batch)")
    assert ".filter(lambda element, keep: keep)" in lookup("train.maybe_batch_join").chain
