"""A start-up change measured paired, in one warm process (issue 16): the drop-in's programs run with the change
patched off and on, alternated round by round, so the load of a busy machine falls on both alike.

    python startup_paired.py DATA_DIR PROGRAM.py [PROGRAM.py ...] [--rounds N] [--variant int32|forced-gc]

The programs are a held-out round's drop-in copies (``migrate_heldout/dropin.py``'s ``OUT_DIR/dropin/*.py`` and
``OUT_DIR/data``). Each runs once to warm the process; then ``--rounds`` rounds (default 6) of all of them, each
round with the variant off then on (every second round on then off). Printed per variant: the CPU of each round
(``time.process_time()``, every thread), the median, the main thread's median (``time.thread_time()``), and the
full collections Python made (``gc.callbacks``, generation 2), with their CPU.

Variants (``off`` is the behaviour before the change):
- ``int32``: functions with an ``int32`` result in the drop-in's batch pipelines instantiated on one device
  (``tf_private.int32_results_single_device``); off: never, as before;
- ``forced-gc``: the full collection ``compat/graph_collection.py`` forces when more than ``SLACK`` graphs with
  drop-in state are alive; off: never forced (Python's own collections only).
"""

from __future__ import annotations

import argparse
import gc
import os
import runpy
import statistics
import sys
import time
import warnings


def _variant(name: str) -> dict[str, object]:
    """``{"off": patch, "on": patch}`` for the variant ``name``."""
    if name == "int32":
        from tfdata_bridge._src import tf_private

        real = tf_private.int32_results_allowed
        return {"off": lambda: setattr(tf_private, "int32_results_allowed", lambda: False),
                "on": lambda: setattr(tf_private, "int32_results_allowed", real)}
    from tfdata_bridge._src.compat import graph_collection

    def forced(on: bool) -> None:
        graph_collection.SLACK = 4 if on else 10 ** 9
        graph_collection._bound = graph_collection.SLACK  # noqa: SLF001 - a benchmark's patch

    return {"off": lambda: forced(False), "on": lambda: forced(True)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data_dir")
    parser.add_argument("programs", nargs="+")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--variant", choices=["int32", "forced-gc"], default="int32")
    args = parser.parse_args()
    import tensorflow as tf

    tf.compat.v1.disable_eager_execution()
    tf.get_logger().setLevel("ERROR")
    warnings.simplefilter("ignore")
    mains = []
    for path in args.programs:
        sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
        main_ = runpy.run_path(path, run_name="legacy_program")["main"]
        with tf.Graph().as_default():
            main_(args.data_dir)  # warm
        mains.append(main_)
    patches = _variant(args.variant)
    full: list[float] = []  # CPU of each full collection
    began: list[float] = []

    def watch(phase: str, info: dict) -> None:
        if phase == "start":
            began[:] = [time.process_time()]
        elif info["generation"] == 2 and began:
            full.append(time.process_time() - began[0])

    gc.callbacks.append(watch)
    cpu: dict[str, list[float]] = {"off": [], "on": []}
    main_cpu: dict[str, list[float]] = {"off": [], "on": []}
    collections: dict[str, list[float]] = {"off": [], "on": []}
    for r in range(args.rounds):
        for name in ("off", "on") if r % 2 == 0 else ("on", "off"):
            patches[name]()
            before = len(full)
            start, main_start = time.process_time(), time.thread_time()
            for main_ in mains:
                with tf.Graph().as_default():
                    main_(args.data_dir)
            cpu[name].append(time.process_time() - start)
            main_cpu[name].append(time.thread_time() - main_start)
            collections[name].extend(full[before:])
    gc.callbacks.remove(watch)
    for name in ("off", "on"):
        print(f"{args.variant} {name}: CPU per round {[round(c, 3) for c in cpu[name]]}, median "
              f"{statistics.median(cpu[name]):.3f} s, main thread median {statistics.median(main_cpu[name]):.3f} s; "
              f"full collections {len(collections[name])} ({sum(collections[name]):.3f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
