"""What every case shares: the run configuration, the variant protocol, timing and dataset draining."""

from __future__ import annotations

import gc
import itertools
import resource
import statistics
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

# Every blocking wait in the harness is bounded by this, so a broken variant fails instead of hanging.
TIMEOUT_S = 60.0
# Elements per from_generator call in the grouped baselines, at most: the bridge's own chunk limit
# (tfdata_bridge/_src/compiler/lowering.py CHUNK_LIMIT). A case passes min(GROUP, its capacity), what
# the bridge moves per call for it, so both hold as much and pay one Python call per as many elements.
GROUP = 128


def cpu_s() -> float:
    """CPU seconds of this process so far, every thread (user + system): a first batch's cost, which a
    loaded machine distorts less than its wall time."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def grouped(elements: Callable[[], Iterable[tuple[Any, ...]]], group: int = GROUP) -> Callable[[], Iterator[Any]]:
    """The generator a competent engineer hands ``from_generator``: ``elements()`` in stacked groups of
    up to ``group`` (one Python call and one conversion per group, not per element). ``.unbatch()`` after
    it gives the elements back, with ``grouped_signature`` as the output signature."""
    import numpy as np

    def groups() -> Iterator[Any]:
        it = iter(elements())
        while chunk := list(itertools.islice(it, group)):
            yield tuple(np.stack(column) for column in zip(*chunk))

    return groups


def grouped_signature(signature: tuple[Any, ...]) -> tuple[Any, ...]:
    """``signature`` (a tuple of ``tf.TensorSpec``) with a leading group dimension of unknown size."""
    import tensorflow as tf

    return tuple(tf.TensorSpec([None, *spec.shape], spec.dtype) for spec in signature)


@dataclass(frozen=True)
class Config:
    repeats: int = 5
    quick: bool = False

    def scale(self, full: int, quick: int) -> int:
        return quick if self.quick else full


@dataclass
class Run:
    """One timed run: how many elements the consumer received and how long it took."""

    elements: int
    seconds: float
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def elements_per_s(self) -> float:
        return self.elements / self.seconds if self.seconds > 0 else float("inf")


@dataclass
class Variant:
    """A way to run one case. ``run()`` does one timed run (it measures its own timed region, so set-up
    such as building a graph stays outside); ``close()`` releases what the variant holds."""

    name: str
    run: Callable[[], Run]
    close: Callable[[], None] = lambda: None
    description: str = ""


@dataclass
class Result:
    case: str
    variant: str
    description: str
    runs: list[Run]

    @property
    def elements_per_s(self) -> float:
        return statistics.median(r.elements_per_s for r in self.runs)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.case,
            "variant": self.variant,
            "elements_per_s": round(self.elements_per_s, 1),
            "runs": [round(r.elements_per_s, 1) for r in self.runs],
            "elements_per_run": self.runs[0].elements,
            "seconds": [round(r.seconds, 4) for r in self.runs],
            "description": self.description,
        }
        return out


def measure(case: str, variant: Variant, config: Config) -> Result:
    """Warm the variant up with one untimed run, then time ``config.repeats`` runs.

    Every run must deliver the same number of elements; a run that does not is an error. Before each
    run the garbage left by earlier ones is collected (untimed): with TensorFlow's objects on the heap a
    full collection takes 50 to 100 ms, and would otherwise land on whichever run happens to trigger it.
    """
    try:
        gc.collect()
        warm = variant.run()
        runs = []
        for _ in range(config.repeats):
            gc.collect()
            runs.append(variant.run())
    finally:
        variant.close()
    counts = {warm.elements} | {r.elements for r in runs}
    if len(counts) != 1:
        raise RuntimeError(f"{case}/{variant.name}: runs delivered different element counts {sorted(counts)}")
    return Result(case, variant.name, variant.description, runs)


def measure_interleaved(case: str, variants: list[Variant], config: Config) -> list[Result]:
    """As ``measure``, for every variant of a case at once, the variants taking turns run by run.

    Used where two variants are compared head to head (the drop-in against the legacy queue): the
    machine's load drifts over a minute, and timing one variant's runs and then the other's would
    charge the drift to whichever ran second. Each round runs every variant once, the order reversed
    every other round; a round's runs are that round's ``paired`` figures (``paired_ratio``)."""
    runs: dict[str, list[Run]] = {v.name: [] for v in variants}
    try:
        counts: dict[str, set[int]] = {}
        for v in variants:
            gc.collect()
            counts[v.name] = {v.run().elements}
        for round_ in range(config.repeats):
            for v in variants if round_ % 2 == 0 else variants[::-1]:
                gc.collect()
                run = v.run()
                counts[v.name].add(run.elements)
                runs[v.name].append(run)
    finally:
        for v in variants:
            v.close()
    for name, seen in counts.items():
        if len(seen) != 1:
            raise RuntimeError(f"{case}/{name}: runs delivered different element counts {sorted(seen)}")
    return [Result(case, v.name, v.description, runs[v.name]) for v in variants]


def paired_ratio(numerator: Result, denominator: Result) -> float:
    """The median of the per-round ratios of two interleaved results' runs."""
    return statistics.median(a.elements_per_s / b.elements_per_s for a, b in zip(numerator.runs, denominator.runs))


def drain(dataset: Any, batches: int, batch_size: int, step: Callable[[Any], None] | None = None) -> Run:
    """Time taking exactly ``batches`` batches from a fresh iterator over ``dataset`` (creating the
    iterator, which starts any producers, is inside the timed region)."""
    start = time.perf_counter()
    iterator = iter(dataset)
    elements = 0
    for _ in range(batches):
        batch = next(iterator)
        n = int(first_component(batch).shape[0])
        if n != batch_size:
            raise RuntimeError(f"expected batches of {batch_size}, got {n}")
        if step is not None:
            step(batch)
        elements += n
    seconds = time.perf_counter() - start
    del iterator  # ends the iteration: the bridge stops its producers here
    return Run(elements, seconds)


def first_component(batch: Any) -> Any:
    if isinstance(batch, dict):
        return next(iter(batch.values()))
    if isinstance(batch, (tuple, list)):
        return batch[0]
    return batch
