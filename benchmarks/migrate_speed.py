"""The migration tool's figures: `scan` time per file, and migrated programs beside their originals.

    .venv/bin/python benchmarks/migrate_speed.py                  # all three parts, about 4 minutes
    .venv/bin/python benchmarks/migrate_speed.py --only scan      # scan timing only (no TensorFlow)
    .venv/bin/python benchmarks/migrate_speed.py --only programs --repeats 5
    .venv/bin/python benchmarks/migrate_speed.py --only first --repeats 3    # first batch, fresh processes
    .venv/bin/python benchmarks/migrate_speed.py --only rewrite --repeats 3  # migrate --to tfdata's own time
    .venv/bin/python benchmarks/migrate_speed.py --only rewrite --tree OTHER_CHECKOUT   # another version's tool

scan: a tree of 2,000 Python files (a mix: 10% legacy queue programs from tests/legacy_programs, 40% other
TensorFlow code, 50% plain Python), scanned through the library call the command uses, and a tree of 2,000
legacy programs (every file parsed and resolved: the worst case); medians of ``--repeats`` scans.

programs: the TFRecord + ``shuffle_batch`` and the CSV + ``decode_csv`` programs of tests/legacy_programs,
each run as written (``tensorflow.compat.v1``, queue runners) and as ``migrate --to tfdata`` writes it, over
the same data, in one process, interleaved (one warm-up run each, then rounds, the order reversed every other
round); figures are medians of elements per second over the whole ``main()`` (graph building, session, loop),
and of the time from the start of ``main()`` to its first batch (the first ``Session.run`` that returns data).

rewrite: ``migrate --to tfdata``'s own CPU time (``tree.rewrite_tree``, what the command calls): every program of
tests/migrate_corpus, each as a tree of its own (most of what users migrate is a script), and the programs of
held-out rounds 24 and 25 as two trees (packages of helper modules beside their scripts); each repeat in a fresh
process (the tool's caches start empty, as a command's do), timed after the imports; medians.

first: that time to the first batch in fresh processes, one ``main()`` each (original, migrated, and migrated
without the ``do_not_convert`` marking), interleaved, and the CPU time of all the process's threads over it: the rounds above run warm, and AutoGraph's conversion
cache (keyed on the function's code) hides there what a real program pays once per process.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import runpy
import shutil
import statistics
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
PROGRAMS = ROOT / "tests" / "legacy_programs"
sys.path.insert(0, str(ROOT))

OTHER_TF = '''import tensorflow as tf


def model(x):
    dense = tf.keras.layers.Dense(10)
    ds = tf.data.Dataset.from_tensor_slices(x).batch(32)  # not a queue API
    return dense, ds
'''
PLAIN = '''import os


def walk(root):
    """Just Python."""
    return [name for name in os.listdir(root) if name.endswith(".py")]
'''


def _tree(root: pathlib.Path, n: int, legacy_share: float, tf_share: float) -> None:
    programs = sorted(p for p in PROGRAMS.glob("*.py") if p.name not in ("make_data.py", "run_programs.py"))
    texts = [p.read_text() for p in programs]
    for i in range(n):
        folder = root / f"pkg{i // 100}"
        folder.mkdir(parents=True, exist_ok=True)
        share = (i % 100) / 100
        text = texts[i % len(texts)] if share < legacy_share else OTHER_TF if share < legacy_share + tf_share else PLAIN
        (folder / f"module_{i}.py").write_text(text)


def bench_scan(repeats: int) -> None:
    from tfdata_bridge.migrate import scan

    for label, legacy, tf_share in (("mixed tree (10% legacy, 40% other TF, 50% plain)", 0.10, 0.40),
                                    ("all legacy programs", 1.0, 0.0)):
        root = pathlib.Path(tempfile.mkdtemp(prefix="tfdb-scan-"))
        try:
            _tree(root, 2000, legacy, tf_share)
            times, found = [], 0
            for _ in range(repeats):
                start = time.perf_counter()
                report = scan(root)
                times.append(time.perf_counter() - start)
                found = len(report.findings)
                assert report.files_scanned == 2000 and not report.errors
            median = statistics.median(times)
            print(f"scan, {label}: 2000 files in {median:.2f} s (median of {repeats}; "
                  f"min {min(times):.2f}, max {max(times):.2f}) = {median / 2000 * 1000:.2f} ms per file; "
                  f"{found} findings", flush=True)
        finally:
            shutil.rmtree(root)


def _examples(result: dict, name: str) -> int:
    batches = result["batches"]
    if name == "csv_decode":
        return sum(len(b[0]) for b in batches)
    return sum(len(b["label"]) for b in batches)


class _FirstBatch:
    """Times, from ``start()``, the return of the first ``Session.run`` that gives data (an initializer's
    run gives None): the program's first batch, legacy or migrated alike."""

    def __init__(self, tf) -> None:
        self.session = tf.compat.v1.Session
        self.original = self.session.run
        self.began = self.at = self.cpu_began = self.cpu_at = None
        first = self

        def run(session, *args, **kwargs):
            out = first.original(session, *args, **kwargs)
            if first.at is None and out is not None and not (isinstance(out, (list, tuple)) and
                                                             all(o is None for o in out)):
                first.at, first.cpu_at = time.perf_counter(), time.process_time()
            return out

        self.session.run = run

    def start(self) -> None:
        self.began, self.at = time.perf_counter(), None
        self.cpu_began, self.cpu_at = time.process_time(), None

    def seconds(self) -> float:
        return float("nan") if self.at is None else self.at - self.began

    def cpu_seconds(self) -> float:
        """CPU time of every thread of the process over the same span (the load on a shared machine
        stretches the wall time far more than this)."""
        return float("nan") if self.cpu_at is None else self.cpu_at - self.cpu_began


def bench_programs(repeats: int, names: list[str] | None = None) -> None:
    import tensorflow as tf

    from tfdata_bridge.migrate import rewrite

    sys.path.insert(0, str(PROGRAMS))
    from make_data import make_data

    tf.compat.v1.disable_eager_execution()
    tf.get_logger().setLevel("ERROR")
    first = _FirstBatch(tf)
    work = pathlib.Path(tempfile.mkdtemp(prefix="tfdb-migrate-speed-"))
    try:
        data = work / "data"
        make_data(str(data), tfrecord_records=5000, csv_lines=20000)
        for name in names or ("tfrecord_shuffle_batch", "csv_decode"):
            source = (PROGRAMS / f"{name}.py").read_text()
            migrated = work / f"{name}_tfdata.py"
            migrated.write_text(rewrite(source, to="tfdata").code)
            mains = {"original": runpy.run_path(str(PROGRAMS / f"{name}.py"), run_name="bench")["main"],
                     "migrated": runpy.run_path(str(migrated), run_name="bench")["main"]}
            rates: dict[str, list[float]] = {"original": [], "migrated": []}
            firsts: dict[str, list[float]] = {"original": [], "migrated": []}
            counts = set()
            for round_ in range(repeats + 1):
                order = ["original", "migrated"] if round_ % 2 == 0 else ["migrated", "original"]
                for variant in order:
                    with tf.Graph().as_default():
                        start = time.perf_counter()
                        first.start()
                        result = mains[variant](str(data))
                        seconds = time.perf_counter() - start
                    n = _examples(result, name)
                    counts.add(n)
                    if round_ > 0:  # round 0 warms up
                        rates[variant].append(n / seconds)
                        firsts[variant].append(first.seconds())
            assert len(counts) == 1, f"{name}: the variants delivered different numbers of examples: {counts}"
            orig, mig = statistics.median(rates["original"]), statistics.median(rates["migrated"])
            paired = statistics.median(m / o for m, o in zip(rates["migrated"], rates["original"]))
            print(f"{name}: {counts.pop()} examples per run; original {orig:,.0f} examples/s, migrated "
                  f"{mig:,.0f} examples/s: {mig / orig:.1f}x (median of per-round ratios {paired:.1f}x; "
                  f"{repeats} rounds)", flush=True)
            f_orig, f_mig = statistics.median(firsts["original"]), statistics.median(firsts["migrated"])
            print(f"{name}: first batch after {f_orig * 1000:.0f} ms (original) and {f_mig * 1000:.0f} ms "
                  f"(migrated), from the start of main() (medians)", flush=True)
    finally:
        shutil.rmtree(work)


def _first_child(name: str, variant: str, data: str) -> None:
    """One program's first batch in this (fresh) process, printed in ms."""
    import tensorflow as tf

    from tfdata_bridge._src.migrate import graph_mode
    from tfdata_bridge.migrate import rewrite

    tf.compat.v1.disable_eager_execution()
    tf.get_logger().setLevel("ERROR")
    if variant == "unmarked":
        graph_mode.run_as_written = lambda fn, v1: fn
        graph_mode.wrapped = lambda text, v1: text
    path = PROGRAMS / f"{name}.py"
    if variant != "original":
        out = pathlib.Path(data).parent / f"{name}_{variant}.py"
        out.write_text(rewrite(path.read_text(), to="tfdata").code)
        path = out
    run_main = runpy.run_path(str(path), run_name="bench")["main"]
    first = _FirstBatch(tf)
    first.start()
    run_main(data)
    print(f"{first.seconds() * 1000:.0f} {first.cpu_seconds() * 1000:.0f}", flush=True)


def bench_first(repeats: int, names: list[str] | None = None) -> None:
    import subprocess

    sys.path.insert(0, str(PROGRAMS))
    from make_data import make_data

    work = pathlib.Path(tempfile.mkdtemp(prefix="tfdb-migrate-first-"))
    try:
        data = work / "data"
        make_data(str(data), tfrecord_records=5000, csv_lines=20000)
        env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "2", "PYTHONPATH": str(ROOT)}
        for name in names or ("tfrecord_shuffle_batch", "csv_decode"):
            got: dict[str, list[int]] = {"original": [], "migrated": [], "unmarked": []}
            cpu: dict[str, list[int]] = {v: [] for v in got}
            for _ in range(repeats):
                for variant in got:
                    out = subprocess.run([sys.executable, __file__, "--child", name, variant, str(data)],
                                         capture_output=True, text=True, env=env, timeout=300, check=True)
                    wall, used = out.stdout.strip().splitlines()[-1].split()
                    got[variant].append(int(wall))
                    cpu[variant].append(int(used))
            print(f"{name}: first batch in fresh processes (ms): " + "; ".join(
                f"{v} {', '.join(map(str, ms))} (median {statistics.median(ms):.0f})" for v, ms in got.items()),
                flush=True)
            print(f"{name}: CPU to the first batch (ms): " + "; ".join(
                f"{v} {', '.join(map(str, ms))} (median {statistics.median(ms):.0f})" for v, ms in cpu.items()),
                flush=True)
    finally:
        shutil.rmtree(work)


REWRITE_TREES = [ROOT / "benchmarks" / "migrate_heldout" / f"round{n}" / "programs" for n in (24, 25)]


def _rewrite_child(tree: str) -> None:
    """One repeat of ``--only rewrite`` (in a fresh process, ``tree`` first on the path): CPU seconds as JSON."""
    import json

    sys.path.insert(0, tree)
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    corpus = sorted((ROOT / "tests" / "migrate_corpus").glob("*.py"))
    texts = {p: p.read_text() for p in corpus}
    folders = {f: {str(p): p.read_text() for p in sorted(f.rglob("*.py"))} for f in REWRITE_TREES}
    start = time.process_time()
    for path, text in texts.items():
        rewrite_tree({str(path): text}, root=str(path.parent))
    one = time.process_time() - start
    start = time.process_time()
    for folder, sources in folders.items():
        rewrite_tree(sources, root=str(folder))
    trees = time.process_time() - start
    print(json.dumps({"scripts": len(texts), "scripts_s": one, "tree_modules": sum(map(len, folders.values())),
                      "trees_s": trees}))


def bench_rewrite(repeats: int, tree: str) -> None:
    import json
    import subprocess

    runs = []
    for _ in range(repeats):
        out = subprocess.run([sys.executable, __file__, "--rewrite-child", tree], capture_output=True, text=True,
                             check=True, env={**os.environ, "TF_CPP_MIN_LOG_LEVEL": "2"})
        runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
    first = runs[0]
    scripts = statistics.median(r["scripts_s"] for r in runs)
    trees = statistics.median(r["trees_s"] for r in runs)
    each_scripts = ", ".join(f"{r['scripts_s']:.1f}" for r in runs)
    each_trees = ", ".join(f"{r['trees_s']:.1f}" for r in runs)
    print(f"\nmigrate --to tfdata, CPU seconds (tool from {tree}), median of {repeats} fresh processes:")
    print(f"  {first['scripts']} corpus programs, one tree each: {scripts:.1f} s "
          f"({1000 * scripts / first['scripts']:.0f} ms per program; runs {each_scripts})")
    print(f"  rounds 24 + 25 as two trees, {first['tree_modules']} modules: {trees:.1f} s "
          f"({1000 * trees / first['tree_modules']:.0f} ms per module; runs {each_trees})", flush=True)


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--child"]:
        _first_child(*argv[1:4])
        return
    if argv[:1] == ["--rewrite-child"]:
        _rewrite_child(argv[1])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=("scan", "programs", "first", "rewrite"))
    parser.add_argument("--program", choices=("tfrecord_shuffle_batch", "csv_decode"), action="append",
                        help="only these programs (default: both)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--tree", default=str(ROOT), help="the checkout whose tool --only rewrite times "
                        "(default: this one), to compare versions side by side")
    args = parser.parse_args(argv)
    print(f"machine: {os.cpu_count()} cores, shared with other work (figures are noisy)", flush=True)
    if args.only in (None, "scan"):
        bench_scan(args.repeats)
    if args.only in (None, "programs"):
        bench_programs(args.repeats, args.program)
    if args.only in (None, "first"):
        bench_first(args.repeats, args.program)
    if args.only in (None, "rewrite"):
        bench_rewrite(args.repeats, os.path.abspath(args.tree))


if __name__ == "__main__":
    main()
