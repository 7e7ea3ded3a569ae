"""Measures `migrate --to tfdata` on the held-out programs of round 5: round 4's script (read its docstring)
over this folder's `programs/`.

    python measure.py TREE OUT_DIR
    python measure.py --self-check TREE OUT_DIR   # runs the originals twice and compares them (no migrate)
"""

from __future__ import annotations

import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

if __name__ == "__main__":
    spec = importlib.util.spec_from_file_location("round4_measure", os.path.join(HERE, os.pardir, "round4", "measure.py"))
    measure = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(measure)
    measure.PROGRAMS = os.path.join(HERE, "programs")  # its functions read the programs from here
    args = sys.argv[1:]
    if args and args[0] == "--self-check":
        sys.exit(measure.self_check(os.path.abspath(args[1]), os.path.abspath(args[2])))
    if len(args) != 2:
        sys.exit(__doc__)
    sys.exit(measure.measure(os.path.abspath(args[0]), os.path.abspath(args[1])))
