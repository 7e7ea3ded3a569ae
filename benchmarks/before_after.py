"""Two checkouts of the package, side by side in one sitting: has a change kept the drop-in's figures?

    python benchmarks/before_after.py BEFORE_ROOT AFTER_ROOT [--rounds 3] [run.py's arguments...]

Runs this checkout's ``run.py`` (the same harness and cases for both) once per round for each package
tree, alternating which goes first, each in a fresh process with ``PYTHONPATH`` set to that tree, so
machine load drifts over both alike. Each run measures the bridge against legacy in the same process;
the table shows, per case, the median over rounds of the bridge's ratio to legacy and of its time to the
first batch, before and after. Give BEFORE_ROOT as a ``git worktree`` of the old commit.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def run_once(tree: Path, run_args: list[str]) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "figures.json"
        env = dict(os.environ, PYTHONPATH=str(tree), TF_CPP_MIN_LOG_LEVEL="2")
        subprocess.run([sys.executable, str(HERE / "run.py"), *run_args, "--json", str(out)], env=env,
                       check=True, stdout=subprocess.DEVNULL)
        return json.loads(out.read_text())


def bridge_figures(doc: dict[str, Any]) -> dict[str, tuple[float | None, ...]]:
    """case -> (the bridge's ratio to legacy, the bridge's first batch in seconds, its CPU seconds to the
    first batch, legacy's first batch in seconds, legacy's CPU seconds to it)."""
    figures = {}
    legacy = {e["name"]: e for e in doc["cases"] if e["variant"] == "legacy"}
    for entry in doc["cases"]:
        if entry["variant"] != "bridge":
            continue
        ratio = entry.get("paired_ratio_vs_legacy", entry.get("ratio_vs_legacy"))
        old = legacy.get(entry["name"], {})
        figures[entry["name"]] = (ratio, entry.get("first_batch_s_median"), entry.get("first_batch_cpu_s_median"),
                                  old.get("first_batch_s_median"), old.get("first_batch_cpu_s_median"))
    return figures


def median(values: list[float | None]) -> float | None:
    present = [v for v in values if v is not None]
    return statistics.median(present) if present else None


def table(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> str:
    """Per case: the bridge's ratio, first batch and CPU to it, before and after; legacy's first batch and
    CPU to it (both trees' runs: legacy is the same program in both)."""
    cases = sorted({case for run in before + after for case in run})
    lines = ["| case | ratio to legacy, before | after | first batch s, before | after | legacy | "
             "CPU s to the first batch, before | after | legacy |", "|---|---|---|---|---|---|---|---|---|"]
    for case in cases:
        def cell(runs: list[dict[str, Any]], index: int) -> str:
            value = median([run[case][index] if case in run and len(run[case]) > index else None for run in runs])
            return "-" if value is None else (f"{value:.2f}x" if index == 0 else f"{value:.3f}")

        cells = [cell(before, 0), cell(after, 0), cell(before, 1), cell(after, 1), cell(before + after, 3),
                 cell(before, 2), cell(after, 2), cell(before + after, 4)]
        lines.append(f"| `{case}` | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", type=Path, help="the old checkout's root (a git worktree)")
    parser.add_argument("after", type=Path, help="the new checkout's root")
    parser.add_argument("--rounds", type=int, default=3, help="runs per tree (default 3); medians are shown")
    args, run_args = parser.parse_known_args(argv)
    trees = {"before": args.before.resolve(), "after": args.after.resolve()}
    figures: dict[str, list[dict[str, Any]]] = {"before": [], "after": []}
    for round_ in range(args.rounds):
        order = ["before", "after"] if round_ % 2 == 0 else ["after", "before"]
        for name in order:
            print(f"round {round_ + 1}/{args.rounds}: {name} ({trees[name]})", file=sys.stderr, flush=True)
            figures[name].append(bridge_figures(run_once(trees[name], run_args)))
    print(f"load average at the end: {os.getloadavg()[0]:.1f}; rounds: {args.rounds}; run.py {' '.join(run_args)}")
    print(table(figures["before"], figures["after"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
