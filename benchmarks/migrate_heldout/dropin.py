"""The drop-in on a held-out round's programs (issue 16): same data as legacy, and no slower.

    python dropin.py ROUND_DIR TREE OUT_DIR [--runs N]

ROUND_DIR is a round's folder (its `programs/` and `programs/EXPECT.json`), TREE a tfdata_bridge checkout with
its own `.venv`. OUT_DIR/original holds a copy of the programs; OUT_DIR/dropin the same copy after
`migrate --to compat --write` (each program's TensorFlow import replaced by the drop-in's). Each tree's
programs run in one process per run with `tests/legacy_programs/run_programs.py`, alternating legacy and
drop-in `--runs` times (default 3); results are compared with round 4's rules ("order" batch for batch,
"multiset" by rows and batch sizes, the same end), and each program's wall time (graph building, session,
every batch: for these small programs mostly start-up) is the median over the runs, and so is its CPU time
(`time.process_time()` around the program in the runner: every thread of the process, which the load of a busy
machine distorts less than the wall time).

Before the runs, TREE's `tfdata_bridge` and both copies of the programs are byte-compiled into their usual
`__pycache__` (`compileall`): where the environment sets `PYTHONDONTWRITEBYTECODE=1`, Python writes no `.pyc`
when it imports, so each run's first drop-in program recompiled the bridge's ~200 modules (0.12-0.15 s), which
an installed package never pays; TensorFlow's own modules come compiled. Legacy and the drop-in are then timed
as a user would run them.
"""

from __future__ import annotations

import argparse
import compileall
import importlib.util
import json
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def _round4() -> object:
    spec = importlib.util.spec_from_file_location("round4_measure", os.path.join(HERE, "round4", "measure.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("round_dir")
    parser.add_argument("tree")
    parser.add_argument("out_dir")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    m = _round4()
    m.PROGRAMS = os.path.join(os.path.abspath(args.round_dir), "programs")
    tree, out = os.path.abspath(args.tree), os.path.abspath(args.out_dir)
    if os.path.exists(out) and os.listdir(out):
        sys.exit(f"{out} exists and is not empty; give a new OUT_DIR")
    original, dropin, data = (os.path.join(out, d) for d in ("original", "dropin", "data"))
    m.copy_programs(original)
    m.copy_programs(dropin)
    with open(os.path.join(m.PROGRAMS, "EXPECT.json")) as f:
        expect = json.load(f)
    names = m.program_names()
    py = os.path.join(tree, ".venv", "bin", "python")
    conv = m.run([py, "-m", "tfdata_bridge", "migrate", dropin, "--to", "compat", "--write"], {"PYTHONPATH": tree})
    with open(os.path.join(out, "migrate_report.txt"), "w") as f:
        f.write(f"exit {conv.returncode}\n--- stdout\n{conv.stdout}\n--- stderr\n{conv.stderr}")
    for folder in (os.path.join(tree, "tfdata_bridge"), original, dropin):  # (see the module docstring)
        if not compileall.compile_dir(folder, quiet=1, workers=1):
            sys.exit(f"compileall failed in {folder}")
    legacy_runs, dropin_runs = [], []
    for i in range(args.runs):
        legacy_runs.append(m.run_programs(tree, data, original, names, make_data=i == 0))
        dropin_runs.append(m.run_programs(tree, data, dropin, names, make_data=False))
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump({"legacy": legacy_runs, "dropin": dropin_runs}, f)

    head = m.run(["git", "-C", tree, "log", "-1", "--format=%h %cd"]).stdout.strip()
    print(f"tree: {tree} at {head}; migrate --to compat exit {conv.returncode}; {args.runs} alternating runs")
    header = (f"{'program':30} {'kind':8} {'same data':10} {'legacy s':>9} {'drop-in s':>9} {'legacy/drop-in':>14} "
              f"{'CPU legacy s':>12} {'CPU drop-in s':>13}  note")
    print(header)
    print("-" * len(header))
    same_n = faster_n = 0
    for n in names:
        verdicts = [m.same_results(expect[n], legacy[n], ours[n]) for legacy, ours in zip(legacy_runs, dropin_runs)]
        same = all(ok for ok, _ in verdicts)
        why = "; ".join(sorted({w for ok, w in verdicts if not ok}))
        times = [statistics.median(r[n].get("seconds", float("nan")) for r in runs)
                 for runs in (legacy_runs, dropin_runs)]
        ratio = times[0] / times[1] if times[1] else float("nan")
        cpu = [statistics.median(r[n].get("cpu_seconds", float("nan")) for r in runs)
               for runs in (legacy_runs, dropin_runs)]
        same_n += same
        faster_n += ratio >= 1.0
        print(f"{n:30} {expect[n]:8} {'yes' if same else 'NO':10} {times[0]:9.2f} {times[1]:9.2f} {ratio:14.2f} "
              f"{cpu[0]:12.3f} {cpu[1]:13.3f}  {why}")
    print()
    print(f"same data as legacy in every run: {same_n} of {len(names)}; "
          f"at legacy's speed or better (median wall time): {faster_n} of {len(names)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
