"""Benchmark harness: the seed patterns as the legacy queue, hand-written tf.data, the bridge and a
replay ceiling, side by side in one process; the production/consumption overlap case; and the seed
programs through the drop-in ``tfdata_bridge.compat.v1`` against ``tensorflow.compat.v1``.

    python benchmarks/run.py [--json PATH] [--repeats N] [--quick] [--only CASE ...] [--check]

Prints medians of elements per second and the ratios; ``--json`` writes every figure. ``--check``
exits 1 when an acceptance target is missed. See benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
# One BLAS thread per call, set before numpy loads: the drop-in numpy cases scale by producer threads,
# and a multi-threaded BLAS under 4 producer threads on 2 cores oversubscribes (figures swing 10x).
BLAS_THREADS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
for _var in BLAS_THREADS:
    os.environ[_var] = "1"
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

tf.get_logger().setLevel("ERROR")  # the legacy variants use deprecated APIs on purpose

from cases import (  # noqa: E402
    files_dropin, index_source, overlap, seed1_dropin, seed1_feed, seed2_dropin, seed2_pyfunc, shapes_dropin,
)
from cases.common import Config, Result, measure, measure_interleaved, paired_ratio  # noqa: E402

CASES: dict[str, Any] = {
    "seed1_feed": seed1_feed,
    "seed2_pyfunc": seed2_pyfunc,
    "overlap": overlap,
    "seed1_dropin": seed1_dropin,
    **{name: seed2_dropin.Case(kind, threads) for name, kind, threads in seed2_dropin.CASES},
    **{name: files_dropin.Case(name.split("_", 1)[1]) for name in files_dropin.CASES},
    **{name: shapes_dropin.Case(name) for name in shapes_dropin.CASES},
    **{f"index_{kind}": index_source.Case(kind) for kind in index_source.KINDS},
}
# The drop-in cases: bridge (tfdata_bridge.compat.v1) against legacy (tensorflow.compat.v1), interleaved.
DROPIN_CASES = ["seed1_dropin", *(name for name, _, _ in seed2_dropin.CASES)]
# Names --only also accepts, for several cases at once.
GROUPS = {"seed2_dropin": DROPIN_CASES[1:], "dropin": DROPIN_CASES, "files": list(files_dropin.CASES),
          "shapes": list(shapes_dropin.CASES), "index": list(index_source.CASES)}
# (case, numerator, denominator, minimum): the acceptance targets.
RATIO_TARGETS = [
    ("seed1_feed", "bridge", "legacy", 8.0),
    ("seed1_feed", "bridge", "tfdata", 8.0),
    # against the competent hand-written form (from_generator in stacked groups), not only the naive one
    ("seed1_feed", "bridge", "grouped", 1.0),
    ("seed2_pyfunc", "bridge", "grouped", 1.0),
    *((case, "bridge", "legacy", seed2_dropin.RATIO_TARGET) for case in DROPIN_CASES),
    *files_dropin.RATIO_TARGETS,
    *shapes_dropin.RATIO_TARGETS,
]
# (producer kind, variant, minimum): t4/t1 of the seed2_dropin cases.
SCALING_TARGETS = [("numpy", "bridge", seed2_dropin.SCALING_TARGET)]


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", metavar="PATH", help="write the results as JSON to PATH")
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per variant (default 5); medians are reported")
    parser.add_argument("--quick", action="store_true", help="fewer elements per run, for a fast check")
    parser.add_argument("--only", nargs="+", choices=[*CASES, *GROUPS], metavar="CASE",
                        help=f"run only these cases ({', '.join(CASES)}; or the groups "
                             f"{', '.join(f'{g} = {len(cs)} cases' for g, cs in GROUPS.items())})")
    parser.add_argument("--check", action="store_true", help="exit 1 when an acceptance target is missed")
    args = parser.parse_args(argv)
    if args.repeats < 1:
        parser.error(f"--repeats ({args.repeats}) must be >= 1")
    if args.only:
        args.only = list(dict.fromkeys(c for name in args.only for c in GROUPS.get(name, [name])))
    return args


def machine() -> dict[str, Any]:
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = os.cpu_count()
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    return {
        "cores": os.cpu_count(),
        "usable_cores": usable,
        "load_average_at_start": [round(x, 2) for x in load] if load else None,
        "python": platform.python_version(),
        "tensorflow": tf.__version__,
        "numpy": np.__version__,
        "blas_threads": {var: os.environ.get(var) for var in BLAS_THREADS},
        "platform": platform.platform(),
    }


def ratios(results: list[Result]) -> dict[str, dict[str, float]]:
    """For each case, ``bridge/<variant>`` for every other variant measured."""
    by_case: dict[str, dict[str, float]] = {}
    for r in results:
        by_case.setdefault(r.case, {})[r.variant] = r.elements_per_s
    out: dict[str, dict[str, float]] = {}
    for case, rates in by_case.items():
        if "bridge" in rates:
            out[case] = {f"bridge/{v}": rates["bridge"] / rate for v, rate in rates.items() if v != "bridge"}
    return out


def targets(results: list[Result], case_ratios: dict[str, dict[str, float]]) -> list[dict[str, Any]]:
    checks = []
    for case, num, den, minimum in RATIO_TARGETS:
        value = case_ratios.get(case, {}).get(f"{num}/{den}")
        if value is not None:
            checks.append({"target": f"{case} {num}/{den} >= {minimum:g}", "value": round(value, 2),
                           "ok": value >= minimum})
    summary = overlap.summarize(results)
    if summary is not None:
        value = summary["ratio_wall_to_max"]
        checks.append({"target": f"overlap wall/max <= {overlap.TARGET_RATIO:g}", "value": round(value, 3),
                       "ok": value <= overlap.TARGET_RATIO})
    value = index_source.summarize(results).get("index_cheap", {}).get("index_t1/python_t1 (paired)")
    if value is not None:
        checks.append({"target": f"index_cheap index_t1/python_t1 >= {index_source.TARGET:.2f}",
                       "value": round(value, 2), "ok": value >= index_source.TARGET})
    scaling = seed2_dropin.scaling(results)
    for kind, variant, minimum in SCALING_TARGETS:
        value = scaling.get(f"{kind} {variant}")
        if value is not None:
            checks.append({"target": f"seed2_dropin_{kind} {variant} t4/t1 >= {minimum:g}", "value": round(value, 2),
                           "ok": value >= minimum})
    return checks


def paired(results: list[Result]) -> dict[str, float]:
    """For each drop-in case, the median of its per-round bridge/legacy ratios (the runs interleave)."""
    by_key = {(r.case, r.variant): r for r in results}
    return {case: paired_ratio(by_key[(case, "bridge")], by_key[(case, "legacy")])
            for case in DROPIN_CASES if (case, "bridge") in by_key and (case, "legacy") in by_key}


def paired_grouped(results: list[Result]) -> dict[str, float]:
    """For each case with a grouped baseline, the median of its per-round bridge/grouped ratios."""
    by_key = {(r.case, r.variant): r for r in results}
    return {case: paired_ratio(by_key[(case, "bridge")], r) for (case, variant), r in by_key.items()
            if variant == "grouped" and (case, "bridge") in by_key}


def first_batches(results: list[Result], key: str = "first_batch_s") -> dict[tuple[str, str], float]:
    """For each case and variant whose runs record ``key`` (``first_batch_s``, ``first_batch_cpu_s``), its median."""
    return {(r.case, r.variant): statistics.median(x.extra[key] for x in r.runs)
            for r in results if r.runs and key in r.runs[0].extra}


def table(results: list[Result], case_ratios: dict[str, dict[str, float]]) -> str:
    rates = {(r.case, r.variant): r.elements_per_s for r in results}
    head = (f"{'case':<24}{'variant':<9}{'elements/s':>12}{'min':>11}{'max':>11}"
            f"{'x legacy':>10}{'x tfdata':>10}{'x grouped':>11}{'x ceiling':>11}")
    lines = [head, "-" * len(head)]
    for r in results:
        per_run = [x.elements_per_s for x in r.runs]
        cells = []
        for base in ("legacy", "tfdata", "grouped", "ceiling"):
            other = rates.get((r.case, base))
            cells.append(f"{r.elements_per_s / other:.2f}" if other and base != r.variant else "")
        lines.append(
            f"{r.case:<24}{r.variant:<9}{r.elements_per_s:>12,.0f}{min(per_run):>11,.0f}{max(per_run):>11,.0f}"
            f"{cells[0]:>10}{cells[1]:>10}{cells[2]:>11}{cells[3]:>11}"
        )
    for case, rs in case_ratios.items():
        lines.append(f"{case}: " + ", ".join(f"{k} = {v:.2f}" for k, v in rs.items()))
    pairs = paired(results)
    if pairs:
        lines.append("drop-in, median of per-round bridge/legacy: "
                     + ", ".join(f"{case} = {v:.2f}" for case, v in pairs.items()))
    grouped_pairs = paired_grouped(results)
    if grouped_pairs:
        lines.append("median of per-round bridge/grouped: "
                     + ", ".join(f"{case} = {v:.2f}" for case, v in grouped_pairs.items()))
    firsts = first_batches(results)
    if firsts:
        lines.append("time to the first batch (median s): "
                     + ", ".join(f"{case} {variant} = {v:.3f}" for (case, variant), v in firsts.items()))
    cpus = first_batches(results, "first_batch_cpu_s")
    if cpus:
        lines.append("CPU to the first batch (median s, every thread): "
                     + ", ".join(f"{case} {variant} = {v:.3f}" for (case, variant), v in cpus.items()))
    for case, figures in index_source.summarize(results).items():
        lines.append(f"{case}: " + ", ".join(f"{k} = {v:.2f}" for k, v in figures.items()))
    scaling = seed2_dropin.scaling(results)
    if scaling:
        lines.append("seed2_dropin t4/t1: " + ", ".join(f"{k} = {v:.2f}" for k, v in scaling.items()))
    s = overlap.summarize(results)
    if s is not None:
        lines.append(
            f"overlap (medians): wall {s['wall_s']:.3f} s; producer {s['producer_s']:.3f} s; consumer alone "
            f"{s['consumer_s']:.3f} s (steps {s['step_s']:.3f} s); larger {s['max_s']:.3f} s; sum {s['sum_s']:.3f} s; "
            f"wall/larger = {s['ratio_wall_to_max']:.3f} (wall/max(producer, steps) = {s['ratio_wall_to_max_steps']:.3f})"
        )
    return "\n".join(lines)


def document(results: list[Result], checks: list[dict[str, Any]], info: dict[str, Any],
             args: argparse.Namespace) -> dict[str, Any]:
    """The JSON document: every case and variant with its runs, the ratios, the targets, the machine."""
    rates = {(r.case, r.variant): r.elements_per_s for r in results}
    overlap_figures = overlap.summarize(results)
    pairs = paired(results)
    grouped_pairs = paired_grouped(results)
    scaling = seed2_dropin.scaling(results)
    cases = []
    for r in results:
        entry = r.to_json()
        if r.case in pairs and r.variant == "bridge":
            entry["paired_ratio_vs_legacy"] = round(pairs[r.case], 3)
        if r.case in grouped_pairs and r.variant == "bridge":
            entry["paired_ratio_vs_grouped"] = round(grouped_pairs[r.case], 3)
        if r.case.startswith("seed2_dropin_") and r.case.endswith("_t4"):
            kind = r.case[len("seed2_dropin_"):-len("_t4")]
            if f"{kind} {r.variant}" in scaling:
                entry["scaling_t4_vs_t1"] = round(scaling[f"{kind} {r.variant}"], 3)
        if "first_batch_s" in r.runs[0].extra:
            entry["first_batch_s_median"] = round(first_batches([r])[(r.case, r.variant)], 4)
        if "first_batch_cpu_s" in r.runs[0].extra:
            entry["first_batch_cpu_s_median"] = round(first_batches([r], "first_batch_cpu_s")[(r.case, r.variant)], 4)
        if "runner_threads" in r.runs[0].extra:
            entry["runner_threads"] = r.runs[0].extra["runner_threads"]
        for base in ("legacy", "tfdata", "grouped", "ceiling"):
            other = rates.get((r.case, base))
            if other and base != r.variant:
                entry[f"ratio_vs_{base}"] = round(r.elements_per_s / other, 3)
        if r.case == "overlap":
            for key in ("wall_s", "producer_s", "step_s"):
                entry[f"{key}_runs"] = [round(x.extra[key], 4) for x in r.runs]
            if r.variant == "bridge" and overlap_figures is not None:
                entry.update({k: round(v, 4) for k, v in overlap_figures.items()})
                consumer = overlap_figures["consumer_s"]
                entry["ratio_wall_to_max_runs"] = [
                    round(x.extra["wall_s"] / max(x.extra["producer_s"], consumer), 4) for x in r.runs
                ]
        cases.append(entry)
    return {
        "cases": cases,
        "index_source": {case: {k: round(v, 3) for k, v in figures.items()}
                         for case, figures in index_source.summarize(results).items()},
        "dropin": {"paired_ratio_vs_legacy": {k: round(v, 3) for k, v in pairs.items()},
                   "scaling_t4_vs_t1": {k: round(v, 3) for k, v in scaling.items()}},
        "targets": checks,
        "machine": info,
        "command": " ".join(["python", *sys.argv]),
        "repeats": args.repeats,
        "quick": args.quick,
    }


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    config = Config(repeats=args.repeats, quick=args.quick)
    info = machine()
    print(f"machine: {info['usable_cores']} usable cores, Python {info['python']}, TensorFlow {info['tensorflow']}, "
          f"load {info['load_average_at_start']}; {args.repeats} timed runs per variant after one warm-up"
          + (", --quick" if args.quick else ""), flush=True)
    results: list[Result] = []
    started = time.perf_counter()
    for name in args.only or list(CASES):
        case = CASES[name]
        if getattr(case, "INTERLEAVED", False):  # head-to-head: the variants take turns, run by run
            measured = measure_interleaved(name, case.variants(config), config)
        else:
            measured = (measure(name, variant, config) for variant in case.variants(config))
        for result in measured:
            results.append(result)
            print(f"  {name:<24}{result.variant:<9}{result.elements_per_s:>12,.0f} elements/s", flush=True)
    case_ratios = ratios(results)
    checks = targets(results, case_ratios)
    print()
    print(table(results, case_ratios))
    for check in checks:
        print(f"target {check['target']}: {check['value']} {'ok' if check['ok'] else 'MISSED'}")
    print(f"total {time.perf_counter() - started:.1f} s")
    if args.json:
        doc = document(results, checks, info, args)
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(doc, indent=2) + "\n")
        print(f"wrote {args.json}")
    return 1 if args.check and not all(c["ok"] for c in checks) else 0


if __name__ == "__main__":
    sys.exit(main())
