"""Source text for tf.data chains, shared by the code generators (``migrate --to tfdata``).

Plain string building, no TensorFlow import. Every function takes ``v1``, the spelling through which the
program reaches ``tensorflow.compat.v1`` (``"tf"`` after ``import tensorflow.compat.v1 as tf``,
``"tf.compat.v1"`` after ``import tensorflow as tf``), so generated code reads like the program around it.
"""

from __future__ import annotations

from collections.abc import Sequence


def chain(head: str, steps: Sequence[str]) -> str:
    """``(head .step .step)`` over several lines, or ``head`` alone."""
    if not steps:
        return head
    return "(\n    " + head.replace("\n", "\n    ") + "".join(f"\n    .{s}" for s in steps) + "\n)"


def from_tensor_slices(v1: str, value: str) -> str:
    return f"{v1}.data.Dataset.from_tensor_slices({value})"


def epoch_steps(
    buffer: str | None, seed: str | None, num_epochs: str | None
) -> list[str]:
    """An input producer's epochs: a full reshuffle per epoch (``buffer`` holds every element), then repeat."""
    steps = []
    if buffer is not None:
        seed_arg = f", seed={seed}" if seed is not None else ""
        steps.append(f"shuffle({buffer}{seed_arg}, reshuffle_each_iteration=True)")
    steps.append(f"repeat({num_epochs})" if num_epochs is not None else "repeat()")
    return steps


def interleave(reader: str, cycle_length: int, parallel: str | None) -> str:
    """Read each file with ``reader`` (a callable's source), ``cycle_length`` files at a time."""
    extra = f", num_parallel_calls={parallel}, deterministic=False" if parallel else ""
    return f"interleave({reader}, cycle_length={cycle_length}{extra})"


def map_step(fn: str, parallel: str | None) -> str:
    return f"map({fn}, num_parallel_calls={parallel})" if parallel and parallel != "1" else f"map({fn})"


def shuffle_step(buffer: str, seed: str | None) -> str:
    return f"shuffle({buffer}, seed={seed})" if seed is not None else f"shuffle({buffer})"


def batch_step(batch_size: str, drop_remainder: bool, padded: bool) -> str:
    name = "padded_batch" if padded else "batch"
    return f"{name}({batch_size}, drop_remainder={drop_remainder})"


def prefetch_step(v1: str) -> str:
    return f"prefetch({v1}.data.AUTOTUNE)"


def one_shot_get_next(v1: str, dataset: str) -> str:
    """Where the batch tensors were: the session loop runs them, and end of data is ``OutOfRangeError``."""
    return f"{v1}.data.make_one_shot_iterator({dataset}).get_next()"


def tensor_spec(v1: str, shape: str, dtype: str) -> str:
    return f"{v1}.TensorSpec(shape={shape}, dtype={dtype})"


def generator_source(v1: str, generator: str, specs: Sequence[str], single: bool, copies: str | None) -> str:
    """``from_generator``; with ``copies`` > 1, that many generators run side by side (``interleave``)."""
    if single:
        signature = specs[0]
    else:
        signature = "(\n" + "".join(f"        {s},\n" for s in specs) + "    )"
    one = f"{v1}.data.Dataset.from_generator(\n    {generator},\n    output_signature={signature},\n)"
    if copies is None or copies == "1":
        return one
    inner = one.replace("\n", "\n    ")
    return (f"{v1}.data.Dataset.range({copies}).interleave(\n    lambda _: {inner},\n"
            f"    cycle_length={copies}, num_parallel_calls={copies}, deterministic=False,\n)")
