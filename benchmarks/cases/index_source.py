"""Issue 19: the index producer's source (``Producer.indexed(fn, count)`` on threads, made by tf.data itself:
``compiler/index_source.py``) against the other ways to run the same ``fn(i)``.

Two producers, one case each (``run.py``'s ``index_cheap`` and ``index_gil``):

- ``cheap``: ``Rows``, row ``i`` of a table made up front (a (16,) float32 vector and an int64 label): a
  few microseconds of Python per call, so what is measured is the crossing.
- ``gil``: ``gil_work.GilProducer.item``, pure Python holding the GIL about 1 ms per element (0.25 ms with
  ``--quick``), the same element shapes (the process-workers case's producer).

Variants, run interleaved (one warm-up each, then rounds in alternating order; medians):

- ``index_t1`` / ``index_t4``: ``tfdata_bridge.pipeline(Producer.indexed(fn, count, threads=N))``;
- ``python_t1``: the same ``fn`` given as a plain generator producer (``(fn(i) for i in range(count))``):
  the Python-producer crossing (a thread and a channel of stacked chunks) the bridge uses for
  non-index producers, the index producer's path before it became a tf.data source;
- ``python_t4``: a call producer on 4 threads sharing one index counter (each index once);
- ``tfdata_map``: hand-written tf.data, ``Dataset.range(count).map(lambda i: tf.numpy_function(fn, [i],
  ...), num_parallel_calls=AUTOTUNE)``, ``batch``, ``prefetch(AUTOTUNE)``;
- ``tfdata_batched``: the same over batches of indices (``range(count).batch(32).map(numpy_function)``),
  where the producer allows: the table's rows are taken at once (``table[indices]``), the 1 ms producer
  is called in a loop and stacked;
- ``workers2`` (the 1 ms producer only): ``Producer.indexed(fn, count)`` with ``workers=2`` (process
  workers).

Every variant delivers the same ``count`` elements in batches of 32 (checked), the last one short. A
run is timed from the iterator's creation (start-up counted) to the last batch; its time to the first
batch is ``first_batch_s``.

Run alone: ``python benchmarks/cases/index_source.py [--repeats 3] [--cheap 20000] [--gil 1000]``.
"""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

if __name__ == "__main__":  # as run.py does, before numpy loads
    for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[_var] = "1"
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parents[2])]

import numpy as np  # noqa: E402

from cases import gil_work  # noqa: E402
from cases.common import Config, Run, Variant  # noqa: E402

BATCH = 32
CAPACITY = 256
KINDS = ("cheap", "gil")
CASES = [f"index_{kind}" for kind in KINDS]
# index_t1 / python_t1 (rates) for the cheap producer: the index source may cost at most 1.3x the time
# of the Python-producer crossing it replaced (issue 19)
TARGET = 1 / 1.3


class Rows:
    """``fn(i)``: row ``i`` of a table made up front, and ``i``; ``batched(indices)`` takes many at once."""

    def __init__(self, count: int) -> None:
        self.table = np.random.default_rng(0).random((count, 16), dtype=np.float32)

    def __call__(self, i: int) -> tuple[np.ndarray, np.int64]:
        return self.table[i], np.int64(i)

    def batched(self, indices: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return self.table[indices], indices.astype(np.int64)


class Looped:
    """A producer with no batched form of its own: its batch is its elements, made one by one and stacked."""

    def __init__(self, fn: Any) -> None:
        self.fn = fn

    def batched(self, indices: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        made = [self.fn(int(i)) for i in indices]
        return np.stack([m[0] for m in made]), np.array([m[1] for m in made], np.int64)


def counts(config: Config) -> dict[str, int]:
    return {"cheap": config.scale(20_000, 512), "gil": config.scale(1_000, 32)}


@dataclass(frozen=True)
class Case:
    """One producer's case, as run.py runs a case module: ``variants(config)``, interleaved run by run."""

    kind: str
    INTERLEAVED: ClassVar[bool] = True

    def variants(self, config: Config) -> list[Variant]:
        return variants(self.kind, counts(config)[self.kind], ms=0.25 if config.quick else 1.0)


def producer(kind: str, count: int, ms: float = 1.0) -> tuple[Any, Any, str]:
    """``(fn, its batched form, what it is)`` for ``kind`` (``gil``: holding the GIL ``ms`` per call)."""
    if kind == "cheap":
        rows = Rows(count)
        return rows, rows.batched, "row i of a (count, 16) float32 table and i (a few us of Python)"
    spins = gil_work.calibrate(ms)
    fn = gil_work.GilProducer(count, spins).item
    per_call = min(gil_work._timed(spins) for _ in range(5))
    return fn, Looped(fn).batched, f"pure Python holding the GIL {per_call * 1000:.2f} ms, then a (16,) row and i"


def _timed(make_iterator: Any, count: int, light_main: bool = False) -> Run:
    """One run: the iterator's creation to the last batch (start-up counted), and to the first batch.

    ``light_main``: spawned worker processes do not import the main module. A spawned process imports the
    parent's main module (``__mp_main__``) before it unpickles its job; under ``run.py`` that imports
    TensorFlow and every case (measured: 26.7 s to the first batch at load 8, against 1.6 s with this module
    as main). A program whose main module imports only what it needs at the top (``docs/scaling-out.md``'s
    ``train.py``) pays the light start-up measured here; the producer is of an importable module."""
    if light_main:
        import types

        main = sys.modules["__main__"]
        sys.modules["__main__"] = types.ModuleType("__main__")  # (no __file__: the workers import nothing for it)
        try:
            return _timed(make_iterator, count)
        finally:
            sys.modules["__main__"] = main
    start = time.perf_counter()
    iterator = make_iterator()
    got, first = 0, None
    for batch in iterator:
        got += len(batch[1])
        if first is None:
            first = time.perf_counter() - start
    seconds = time.perf_counter() - start
    del iterator  # (the bridge's threads or workers stop here)
    if got != count:
        raise RuntimeError(f"a run delivered {got} elements, not {count}")
    return Run(got, seconds, {"first_batch_s": round(first or seconds, 4)})


def variants(kind: str, count: int, ms: float = 1.0) -> list[Variant]:
    import itertools

    import tensorflow as tf

    import tfdata_bridge as tfdb

    fn, batched, what = producer(kind, count, ms)
    layout = {"dtypes": ["float32", "int64"], "shapes": [(16,), ()], "capacity": CAPACITY, "batch_size": BATCH,
              "allow_smaller_final_batch": True}

    def bridge(source: Any, **kwargs: Any) -> Any:
        ds = tfdb.compile(tfdb.pipeline(source, **layout, **kwargs))
        return lambda: iter(ds)

    def generator() -> Any:
        return (fn(i) for i in range(count))

    class SharedCounter:
        """A call producer for 4 threads: each call takes the next index of one counter (``next`` on an
        ``itertools.count`` is atomic under the GIL), so each index is made once; a new counter each run."""

        def __init__(self) -> None:
            self.counter = itertools.count()

        def __call__(self) -> Any:
            i = next(self.counter)
            if i >= count:
                raise StopIteration
            return fn(i)

    shared = SharedCounter()
    python_t4 = bridge(tfdb.Producer.call(shared, threads=4, name=kind))

    def fresh(make: Any) -> Any:
        shared.counter = itertools.count()
        return make()

    def numpy_call(i: Any) -> Any:
        x, y = tf.numpy_function(fn, [i], [tf.float32, tf.int64], stateful=False)
        return tf.ensure_shape(x, [16]), tf.ensure_shape(y, [])

    def numpy_batch(i: Any) -> Any:
        x, y = tf.numpy_function(batched, [i], [tf.float32, tf.int64], stateful=False)
        return tf.ensure_shape(x, [None, 16]), tf.ensure_shape(y, [None])

    def hand(ds: Any) -> Any:
        ds = ds.prefetch(tf.data.AUTOTUNE)
        return lambda: iter(ds)

    indices = tf.data.Dataset.range(count)
    makers = {
        "index_t1": bridge(tfdb.Producer.indexed(fn, count, name=kind)),
        "index_t4": bridge(tfdb.Producer.indexed(fn, count, threads=4, name=kind)),
        "python_t1": bridge(tfdb.Producer.generator(generator, name=kind)),
        "python_t4": lambda: fresh(python_t4),
        "tfdata_map": hand(indices.map(numpy_call, num_parallel_calls=tf.data.AUTOTUNE).batch(BATCH)),
        "tfdata_batched": hand(indices.batch(BATCH).map(numpy_batch, num_parallel_calls=tf.data.AUTOTUNE)),
    }
    if kind == "gil":
        makers["workers2"] = bridge(tfdb.Producer.indexed(fn, count, name=kind), workers=2)
    return [Variant(name, (lambda m=m, name=name: _timed(m, count, light_main=name == "workers2")),
                    description=f"{name}: {what}; {count} elements") for name, m in makers.items()]


def summarize(results: list[Any]) -> dict[str, dict[str, float]]:
    """Per case: each variant's rate over ``index_t1``'s (medians), and ``index_t1/python_t1`` per round."""
    import statistics

    out: dict[str, dict[str, float]] = {}
    by_case: dict[str, dict[str, Any]] = {}
    for r in results:
        if r.case in CASES:
            by_case.setdefault(r.case, {})[r.variant] = r
    for case, rs in by_case.items():
        base = rs.get("index_t1")
        if base is None:
            continue
        figures = {f"{v}/index_t1": r.elements_per_s / base.elements_per_s for v, r in rs.items() if v != "index_t1"}
        if "python_t1" in rs:
            figures["index_t1/python_t1 (paired)"] = statistics.median(
                a.elements_per_s / b.elements_per_s for a, b in zip(base.runs, rs["python_t1"].runs))
        out[case] = figures
    return out


def main(argv: list[str] | None = None) -> int:
    import argparse
    import statistics

    from cases.common import measure_interleaved

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--cheap", type=int, default=20_000, help="elements per run, cheap producer")
    parser.add_argument("--gil", type=int, default=1_000, help="elements per run, 1 ms producer")
    args = parser.parse_args(argv)
    load = os.getloadavg()
    results = []
    for kind, count in (("cheap", args.cheap), ("gil", args.gil)):
        results += measure_interleaved(f"index_{kind}", variants(kind, count), Config(repeats=args.repeats))
    print(f"load average {[round(x, 2) for x in load]} -> {[round(x, 2) for x in os.getloadavg()]}; "
          f"{args.repeats} interleaved rounds after one warm-up; medians")
    for r in results:
        firsts = [x.extra["first_batch_s"] for x in r.runs]
        print(f"  {r.case:<12} {r.variant:<15} {r.elements_per_s:>10,.0f} el/s  total "
              f"{statistics.median(x.seconds for x in r.runs):.3f} s  first batch {statistics.median(firsts):.3f} s"
              f"  runs {[round(x.elements_per_s) for x in r.runs]}")
    for case, figures in summarize(results).items():
        print(f"  {case}: " + ", ".join(f"{k} {v:.2f}" for k, v in figures.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
