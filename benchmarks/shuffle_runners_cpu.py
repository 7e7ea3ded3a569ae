"""CPU per epoch of the ``shape_shuffle_runners`` case through the drop-in, two package trees alternating.

    python benchmarks/shuffle_runners_cpu.py BEFORE_ROOT AFTER_ROOT [--rounds 3] [--runs 3] [--legacy]

Each round runs one fresh process per tree (alternating which goes first), ``PYTHONPATH`` set to that tree;
each process runs the case's program (``cases/shapes_dropin.shuffle_runners``, 8 files x 2,500 records)
once to warm up, then ``--runs`` times, and reports each run's CPU seconds (``getrusage``, every thread of
the process, user + system; the whole program: graph, session, epoch) and wall seconds, and the same from the
first batch to the end of the epoch (the steady state, without the graph's build and the start-up). On a busy machine
CPU seconds say more than wall seconds; the ratio to legacy comes from ``run.py``. ``--legacy`` adds a third
process per round running the same program under ``tensorflow.compat.v1``, for its CPU per epoch.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

_CHILD = r"""
import json, sys, time
sys.path.insert(0, {here!r})
import tensorflow as tf
import tfdata_bridge.compat.v1 as bridge
tf1 = tf.compat.v1 if {legacy} else bridge
from cases import shapes_dropin
from cases.common import cpu_s
files = shapes_dropin._tfrecords(8, 2500)
runs = []
for i in range({runs} + 1):
    cpu, wall = cpu_s(), time.perf_counter()
    result = shapes_dropin.shuffle_runners(tf1, files)
    runs.append({{"cpu_s": cpu_s() - cpu, "wall_s": time.perf_counter() - wall, "elements": result.elements,
                 "first_cpu_s": result.extra["first_batch_cpu_s"], "first_s": result.extra["first_batch_s"]}})
print(json.dumps({{"package": "tensorflow.compat.v1" if {legacy} else bridge.__file__, "runs": runs[1:]}}))
"""


def run_once(tree: Path, runs: int, legacy: bool = False) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree), TF_CPP_MIN_LOG_LEVEL="3")
    child = _CHILD.format(here=str(HERE), runs=runs, legacy=legacy)
    out = subprocess.run([sys.executable, "-W", "ignore", "-c", child],
                         env=env, check=True, capture_output=True, text=True, cwd=HERE).stdout  # (not the checkout)
    return json.loads(out.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--runs", type=int, default=3, help="runs per process after a warm-up run")
    parser.add_argument("--legacy", action="store_true", help="also run the program under tensorflow.compat.v1")
    args = parser.parse_args(argv)
    trees = {"before": args.before.resolve(), "after": args.after.resolve()}
    cpu: dict[str, list[float]] = {"before": [], "after": []}
    rest: dict[str, list[tuple[float, float]]] = {"before": [], "after": []}  # (CPU, wall) after the first batch
    if args.legacy:
        trees["legacy"], cpu["legacy"], rest["legacy"] = trees["after"], [], []
    for round_ in range(args.rounds):
        order = ["before", "after", "legacy"] if round_ % 2 == 0 else ["legacy", "after", "before"]
        for name in [n for n in order if n in trees]:
            doc = run_once(trees[name], args.runs, legacy=name == "legacy")
            figures = [r["cpu_s"] for r in doc["runs"]]
            cpu[name].extend(figures)
            rest[name].extend((r["cpu_s"] - r["first_cpu_s"], r["wall_s"] - r["first_s"]) for r in doc["runs"])
            walls = ", ".join(f"{r['wall_s']:.2f}" for r in doc["runs"])
            print(f"round {round_ + 1} {name} ({doc['package']}): CPU s per epoch "
                  f"{', '.join(f'{c:.2f}' for c in figures)}; wall s {walls}; elements {doc['runs'][0]['elements']}",
                  flush=True)
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    for name, values in cpu.items():
        print(f"{name}: median CPU s per epoch {statistics.median(values):.2f} (min {min(values):.2f}, "
              f"max {max(values):.2f}, {len(values)} runs); after the first batch: median CPU s "
              f"{statistics.median(c for c, _ in rest[name]):.2f}, wall s {statistics.median(w for _, w in rest[name]):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
