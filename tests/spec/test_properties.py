"""Property tests over random specs: nothing lost, nothing doubled, batches as promised, buffering bounded."""

import collections

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tfdata_bridge as tfb
from tfdata_bridge._src.compiler import dataset as compiler


@st.composite
def specs(draw):
    kind = draw(st.sampled_from(["fifo", "random_shuffle", "priority"]))
    capacity = draw(st.integers(1, 64))
    threads = draw(st.integers(1, 8))
    enqueue_many = draw(st.booleans())
    epochs = draw(st.integers(1, 3))
    batched = draw(st.booleans())
    batch_size = draw(st.integers(1, 16))
    allow_smaller = draw(st.booleans())
    sizes = draw(st.lists(st.integers(1, 5) if enqueue_many else st.just(1), min_size=0, max_size=12))
    min_after = draw(st.integers(0, capacity - 1)) if kind == "random_shuffle" else 0
    return dict(kind=kind, capacity=capacity, threads=threads, enqueue_many=enqueue_many, epochs=epochs,
                batch_size=batch_size if batched else None, allow_smaller=allow_smaller, sizes=sizes,
                min_after=min_after)


def build(p):
    values = []
    start = 0
    for n in p["sizes"]:
        values.append(list(range(start, start + n)))
        start += n

    priority = p["kind"] == "priority"

    def produce():
        for chunk in values:
            arr = np.array(chunk, np.int64)
            if priority:
                item = (arr % 3, arr) if p["enqueue_many"] else (arr[0] % 3, arr[0])
            else:
                item = arr if p["enqueue_many"] else arr[0]
            yield item

    sig_dtypes = ["int64"] if priority else "int64"
    if p["kind"] == "fifo":
        queue = tfb.QueueSpec.fifo(p["capacity"], sig_dtypes, [])
    elif p["kind"] == "random_shuffle":
        queue = tfb.QueueSpec.random_shuffle(p["capacity"], p["min_after"], sig_dtypes, [])
    else:
        queue = tfb.QueueSpec.priority(p["capacity"], sig_dtypes, [[]])
    producer = tfb.Producer.generator(produce, threads=p["threads"], enqueue_many=p["enqueue_many"],
                                      epochs=p["epochs"])
    consumer = (tfb.Consumer.batch(p["batch_size"], allow_smaller_final_batch=p["allow_smaller"])
                if p["batch_size"] else tfb.Consumer.dequeue())
    expected = [v for chunk in values for v in chunk] * (p["threads"] * p["epochs"])
    return tfb.PipelineSpec(queue, (producer,), consumer), expected


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(specs())
def test_random_specs_deliver_exactly_what_was_made(monkeypatch_pools, p):
    spec, expected = build(p)
    monkeypatch_pools.clear()
    items = [item for item in tfb.compile(spec)]
    values = [item[-1] if p["kind"] == "priority" else item for item in items]
    flat = [int(v) for item in values for v in np.atleast_1d(item.numpy())]
    n, b = len(expected), p["batch_size"]
    assert monkeypatch_pools, "compile() started no producers"
    for pool in monkeypatch_pools:  # the channel never holds more than the declared capacity
        assert pool.channel.high_water <= spec.queue.capacity
    if b is None:
        assert collections.Counter(flat) == collections.Counter(expected)
        return
    sizes = [int(np.shape(v.numpy())[0]) for v in values]
    if p["allow_smaller"]:
        assert collections.Counter(flat) == collections.Counter(expected)
        assert len(sizes) == -(-n // b) and all(s == b for s in sizes[:-1])
        if sizes:
            assert sizes[-1] == (n % b or b)
    else:
        assert len(sizes) == n // b and all(s == b for s in sizes)
        assert not collections.Counter(flat) - collections.Counter(expected)
        assert len(flat) == n - n % b


import pytest  # noqa: E402


@pytest.fixture(scope="module")
def monkeypatch_pools():
    pools = []
    original = compiler.start

    def recording_start(spec, plan=None):
        pool = original(spec, plan)
        pools.append(pool)
        return pool

    compiler.start = recording_start
    yield pools
    compiler.start = original
