"""The plan's two backends agree: for a table of plans (the batch family's parameter combinations the tests run,
and the plans ``compile`` makes of specs), the chain the printer writes, executed over a small source dataset,
delivers the elements the tf.data builder's chain delivers. One process, one TensorFlow import, eager mode.
"""

from __future__ import annotations

import pytest

import tfdata_bridge as tfb
from tfdata_bridge._src import plan
from tfdata_bridge._src.plan import printer, tfdata
from tfdata_bridge._src.tf import tf

N = 23  # elements: not a multiple of any batch size below, so a short tail is kept or dropped
PRODUCE = plan.Fn("produce", "produce")
PARSE_BATCH = plan.Fn("parse_batch", "parse_batch")


def _values(x):
    return x * 10


def _keep_one_in_three(x):
    return x * 10, tf.equal(x % 3, 0)


def _rows(x):  # enqueue_many: each value a batch of three rows
    return tf.stack([3 * x, 3 * x + 1, 3 * x + 2])


def _rows_kept(x):  # enqueue_many with a keep_input vector: one flag per row
    rows = _rows(x)
    return rows, tf.not_equal(rows % 4, 0)


def _ragged(x):  # dynamic_pad: elements of varying length
    return tf.range(x % 4, dtype=tf.int64) + x


def _call(api, **kwargs):
    return plan.BatchCall(api, **kwargs)


# name -> (the plan, the producer function bound as ``produce`` (or None), the per-batch function or None)
BATCH_CALLS = {
    "batch": (_call("train.batch", batch_size=4), _values),
    "batch_tail": (_call("train.batch", batch_size=4, capacity=8, allow_smaller_final_batch=True), _values),
    "batch_threads": (_call("train.batch", batch_size=5, threads=3, capacity=20, allow_smaller_final_batch=True),
                      _values),
    "shuffle_seed": (_call("train.shuffle_batch", batch_size=4, capacity=30, min_after_dequeue=10, shuffle=True,
                           seed=7, allow_smaller_final_batch=True), _values),
    "shuffle_threads": (_call("train.shuffle_batch", batch_size=6, capacity=40, min_after_dequeue=5, shuffle=True,
                              threads=2), _values),
    "maybe_batch": (_call("train.maybe_batch", batch_size=2, keep="element", allow_smaller_final_batch=True),
                    _keep_one_in_three),
    "maybe_shuffle_batch": (_call("train.maybe_shuffle_batch", batch_size=3, capacity=12, keep="element",
                                  shuffle=True, seed=3), _keep_one_in_three),
    "enqueue_many": (_call("train.batch", batch_size=4, enqueue_many=True, allow_smaller_final_batch=True), _rows),
    "enqueue_many_keep": (_call("train.maybe_batch", batch_size=4, enqueue_many=True, keep="row",
                                allow_smaller_final_batch=True), _rows_kept),
    "dynamic_pad": (_call("train.batch", batch_size=3, dynamic_pad=True, allow_smaller_final_batch=True), _ragged),
    "batch_join": (_call("train.batch_join", batch_size=4, capacity=16), None),
}
# how each family member's plan is made: as the drop-in builds it (with a Python producer's channel and the
# prefetch of what is left of capacity), as its warning prints it, and as migrate writes it
WAYS = {
    "drop-in": dict(channel=True, prefetch="capacity"),
    "warning": dict(),
    "migrate": dict(prefetch="autotune"),
}


def _batch_plan(name, way):
    call, produce = BATCH_CALLS[name]
    return plan.from_batch_call(call, element=PRODUCE if produce is not None else None, **WAYS[way]), produce


def _elements(dataset):
    return [tf.nest.map_structure(lambda t: t.numpy().tolist(), e) for e in dataset]


def _flat(nested):
    return [x for item in nested for x in _flat(item)] if isinstance(nested, (list, tuple)) else [nested]


def _printed(chain, head_dataset, functions):
    """Run the printed chain as a user would: the source bound to ``source``, the functions to their names."""
    namespace = {"tf": tf, "source": head_dataset, **functions}
    exec(f"dataset = {printer.inline('source', chain)}", namespace)  # noqa: S102 - the printed code, run
    return _elements(namespace["dataset"])


def _same(chain, built, printed):
    if chain.shuffle is not None and chain.shuffle.seed is None:  # an unseeded shuffle: the same batches' sizes
        assert [len(b) for b in printed] == [len(b) for b in built]
        got, want = sorted(_flat(printed)), sorted(_flat(built))
        if chain.drop_remainder:  # which elements the dropped tail held is random: distinct ones of the data
            assert len(set(got)) == len(got) and set(got) <= {10 * i for i in range(N)}
        else:
            assert got == want
    else:
        assert printed == built


@pytest.mark.parametrize("way", sorted(WAYS))
@pytest.mark.parametrize("name", sorted(BATCH_CALLS))
def test_the_printed_chain_of_a_batch_call_delivers_what_the_builder_builds(name, way):
    chain, produce = _batch_plan(name, way)
    functions = {} if produce is None else {"produce": produce}
    source = tf.data.Dataset.range(N)
    built = _elements(tfdata.apply(chain, source, stages=None if way != "drop-in" else
                                   ("element", "mix", "batch", "feed"), functions=functions))
    printed_chain = chain if way != "drop-in" else _without_crossing(chain)
    printed = _printed(printed_chain, source, functions)
    assert len(built) > 1
    _same(chain, built, printed)


def _without_crossing(chain):
    import dataclasses

    return dataclasses.replace(chain, crossing=plan.Crossing())


def test_a_vectorized_plan_runs_its_ops_once_per_batch_after_the_batch():
    call = _call("train.shuffle_batch", batch_size=5, capacity=50, shuffle=True, seed=11)
    chain = plan.from_batch_call(call, per_batch=PARSE_BATCH, prefetch="autotune")
    assert [s.op for s in chain.steps] == ["shuffle", "batch", "map", "prefetch"]
    functions = {"parse_batch": lambda batch: batch * 2}
    source = tf.data.Dataset.range(N)
    built = _elements(tfdata.apply(chain, source, functions=functions))
    assert built == _printed(chain, source, functions)
    flat = _flat(built)
    assert [len(b) for b in built] == [5] * (N // 5) and len(set(flat)) == len(flat) <= N
    assert set(flat) <= {2 * x for x in range(N)}


# specs: the plans compile builds (the crossing's unbatch included: chunks of elements, or of whole batches)
SPECS = {
    "fifo_batches": dict(capacity=64, batch_size=4, allow_smaller_final_batch=True),
    "fifo_batches_drop": dict(capacity=64, batch_size=4),
    "shuffle_chunks": dict(capacity=40, batch_size=4, shuffle=True, seed=5, allow_smaller_final_batch=True),
    "elements": dict(capacity=16),
    "shuffle_elements": dict(capacity=16, shuffle=True, seed=9),
}


def _chunks(chain):
    """A source as ``compile``'s generator hands it over: stacked chunks (of whole batches for ``batches``)."""
    elements = tf.data.Dataset.range(N)
    if chain.transfer == "batches":  # chunks of three whole batches of 4; a short tail is a chunk of its own
        whole = tf.data.Dataset.range(N - N % 4).batch(4).batch(3)
        tail = tf.data.Dataset.range(N - N % 4, N).batch(4).batch(1)
        return whole if chain.drop_remainder else whole.concatenate(tail)
    if chain.transfer == "chunk":
        return elements.batch(min(chain.chunk_size, 5))
    return elements


@pytest.mark.parametrize("name", sorted(SPECS))
def test_the_printed_chain_of_a_spec_delivers_what_compile_builds(name):
    spec = tfb.pipeline(lambda: 1, dtypes="int64", shapes=[], **SPECS[name])
    chain = plan.from_spec(spec)
    built = _elements(tfdata.apply(chain, _chunks(chain)))
    printed = _printed(chain, _chunks(chain), {})
    assert built == printed
    flat = _flat(built)
    assert len(flat) == len(set(flat)) and set(flat) <= set(range(N))


def test_a_value_known_only_as_source_text_is_printed_not_built():
    call = _call("train.shuffle_batch", batch_size=plan.Code("batch_size"), capacity=plan.Code("2 * n"),
                 shuffle=True, seed=plan.Code("seed"))
    chain = plan.from_batch_call(call, prefetch="autotune", v1="tf.compat.v1")
    assert printer.inline("dataset", chain) == ("dataset.shuffle(2 * n, seed=seed).batch(batch_size, "
                                                 "drop_remainder=True).prefetch(tf.compat.v1.data.AUTOTUNE)")
    with pytest.raises(TypeError, match="can be printed, not built"):
        tfdata.apply(chain, tf.data.Dataset.range(3))


def test_a_step_calling_a_function_not_given_names_the_function():
    chain = plan.from_batch_call(_call("train.batch", batch_size=2), element=PRODUCE)
    with pytest.raises(KeyError, match="functions\\['produce'\\]"):
        tfdata.apply(chain, tf.data.Dataset.range(3))
