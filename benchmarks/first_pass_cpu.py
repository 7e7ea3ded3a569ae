"""The CPU of a round's programs in one fresh process, pass by pass (issue 16): the first pass is what a user
running one program sees (AutoGraph's and TensorFlow's first-use costs included), the later ones are warm.

    python first_pass_cpu.py PROGRAMS_DIR DATA_DIR [--passes N]

Each program's ``main(DATA_DIR)`` runs in a new graph; its CPU (``time.process_time()``, every thread) is summed per
pass. Imports (TensorFlow, ``tfdata_bridge.compat.v1``) come before the timing, as legacy's ``tensorflow`` import.
Run it in alternating processes for two trees (``PYTHONPATH=TREE``) and compare medians.
"""

from __future__ import annotations

import argparse
import gc
import glob
import os
import runpy
import sys
import time


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("programs_dir")
    parser.add_argument("data_dir")
    parser.add_argument("--passes", type=int, default=3)
    args = parser.parse_args()
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf

    import tfdata_bridge.compat.v1  # noqa: F401 - imported before the timing

    programs = sorted(glob.glob(os.path.join(args.programs_dir, "*.py")))
    totals = []
    for _ in range(args.passes):
        total = 0.0
        for path in programs:
            saved, loaded = list(sys.path), set(sys.modules)
            sys.path.insert(0, os.path.dirname(path))
            try:
                with tf.Graph().as_default():
                    program_main = runpy.run_path(path)["main"]
                    start = time.process_time()
                    program_main(args.data_dir)
                    total += time.process_time() - start
            finally:
                sys.path[:] = saved
                for name in set(sys.modules) - loaded:  # (a program's own modules, fresh for the next pass)
                    if not name.startswith(("tensorflow", "tfdata_bridge", "numpy")):
                        del sys.modules[name]
            gc.collect()
        totals.append(total)
    print("CPU per pass (s): " + " ".join(f"{t:.3f}" for t in totals))
    return 0


if __name__ == "__main__":
    sys.exit(main())
