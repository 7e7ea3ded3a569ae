"""Measures `migrate --to tfdata` on the held-out programs of one round: round 4's script (read its docstring),
taken from TREE, over ROUND/programs.

    python measure.py ROUND TREE OUT_DIR
    python measure.py --self-check ROUND TREE OUT_DIR   # runs the originals twice and compares them (no migrate)

ROUND is a round's folder (for example benchmarks/migrate_heldout/round16); TREE is a tfdata_bridge checkout
with its own `.venv`; OUT_DIR must be new or empty.
"""

from __future__ import annotations

import importlib.util
import os
import sys


def load_round4(tree: str, round_dir: str):
    """TREE's round-4 measure, reading its programs (and their EXPECT.json) from ROUND/programs."""
    path = os.path.join(tree, "benchmarks", "migrate_heldout", "round4", "measure.py")
    spec = importlib.util.spec_from_file_location("round4_measure", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.PROGRAMS = os.path.join(round_dir, "programs")
    return module


if __name__ == "__main__":
    args = sys.argv[1:]
    check = bool(args) and args[0] == "--self-check"
    if check:
        args = args[1:]
    if len(args) != 3:
        sys.exit(__doc__)
    round_dir, tree, out_dir = (os.path.abspath(a) for a in args)
    if not os.path.isdir(os.path.join(round_dir, "programs")):
        sys.exit(f"{round_dir} has no programs/ folder: ROUND is a round's folder, such as "
                 f"benchmarks/migrate_heldout/round16")
    module = load_round4(tree, round_dir)
    sys.exit(module.self_check(tree, out_dir) if check else module.measure(tree, out_dir))
