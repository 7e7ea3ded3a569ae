"""The one crossing from Python into tf.data (``runtime/crossing.py``): every chunk policy hands over the
channel's elements, in order, ending where the channel ends; a producer's failure comes after what was made
before it (the short tail only where a smaller final batch is allowed, as ``dequeue_up_to``); a policy that
cannot work is refused naming the value; and no other module of the package calls ``from_generator``."""

from __future__ import annotations

import ast
import pathlib

import numpy as np
import pytest

from tfdata_bridge._src import plan
from tfdata_bridge._src.runtime import crossing, process_hooks
from tfdata_bridge._src.runtime.channel import Channel
from tfdata_bridge._src.spec.signature import Signature

PACKAGE = pathlib.Path(__file__).resolve().parents[2] / "tfdata_bridge"
SIG = Signature(("int64", "float32"), ((), (2,)))


def filled(n: int, *, fail: BaseException | None = None) -> Channel:
    channel = Channel(max(n, 1))
    channel.put_many([(np.int64(i), np.full(2, i, np.float32)) for i in range(n)])
    if fail is not None:
        channel.fail(fail)
    else:
        channel.close()
    return channel


def taken(channel: Channel, policy: crossing.Policy) -> list[list[np.ndarray]]:
    return list(crossing.parts(channel, policy, SIG, process_hooks.Interruptible()))


def firsts(parts: list[list[np.ndarray]]) -> list[int]:
    """The first component of every element handed over, in order, whatever the grouping."""
    return [int(x) for arrays in parts for x in np.asarray(arrays[0]).reshape(-1)]


@pytest.mark.parametrize("policy, sizes", [
    (crossing.Policy("batch", 4, batch_size=4, drop_remainder=True), [(4,), (4,)]),
    (crossing.Policy("batch", 4, batch_size=4), [(4,), (4,), (2,)]),
    (crossing.Policy("batches", 8, 4, batch_size=4), [(2, 4), (1, 2)]),
    (crossing.Policy("batches", 8, 4, batch_size=4, drop_remainder=True), [(2, 4)]),
    (crossing.Policy("chunk", 4), [(4,), (4,), (2,)]),
    (crossing.Policy("element"), [()] * 10),
], ids=["batch-drop", "batch-up-to", "batches-up-to", "batches-drop", "chunk", "element"])
def test_every_policy_hands_over_the_channel_in_order(policy, sizes):
    parts = taken(filled(10), policy)
    assert [np.shape(p[0]) for p in parts] == sizes
    kept = sum(int(np.prod(s)) if s else 1 for s in sizes)
    assert firsts(parts) == list(range(kept))  # dequeue_many's rule: a short tail is dropped, never reordered
    for arrays in parts:  # the components stay together, element by element
        np.testing.assert_array_equal(np.asarray(arrays[1])[..., 0], np.asarray(arrays[0]))


@pytest.mark.parametrize("drop_remainder, tail", [(False, [8, 9]), (True, [])])
def test_a_failure_comes_after_what_was_made_before_it(drop_remainder, tail):
    error = ValueError("producer broke")
    got: list[list[np.ndarray]] = []
    with pytest.raises(ValueError, match="producer broke"):
        for part in crossing.parts(filled(10, fail=error), crossing.Policy(
                "batches", 8, 4, batch_size=4, drop_remainder=drop_remainder), SIG, process_hooks.Interruptible()):
            got.append(part)
    assert firsts(got) == list(range(8)) + tail


def test_elements_of_varying_shapes_cross_in_runs_of_one_shape():
    sig = Signature(("int64",), ((None,),))
    channel = Channel(8)
    channel.put_many([(np.arange(k),) for k in (2, 2, 3, 2)])
    channel.close()
    parts = list(crossing.parts(channel, crossing.Policy("chunk", 8), sig, process_hooks.Interruptible()))
    assert [p[0].shape for p in parts] == [(2, 2), (1, 3), (1, 2)]


def test_the_policy_of_a_plan_is_its_crossing():
    import tfdata_bridge as tfb

    spec = tfb.pipeline(tfb.Producer.call(lambda: (1, 2.0)), dtypes=("int64", "float32"), shapes=((), ()),
                        capacity=512, batch_size=32)
    p = plan.from_spec(spec)
    policy = crossing.Policy.of(p, 32)
    assert (policy.transfer, policy.chunk_size, policy.chunk_min, policy.batch_size, policy.drop_remainder) == (
        p.crossing.transfer, p.crossing.chunk_size, p.crossing.chunk_min, 32, True)


@pytest.mark.parametrize("kwargs, message", [
    (dict(transfer="rows"), r"transfer \('rows'\) must be 'batch', 'batches', 'chunk' or 'element'"),
    (dict(transfer="batch", chunk_size=4), r"a 'batch' crossing needs the consumer's batch_size \(got 0\)"),
])
def test_a_policy_that_cannot_work_is_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        crossing.Policy(**kwargs)


def test_give_back_needs_a_shared_channel_in_chunks():
    with pytest.raises(ValueError, match="give_back takes a Shared channel crossing in chunks"):
        crossing.dataset(crossing.Owned(lambda: None), crossing.Policy("chunk", 4), SIG, give_back=True)


def test_only_the_crossing_calls_from_generator():
    """compile, the eager queues and the drop-in's Python producers each had their own generator; now
    the crossing is the one place tf.data calls Python for elements (generator_source: its leak fix)."""
    callers = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", None)) == "from_generator":
                callers.append(str(path.relative_to(PACKAGE / "_src")))
    assert sorted(set(callers)) == ["runtime/crossing.py", "runtime/generator_source.py"]


SHAPES_OF = {"varying": lambda i: (i % 3,), "fixed_empty": lambda i: (3, 0), "varying_2d": lambda i: (i % 3, i % 2 + 1)}
SPEC_SHAPES = {"varying": (None,), "fixed_empty": (3, 0), "varying_2d": (None, None)}


@pytest.mark.parametrize("form, batch_size", [("varying", None), ("varying_2d", None), ("fixed_empty", None),
                                              ("fixed_empty", 2)])  # (a batch of shapes that vary needs a padding)
def test_stacks_whose_elements_may_be_empty_are_split_without_crashing(form, batch_size):
    """TensorFlow's unbatch kernel crashes the process on a stack of shape (k, 0, ...) (TensorFlow 2.21): a stack
    of empty elements, in a run of one shape (shapes that vary) or of a fixed shape with a 0, is split by
    ``tf_private.split``; every element arrives, in order, with its own shape and value, beside a string."""
    import tfdata_bridge as tfb

    made = [(np.arange(int(np.prod(SHAPES_OF[form](i))), dtype=np.float32).reshape(SHAPES_OF[form](i)) + i,
             f"s{i}".encode()) for i in range(12)]

    def produce():
        yield from made

    spec = tfb.pipeline(produce, dtypes=["float32", "string"], shapes=[SPEC_SHAPES[form], ()], batch_size=batch_size,
                        allow_smaller_final_batch=True)
    got = list(tfb.compile(spec).as_numpy_iterator())
    if batch_size is not None:  # (whole batches: numpy's reshape with a -1 failed on a stack of empty elements)
        assert [a.shape for a, _ in got] == [(2, 3, 0)] * 6
        got = [(a[j], s[j]) for a, s in got for j in range(len(s))]
    assert [(a.shape, a.tolist(), s) for a, s in got] == [(a.shape, a.tolist(), s) for a, s in made]
    assert any(a.size == 0 for a, _ in made)
    assert plan.from_spec(spec).crossing.transfer == ("chunk" if batch_size is None else "batches")
