"""Where a small program's CPU goes before and around its first batches (issue 16): the CPU of each program in a
warm process, and, with ``--perf``, TensorFlow's share of it by what it was doing (Linux ``perf``, cpu-clock
samples: CPU time, which the load of a busy machine distorts far less than wall time).

    python startup_cpu.py DATA_DIR PROGRAM.py [PROGRAM.py ...] [--reps N] [--perf PERF_DATA]

The programs are a held-out round's, as ``migrate_heldout/dropin.py`` leaves them (``OUT_DIR/original/*.py`` for
legacy, ``OUT_DIR/dropin/*.py`` for the drop-in, ``OUT_DIR/data``). Each runs once to warm the process (imports,
AutoGraph caches), then ``--reps`` times (default 5); its CPU per run (``time.process_time()``, every thread) is
printed as the minimum and the median. ``--perf`` records those runs with ``perf record -e cpu-clock -g`` and
prints the share of the samples by category: grappler on a session's graph, a tf.data function's instantiation
(its oneDNN layout pass, its grappler passes, the rest), tf.data's graph rewrite at an iterator's creation, the
session's executors, Python's garbage collector. The rest (Python building graphs, allocation) is "other".
"""

from __future__ import annotations

import argparse
import collections
import os
import runpy
import signal
import statistics
import subprocess
import sys
import time

# (category, frames that must all be on a sample's stack), the first that matches
CATEGORIES = [
    ("tf.data function instantiation: oneDNN layout pass", ["CapturedFunction::Instantiate", "MklLayoutRewritePass"]),
    ("tf.data function instantiation: grappler", ["CapturedFunction::Instantiate", "OptimizeFunctionGraph"]),
    ("tf.data function instantiation: the rest", ["CapturedFunction::Instantiate"]),
    ("other function instantiation", ["FunctionLibraryRuntimeImpl::Instantiate"]),
    ("tf.data graph rewrite (OptimizeDataset)", ["RewriteDataset"]),
    ("session: grappler on its graph", ["GraphExecutionState::OptimizeGraph"]),
    ("session: executors, oneDNN layout pass", ["DirectSession::CreateExecutors", "MklLayoutRewritePass"]),
    ("session: executors, the rest", ["DirectSession::CreateExecutors"]),
    ("session: extend its graph", ["DirectSession::Extend"]),
    ("Python garbage collector", ["gc_collect"]),
]


def _programs(paths: list[str], data: str) -> list[tuple[str, object]]:
    import tensorflow as tf

    tf.compat.v1.disable_eager_execution()
    tf.get_logger().setLevel("ERROR")
    mains = []
    for path in paths:
        sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
        main = runpy.run_path(path, run_name="legacy_program")["main"]
        with tf.Graph().as_default():
            main(data)  # warm
        mains.append((os.path.basename(path)[:-3], main))
    return mains


def _categories(perf_data: str) -> collections.Counter:
    script = subprocess.run(["perf", "script", "-i", perf_data, "-F", "comm,tid,ip,sym"], capture_output=True,
                            text=True, check=True).stdout
    counts: collections.Counter = collections.Counter()
    frames: list[str] = []
    for line in script.splitlines() + [""]:
        if line[:1] in ("\t", " ") and line.strip():  # a frame of the sample (a header line starts it)
            frames.append(line)
            continue
        if frames:
            stack = "\n".join(frames)
            counts[next((name for name, keys in CATEGORIES if all(k in stack for k in keys)), "other")] += 1
        frames = []
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data_dir")
    parser.add_argument("programs", nargs="+")
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--perf", metavar="PERF_DATA", help="record the runs with perf into this file")
    args = parser.parse_args()
    import tensorflow as tf

    mains = _programs(args.programs, args.data_dir)
    perf = None
    if args.perf:
        perf = subprocess.Popen(["perf", "record", "-e", "cpu-clock", "-F", "2000", "-g", "-o", args.perf,
                                 "-p", str(os.getpid())], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.0)  # (perf attaches)
    cpu: dict[str, list[float]] = {name: [] for name, _ in mains}
    for _ in range(args.reps):
        for name, program in mains:
            start = time.process_time()
            with tf.Graph().as_default():
                program(args.data_dir)
            cpu[name].append(time.process_time() - start)
    if perf is not None:
        perf.send_signal(signal.SIGINT)
        perf.wait()
    print(f"{'program':32} {'CPU min s':>9} {'CPU median s':>12}  ({args.reps} runs each, warm process)")
    for name, times in cpu.items():
        print(f"{name:32} {min(times):9.3f} {statistics.median(times):12.3f}")
    total = sum(sum(t) for t in cpu.values()) / args.reps
    print(f"{'all, per round':32} {'':9} {total:12.3f}")
    if perf is not None:
        counts = _categories(args.perf)
        samples = sum(counts.values())
        print(f"\nperf cpu-clock samples: {samples} ({samples / 2000 / args.reps:.2f} s of CPU per round of runs)")
        for name, n in counts.most_common():
            print(f"{100 * n / samples:6.1f}%  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
