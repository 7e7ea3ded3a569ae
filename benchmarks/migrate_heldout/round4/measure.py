"""Measures `migrate --to tfdata` on the held-out programs of round 4.

    python measure.py TREE OUT_DIR

TREE is a tfdata_bridge checkout with its own `.venv` (for example /work/main). OUT_DIR is created (it must not
exist or be empty): OUT_DIR/original holds a copy of the programs and their helper modules, OUT_DIR/migrated the
same copy rewritten in place by `TREE/.venv/bin/python -m tfdata_bridge migrate OUT_DIR/migrated --to tfdata
--write`; OUT_DIR/data the data of `tests/legacy_programs/make_data.py`. Both trees run with
`tests/legacy_programs/run_programs.py` (one process per tree) and each program is compared with its original:
"order" programs batch for batch, "multiset" programs by the multiset of their rows and of their batch sizes
(EXPECT.json), and the same "end" in both. A program counts when it is rewritten fully (no legacy queue API left
in it or its helper modules by `scan`, no tfdata_bridge import), runs, and gives the same results.

    python measure.py --self-check TREE OUT_DIR   # runs the originals twice and compares them (no migrate)
"""

from __future__ import annotations

import collections
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAMS = os.path.join(HERE, "programs")
BATCH_TIMEOUT_S = 300  # all programs of one tree in one process; legacy takes about 40 s
PROGRAM_TIMEOUT_S = 90  # one program alone, after a batch run timed out


def program_names() -> list[str]:
    return sorted(f[:-3] for f in os.listdir(PROGRAMS) if f.endswith(".py"))


def helper_modules(src_dir: str, name: str) -> list[str]:
    """The packages and modules of the round's folder a program imports (its helper modules in another module),
    whatever their names: a package's folder, or a module's ``NAME.py`` (rounds up to 68 named every package
    ``*_lib``; later writers did not, and a helper left with legacy code must count against its program)."""
    with open(os.path.join(src_dir, name + ".py")) as f:
        text = f.read()
    found = set()
    for top in set(re.findall(r"^\s*(?:from|import)\s+(\w+)\b", text, re.M)) - {name}:
        if os.path.isdir(os.path.join(src_dir, top)):
            found.add(top)
        elif os.path.isfile(os.path.join(src_dir, top + ".py")) and top + ".py" != "EXPECT.py":
            found.add(top + ".py")
    return sorted(found)


def copy_programs(dest: str) -> None:
    shutil.copytree(PROGRAMS, dest, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


def run(cmd: list[str], env_extra: dict | None = None, cwd: str | None = None, timeout: int = 900):
    env = dict(os.environ)
    env.update(env_extra or {})
    return subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=cwd, timeout=timeout)


def run_programs(tree: str, data_dir: str, src_dir: str, names: list[str], make_data: bool) -> dict:
    runner = os.path.join(tree, "tests", "legacy_programs", "run_programs.py")
    cmd = [os.path.join(tree, ".venv", "bin", "python"), runner]
    if make_data:
        cmd.append("--make-data")
    cmd.append(data_dir)
    cmd += [os.path.join(src_dir, n + ".py") for n in names]
    env = {"PYTHONPATH": tree, "TF_CPP_MIN_LOG_LEVEL": "2"}
    try:
        proc = run(cmd, env, cwd=src_dir, timeout=BATCH_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        # A program hung (a migrated one that never ends, say): run each in its own process, with a limit.
        print(f"note: the run of {len(names)} programs in {src_dir} took over {BATCH_TIMEOUT_S} s; "
              f"running each alone (limit {PROGRAM_TIMEOUT_S} s)", file=sys.stderr)
        results = {}
        for n in names:
            one = cmd[:2] + [data_dir, os.path.join(src_dir, n + ".py")]
            try:
                p = run(one, env, cwd=src_dir, timeout=PROGRAM_TIMEOUT_S)
                results.update(
                    {os.path.basename(k)[:-3]: v for k, v in json.loads(p.stdout.strip().splitlines()[-1]).items()})
            except subprocess.TimeoutExpired:
                results[n] = {"error": f"Timeout: did not finish in {PROGRAM_TIMEOUT_S} s (hangs)"}
            except Exception:  # noqa: BLE001
                results[n] = {"error": "runner failed: " + ((p.stderr.strip().splitlines() or ["no output"])[-1])}
        return results
    try:
        raw = json.loads(proc.stdout.strip().splitlines()[-1])
    except Exception:  # noqa: BLE001 - the whole run failed; every program gets the reason
        reason = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        return {n: {"error": f"runner failed: {reason}"} for n in names}
    return {os.path.basename(path)[:-3]: result for path, result in raw.items()}


def _columns(batch) -> list:
    if isinstance(batch, dict):
        return [batch[k] for k in sorted(batch)]
    return list(batch)


def rows_and_sizes(batches: list) -> tuple[collections.Counter, collections.Counter]:
    rows: collections.Counter = collections.Counter()
    sizes: collections.Counter = collections.Counter()
    for batch in batches:
        cols = _columns(batch)
        n = len(cols[0]) if cols and isinstance(cols[0], list) else 1
        sizes[n] += 1
        for i in range(n):
            rows[json.dumps([c[i] if isinstance(c, list) else c for c in cols])] += 1
    return rows, sizes


def keys_of(batches: list) -> list:
    return [sorted(b) if isinstance(b, dict) else len(b) for b in batches[:1]]


def same_results(kind: str, a: dict, b: dict) -> tuple[bool, str]:
    if "error" in a:
        return False, "original failed: " + a["error"][:120]
    if "error" in b:
        return False, "error: " + b["error"][:160]
    if a.get("end") != b.get("end"):
        return False, f"end {a.get('end')!r} != {b.get('end')!r}"
    ba = json.loads(json.dumps(a["batches"]))
    bb = json.loads(json.dumps(b["batches"]))
    if kind == "order":
        if ba == bb:
            return True, ""
        if len(ba) != len(bb):
            return False, f"{len(bb)} batches, legacy {len(ba)}"
        first = next(i for i, (x, y) in enumerate(zip(ba, bb)) if x != y)
        return False, f"batch {first} differs"
    if keys_of(ba) != keys_of(bb):
        return False, f"batch structure {keys_of(bb)} != {keys_of(ba)}"
    ra, sa = rows_and_sizes(ba)
    rb, sb = rows_and_sizes(bb)
    if ra != rb:
        return False, f"rows differ ({sum(rb.values())} rows, legacy {sum(ra.values())})"
    if sa != sb:
        return False, f"batch sizes {sorted(sb.elements())} != {sorted(sa.elements())}"
    return True, ""


def scan_findings(tree: str, paths: list[str]) -> tuple[int, list[str]]:
    proc = run([os.path.join(tree, ".venv", "bin", "python"), "-m", "tfdata_bridge", "scan", "--format", "json",
                *paths], {"PYTHONPATH": tree})
    try:
        report = json.loads(proc.stdout)
    except Exception:  # noqa: BLE001
        return -1, [f"scan failed (exit {proc.returncode}): {proc.stderr.strip()[-200:]}"]
    found = [f"{os.path.basename(f['path'])}:{f['line']} {f['api']}" for f in report.get("findings", [])]
    found += [f"error {e}" for e in report.get("errors", [])]
    return len(found), found


def imports_bridge(paths: list[str]) -> bool:
    for root in paths:
        files = [root] if root.endswith(".py") else [
            os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs if f.endswith(".py")]
        for path in files:
            with open(path) as f:
                if re.search(r"^\s*(from|import)\s+tfdata_bridge\b", f.read(), re.M):
                    return True
    return False


def self_check(tree: str, out_dir: str) -> int:
    os.makedirs(out_dir, exist_ok=True)
    src = os.path.join(out_dir, "original")
    if not os.path.exists(src):
        copy_programs(src)
    with open(os.path.join(PROGRAMS, "EXPECT.json")) as f:
        expect = json.load(f)
    names = program_names()
    first = run_programs(tree, os.path.join(out_dir, "data"), src, names, make_data=True)
    second = run_programs(tree, os.path.join(out_dir, "data"), src, names, make_data=False)
    bad = 0
    for n in names:
        ok, why = same_results(expect[n], first[n], second[n])
        bad += not ok
        print(f"{n:34} {expect[n]:9} {len(first[n].get('batches', [])):3} batches  end={first[n].get('end')!s:16}"
              f" {'stable' if ok else 'UNSTABLE: ' + why}")
    return 1 if bad else 0


def measure(tree: str, out_dir: str) -> int:
    if os.path.exists(out_dir) and os.listdir(out_dir):
        sys.exit(f"{out_dir} exists and is not empty; give a new OUT_DIR")
    os.makedirs(out_dir, exist_ok=True)
    original, migrated, data_dir = (os.path.join(out_dir, d) for d in ("original", "migrated", "data"))
    copy_programs(original)
    copy_programs(migrated)
    with open(os.path.join(PROGRAMS, "EXPECT.json")) as f:
        expect = json.load(f)
    names = program_names()
    assert sorted(expect) == names, "EXPECT.json must name every program"

    py = os.path.join(tree, ".venv", "bin", "python")
    mig = run([py, "-m", "tfdata_bridge", "migrate", migrated, "--to", "tfdata", "--write"], {"PYTHONPATH": tree})
    with open(os.path.join(out_dir, "migrate_report.txt"), "w") as f:
        f.write(f"exit {mig.returncode}\n--- stdout\n{mig.stdout}\n--- stderr\n{mig.stderr}")
    diff = run(["diff", "-ru", original, migrated])
    with open(os.path.join(out_dir, "migrate.diff"), "w") as f:
        f.write(diff.stdout)
    check = run([py, "-m", "tfdata_bridge", "scan", "--check", migrated], {"PYTHONPATH": tree})
    with open(os.path.join(out_dir, "scan_check.txt"), "w") as f:
        f.write(f"exit {check.returncode}\n{check.stdout}\n{check.stderr}")

    legacy = run_programs(tree, data_dir, original, names, make_data=True)
    after = run_programs(tree, data_dir, migrated, names, make_data=False)
    with open(os.path.join(out_dir, "results.json"), "w") as f:
        json.dump({"legacy": legacy, "migrated": after}, f)

    head = run(["git", "-C", tree, "log", "-1", "--format=%H %cd"]).stdout.strip()
    dirty = run(["git", "-C", tree, "status", "--porcelain", "--untracked-files=no"]).stdout.strip()
    print(f"tree: {tree} at {head}{' (with uncommitted changes)' if dirty else ''}")
    print(f"migrate --to tfdata exit {mig.returncode}; scan --check on the result exit {check.returncode}")
    print()
    header = f"{'program':34} {'kind':8} {'rewritten fully':16} {'runs':5} {'same results':13} note"
    print(header)
    print("-" * len(header))
    good = fully_n = runs_n = same_n = 0
    for n in names:
        paths = [os.path.join(migrated, n + ".py")] + [os.path.join(migrated, lib)
                                                     for lib in helper_modules(migrated, n)]
        count, found = scan_findings(tree, paths)
        bridge = imports_bridge(paths)
        changed = run(["diff", "-rq", os.path.join(original, n + ".py"), paths[0]]).returncode != 0 or any(
            run(["diff", "-rq", os.path.join(original, os.path.basename(p)), p]).returncode != 0 for p in paths[1:])
        fully = count == 0 and not bridge and changed
        runs = "error" not in after[n]
        same, why = same_results(expect[n], legacy[n], after[n])
        notes = []
        if not changed:
            notes.append("unchanged")
        if count:
            notes.append(f"{count} legacy API use(s) left: " + ", ".join(found[:3]) + (" ..." if count > 3 else ""))
        if bridge:
            notes.append("imports tfdata_bridge")
        if why:
            notes.append(why)
        fully_n += fully
        runs_n += runs
        same_n += same
        good += fully and runs and same
        yes = lambda b: "yes" if b else "no"  # noqa: E731
        print(f"{n:34} {expect[n]:8} {yes(fully):16} {yes(runs):5} {yes(same):13} {'; '.join(notes)}")
    print()
    print(f"rewritten fully: {fully_n} of {len(names)}; runs: {runs_n} of {len(names)}; "
          f"same results: {same_n} of {len(names)}")
    print(f"{good} of {len(names)} rewritten fully and correct")
    return 0


if __name__ == "__main__":
    args = sys.argv[1:]
    if args and args[0] == "--self-check":
        sys.exit(self_check(os.path.abspath(args[1]), os.path.abspath(args[2])))
    if len(args) != 2:
        sys.exit(__doc__)
    sys.exit(measure(os.path.abspath(args[0]), os.path.abspath(args[1])))
