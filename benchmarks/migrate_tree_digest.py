"""CPU seconds and a digest of `rewrite_tree` over a slice of the test program folders, to compare two checkouts'
migrate tools: the same digest means the same rewritten texts and notes.

    .venv/bin/python benchmarks/migrate_tree_digest.py CHECKOUT STEP [OFFSET]

Every STEP-th folder of CHECKOUT's `tests/migrate/*_programs` (in name order) from OFFSET is rewritten as one tree
with CHECKOUT's own `tfdata_bridge`; prints the folder count, the process's CPU time for the rewrites, a hash of
every module's rewritten text and notes (paths relative to CHECKOUT), and the eight slowest folders. Run two
checkouts side by side (two processes at once on a loaded machine share its load alike) and compare.
"""

from __future__ import annotations

import hashlib
import os
import pathlib
import sys
import time

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")


def main(root: pathlib.Path, step: int, offset: int) -> None:
    sys.path.insert(0, str(root))
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    folders = sorted(p for p in (root / "tests" / "migrate").iterdir()
                     if p.is_dir() and p.name.endswith("programs"))[offset::step]
    start, digest, slowest = time.process_time(), hashlib.sha256(), []
    for folder in folders:
        sources = {str(p): p.read_text() for p in sorted(folder.rglob("*.py"))}
        if not sources:
            continue
        began = time.process_time()
        out = rewrite_tree(sources, root=str(folder))
        slowest.append((round(time.process_time() - began, 2), folder.name))
        for path in sorted(out):
            result = out[path]
            digest.update(os.path.relpath(path, root).encode())
            digest.update(result.code.encode())
            digest.update(repr([(n.line, n.message) for n in result.notes]).encode())
    print(f"{len(folders)} folders {time.process_time() - start:.1f} s CPU digest {digest.hexdigest()[:16]}")
    print(sorted(slowest, reverse=True)[:8])


if __name__ == "__main__":
    main(pathlib.Path(sys.argv[1]).resolve(), int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 0)
