"""Source text for tf.data chains, shared by the code generators (``migrate --to tfdata``): the sources'
heads here; each chain step printed by the plan's printer (``plan/printer.py``), the one printer.

Plain string building, no TensorFlow import. Every function takes ``v1``, the spelling through which the
program reaches ``tensorflow.compat.v1`` (``"tf"`` after ``import tensorflow.compat.v1 as tf``,
``"tf.compat.v1"`` after ``import tensorflow as tf``), so generated code reads like the program around it.
"""

from __future__ import annotations

from collections.abc import Sequence

from tfdata_bridge._src.plan.model import Autotune, Code, Step, parallel_kwargs
from tfdata_bridge._src.plan.printer import chain, step_text

__all__ = ["chain", "from_tensor_slices", "epoch_steps", "interleave", "map_step", "shuffle_step", "batch_step",
           "prefetch_step", "one_shot_get_next", "tensor_spec", "generator_source"]


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
    return step_text(Step("map", "element", (Code(fn),), parallel_kwargs(Code(parallel or "1"))))


def shuffle_step(buffer: str, seed: str | None) -> str:
    return step_text(Step("shuffle", "mix", (Code(buffer),), () if seed is None else (("seed", Code(seed)),)))


def batch_step(batch_size: str, drop_remainder: bool, padded: bool) -> str:
    return step_text(Step("padded_batch" if padded else "batch", "batch", (Code(batch_size),),
                          (("drop_remainder", drop_remainder),)))


def prefetch_step(v1: str) -> str:
    return step_text(Step("prefetch", "feed", (Autotune(v1),)))


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
