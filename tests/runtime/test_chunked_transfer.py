"""The fast paths of the transfer into tf.data: several batches per chunk, waiting for a batch's worth
(``get_available(min_n=...)``), a faster ``stack``, and the converter's pass-through for ready arrays.
Each must give exactly what the general path gives."""

from __future__ import annotations

import threading

import numpy as np
import pytest

import tfdata_bridge as tfb
from tfdata_bridge._src.compiler.lowering import lower
from tfdata_bridge._src.runtime.channel import Channel
from tfdata_bridge._src.runtime.elements import ElementConverter, stack
from tfdata_bridge._src.spec.signature import Signature

WAIT = 5.0


def take_in_thread(fn, *args, **kwargs):
    result = {}
    thread = threading.Thread(target=lambda: result.setdefault("value", fn(*args, **kwargs)), daemon=True)
    thread.start()
    return thread, result


def test_get_available_waits_for_min_n_elements():
    ch = Channel(8)
    ch.put((1,))
    thread, result = take_in_thread(ch.get_available, 8, min_n=3)
    thread.join(0.1)
    assert thread.is_alive(), "one element ready of the three asked for: it must wait"
    ch.put((2,))
    ch.put((3,))
    thread.join(WAIT)
    assert result["value"] == [(1,), (2,), (3,)]


def test_get_available_min_n_is_capped_at_capacity():
    ch = Channel(2)
    ch.put((1,))
    ch.put((2,))
    assert ch.get_available(10, min_n=5, timeout=WAIT) == [(1,), (2,)]


def test_get_available_min_n_takes_the_rest_at_close_then_ends():
    ch = Channel(8)
    ch.put((1,))
    ch.close()
    assert ch.get_available(8, min_n=4, timeout=WAIT) == [(1,)]
    assert ch.get_available(8, min_n=4, timeout=WAIT) == []


def test_fifo_batches_cross_in_chunks_of_several_batches():
    spec = tfb.pipeline(lambda: 1, dtypes="int32", shapes=[], capacity=100, batch_size=32)
    plan = lower(spec)
    assert (plan.transfer, plan.chunk_size, plan.chunk_min, plan.rebatch) == ("batches", 100, 32, False)


@pytest.mark.parametrize("allow_smaller", [False, True])
def test_chunked_batches_are_the_queue_batches_in_order(allow_smaller):
    def numbers():
        for i in range(100):
            yield np.float32(i), np.full(3, i, np.int64)

    spec = tfb.pipeline(numbers, dtypes=["float32", "int64"], shapes=[[], [3]], capacity=40, batch_size=32,
                        allow_smaller_final_batch=allow_smaller)
    ds = tfb.compile(spec)
    assert ds.element_spec[0].shape.as_list() == [None if allow_smaller else 32]
    batches = [(a.numpy().tolist(), b.numpy()[:, 0].tolist()) for a, b in ds]
    expected = [list(range(i, min(i + 32, 100))) for i in range(0, 100, 32)]
    if not allow_smaller:
        expected = expected[:3]  # dequeue_many drops the tail of 4
    assert [a for a, _ in batches] == expected
    assert [b for _, b in batches] == expected


@pytest.mark.parametrize("shape", [(), (3,), (2, 2), (0,)])
@pytest.mark.parametrize("dtype", ["float32", "int64", "bool", "uint8", "float16"])
def test_stack_matches_np_stack(shape, dtype):
    rng = np.random.default_rng(0)
    elements = [(np.asarray(rng.random(shape) * 10).astype(dtype),) for _ in range(5)]
    (got,) = stack(elements, [np.dtype(dtype)])
    want = np.stack([e[0] for e in elements])
    assert got.dtype == want.dtype and got.shape == want.shape and np.array_equal(got, want)


def test_stack_keeps_strings_and_np_stacks_errors():
    words = [(np.asarray(b"a", dtype=object),), (np.asarray(b"bb", dtype=object),)]
    (got,) = stack(words, [np.dtype(object)])
    assert got.tolist() == [b"a", b"bb"]
    with pytest.raises(ValueError, match="same shape"):
        stack([(np.zeros(3),), (np.zeros(2),)], [np.dtype("float64")])


def general_path(converter, value):
    comps = converter.components(value, 0)
    return tuple(converter.array(v, i, 0) for i, v in enumerate(comps))


@pytest.mark.parametrize(
    "signature, value",
    [
        (Signature.of(["float32", "int32"], [[3], []]), (np.ones(3, np.float32), np.int32(4))),
        (Signature.of(["float32", "int32"], [[3], []]), [np.ones(3, np.float32), np.asarray(4, np.int32)]),
        (Signature.of(["float32", "int32"], [[3], []]), (np.ones(3, np.float64), 4)),  # general path: casts
        (Signature.of("float32", [2]), np.ones(2, np.float32)),
        (Signature.of({"x": "float32", "y": "int64"}, {"x": [2], "y": []}),
         {"y": np.int64(1), "x": np.zeros(2, np.float32)}),
    ],
)
def test_converter_fast_path_gives_what_the_general_path_gives(signature, value):
    converter = ElementConverter(signature)
    got, want = converter.one(value, 0), general_path(converter, value)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert type(g) is type(w) and g.dtype == w.dtype and g.shape == w.shape and np.array_equal(g, w)


def test_converter_fast_path_leaves_errors_to_the_general_path():
    converter = ElementConverter(Signature.of(["float32", "int32"], [[3], []]), "reader")
    with pytest.raises(ValueError, match=r"producer 'reader', element 0: expected shape \(3,\)"):
        converter.one((np.ones(2, np.float32), np.int32(1)), 0)
