"""Name resolution time against file size (issue 20.15): a file assigning one name N times, and a generated
file of 200,000 lines; ``scan`` (names only), ``scan`` with its MIGRATE column (``--column``: runs the
recognizer, ``migrate --to tfdata``) and ``migrate --to compat``. No TensorFlow needed. Wall-clock figures
swing with the machine's load; ``--calls`` counts Python function calls instead (cProfile), which do not.

    .venv/bin/python benchmarks/scan_names_speed.py                 # about a minute
    .venv/bin/python benchmarks/scan_names_speed.py --sizes 1000 2000 --big 0
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from tfdata_bridge.migrate import rewrite, scan_source  # noqa: E402

HEAD = ["import tensorflow.compat.v1 as tf", "q = tf.FIFOQueue(3, tf.int32)"]
TAIL = ["b = tf.train.batch([x], 2)"]


def one_name(n: int) -> str:
    return "\n".join([*HEAD, *(f"x = x + tf.constant({i})" for i in range(n)), *TAIL]) + "\n"


def generated(lines: int, with_queue: bool) -> str:
    body = [f"v{i % 1000} = table[{i}] + v{(i + 1) % 1000}" for i in range(lines)]
    return "\n".join([*(HEAD if with_queue else ["import tensorflow as tf"]), *body, *(TAIL if with_queue else [])]) + "\n"


COUNT_CALLS = False
UNIT = " s"


def timed(fn) -> float:
    if COUNT_CALLS:
        import cProfile
        import pstats

        profile = cProfile.Profile()
        profile.runcall(fn)
        return pstats.Stats(profile).total_calls / 1e6  # millions of calls, printed where seconds would be
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="*", default=[1000, 2000, 4000])
    parser.add_argument("--big", type=int, default=200_000, help="lines of the generated file (0: skip)")
    parser.add_argument("--column", action="store_true", help="also time scan's MIGRATE column (the recognizer)")
    parser.add_argument("--big-compat", action="store_true",
                        help="also run --to compat on the big file with a queue pipeline (libcst: minutes)")
    parser.add_argument("--calls", action="store_true", help="count function calls instead of timing")
    args = parser.parse_args()
    global COUNT_CALLS, UNIT
    COUNT_CALLS = args.calls
    UNIT = "M calls" if args.calls else " s"
    for n in args.sizes:
        source = one_name(n)
        row = [f"N={n:>6}", f"scan {timed(lambda: scan_source(source)):6.2f}{UNIT}",
               f"--to compat {timed(lambda: rewrite(source, 'compat')):6.2f}{UNIT}"]
        if args.column:
            row.append(f"scan+MIGRATE {timed(lambda: scan_source(source, outcomes=True)):6.2f}{UNIT}")
        print("  ".join(row), flush=True)
    if args.big:
        for with_queue in (False, True):
            source = generated(args.big, with_queue)
            what = "with a queue pipeline" if with_queue else "no queue API"
            compat = "not run (libcst over the whole file: --big-compat)" if with_queue and not args.big_compat \
                else f"{timed(lambda: rewrite(source, 'compat')):.2f}{UNIT}"
            print(f"{args.big:,} generated lines, {what}: scan {timed(lambda: scan_source(source)):.2f}{UNIT}, "
                  f"--to compat {compat}", flush=True)


if __name__ == "__main__":
    main()
