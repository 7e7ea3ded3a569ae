"""CPU seconds of `rewrite_tree` over the first N test program folders, in one process (the migrate tests' shape:
many rewrites in one long process).

    PYTHONPATH=$PWD .venv/bin/python benchmarks/migrate_tree_cpu.py 40

Each folder of `tests/migrate/*_programs` (in name order) is rewritten as one tree; prints the module count and
the process's CPU time for them all. Run two trees' tools back to back to compare them.
"""

from __future__ import annotations

import os
import pathlib
import sys
import time

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
ROOT = pathlib.Path(__file__).resolve().parents[1]


def main(count: int) -> None:
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    folders = sorted(p for p in (ROOT / "tests" / "migrate").iterdir() if p.is_dir() and p.name.endswith("programs"))
    start, modules = time.process_time(), 0
    for folder in folders[:count]:
        sources = {str(p): p.read_text() for p in sorted(folder.rglob("*.py"))}
        if sources:
            rewrite_tree(sources, root=str(folder))
            modules += len(sources)
    print(f"{modules} modules in {min(count, len(folders))} folders: {time.process_time() - start:.1f} s CPU")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
