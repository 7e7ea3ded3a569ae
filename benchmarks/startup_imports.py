"""What the drop-in's imports cost a process (issue 16): the CPU of importing ``tfdata_bridge.compat.v1`` and the
modules a file pipeline's first batch call loads, after TensorFlow, in a fresh process each time, two trees
alternated (the change paired against what it changes: the load of a busy machine falls on both alike).

    python startup_imports.py BEFORE_TREE AFTER_TREE [--rounds N]

Each tree is a checkout (or a ``git archive`` copy) of tfdata_bridge; both are byte-compiled first
(``compileall``: where ``PYTHONDONTWRITEBYTECODE=1`` is set, Python writes no ``.pyc`` and each process would
compile the bridge again, which an installed package never pays). Printed per tree: the CPU of the imports
(``time.process_time()``) in each round, their median, the modules they load, and whether the Python-producer
runtime (``runtime.process_workers``, ``runtime.workers``) is among them.
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys

CHILD = """
import sys, time
import tensorflow as tf
before = set(sys.modules)
start = time.process_time()
import tfdata_bridge.compat.v1
from tfdata_bridge._src.compat import batching, graph_batch, input_producers, readers, runners, session
cpu = time.process_time() - start
new = set(sys.modules) - before
runtime = sorted(m for m in new if m.startswith("tfdata_bridge._src.runtime.") and m.split(".")[-1] in
                 ("process_workers", "workers"))
print("RESULT", cpu, len(new), ",".join(runtime) or "-")
"""


def _one(tree: str) -> tuple[float, int, str]:
    env = {**os.environ, "PYTHONPATH": tree, "TF_CPP_MIN_LOG_LEVEL": "3"}
    done = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, env=env, cwd=tree,
                          timeout=300, check=True)
    _, cpu, modules, runtime = [line for line in done.stdout.splitlines() if line.startswith("RESULT ")][-1].split()
    return float(cpu), int(modules), runtime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--rounds", type=int, default=8)
    args = parser.parse_args()
    trees = {"before": os.path.abspath(args.before), "after": os.path.abspath(args.after)}
    for tree in trees.values():
        compileall.compile_dir(os.path.join(tree, "tfdata_bridge"), quiet=1)
    cpu: dict[str, list[float]] = {name: [] for name in trees}
    seen: dict[str, tuple[int, str]] = {}
    for r in range(args.rounds):
        for name in ("before", "after") if r % 2 == 0 else ("after", "before"):
            seconds, modules, runtime = _one(trees[name])
            cpu[name].append(seconds)
            seen[name] = (modules, runtime)
    for name, tree in trees.items():
        modules, runtime = seen[name]
        print(f"{name} ({tree}): import CPU per process {[round(c * 1000, 1) for c in cpu[name]]} ms, median "
              f"{statistics.median(cpu[name]) * 1000:.1f} ms; {modules} modules; producer runtime loaded: {runtime}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
