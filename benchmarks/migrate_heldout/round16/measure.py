"""Measures `migrate --to tfdata` on the held-out programs of round 16: round 4's script (read its docstring),
taken from TREE, over the `programs/` beside this file.

    python measure.py TREE OUT_DIR
    python measure.py --self-check TREE OUT_DIR   # runs the originals twice and compares them (no migrate)
"""

from __future__ import annotations

import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def load_round4(tree: str):
    path = os.path.join(tree, "benchmarks", "migrate_heldout", "round4", "measure.py")
    spec = importlib.util.spec_from_file_location("round4_measure", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.PROGRAMS = os.path.join(HERE, "programs")
    return module


if __name__ == "__main__":
    args = sys.argv[1:]
    if args and args[0] == "--self-check" and len(args) == 3:
        tree = os.path.abspath(args[1])
        sys.exit(load_round4(tree).self_check(tree, os.path.abspath(args[2])))
    if len(args) != 2:
        sys.exit(__doc__)
    tree = os.path.abspath(args[0])
    sys.exit(load_round4(tree).measure(tree, os.path.abspath(args[1])))
