"""Which files a scan or migration reads: Python files and notebooks under the given paths, minus excluded
ones, each real file once."""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Callable, Iterable, Iterator, Sequence

# folders never entered: version control, virtual environments, caches, build output, Jupyter's checkpoints
SKIPPED_DIRS = frozenset({
    ".git", ".hg", ".svn", ".tox", ".nox", ".venv", "venv", "env", ".env", "__pycache__", ".mypy_cache",
    ".pytest_cache", ".ruff_cache", "build", "dist", "site-packages", "node_modules", ".eggs",
    ".ipynb_checkpoints",
})
SUFFIXES = (".py", ".ipynb")  # what a folder walk reads

OnError = Callable[[str, OSError], None]


def _excluded(path: str, excludes: Sequence[str]) -> bool:
    norm = path.replace(os.sep, "/")
    parts = norm.split("/")
    return any(
        fnmatch.fnmatch(norm, glob) or any(fnmatch.fnmatch(part, glob) for part in parts) for glob in excludes
    )


def _is_venv(dirpath: str) -> bool:
    return os.path.exists(os.path.join(dirpath, "pyvenv.cfg"))


def python_files(
    paths: Iterable[str | os.PathLike[str]], excludes: Sequence[str] = (), on_error: OnError | None = None,
) -> Iterator[str]:
    """Python files and notebooks under ``paths`` (a file given by name is read whatever its suffix), sorted
    per folder.

    ``excludes`` are globs matched against the whole path and against each of its parts
    (``--exclude 'tests/*'``, ``--exclude '*_pb2.py'``, ``--exclude third_party``). Symbolic links to folders
    are followed, each real folder entered once (no cycles); a file reached by several paths (a link and its
    target) is yielded once, under the first. A folder that cannot be listed goes to ``on_error(folder,
    exc)`` and the walk goes on (without ``on_error`` it is skipped, as ``os.walk`` does)."""
    seen_files: set[str] = set()
    seen_dirs: set[str] = set()

    def first(path: str, real_dir: str | None = None) -> bool:
        # a file's real path: its folder's (resolved once per folder) and its name, unless it is a link itself
        real = os.path.join(real_dir, os.path.basename(path)) if real_dir is not None and not os.path.islink(path) \
            else os.path.realpath(path)
        if real in seen_files:
            return False
        seen_files.add(real)
        return True

    def walk_error(exc: OSError) -> None:
        if on_error is not None:
            on_error(exc.filename if exc.filename is not None else "?", exc)

    for root in paths:
        root = os.fspath(root)
        if not os.path.isdir(root):  # a file; a missing path or a broken link is read, and reported
            if not _excluded(root, excludes) and first(root):
                yield root
            continue
        seen_dirs.add(os.path.realpath(root))
        for dirpath, dirnames, filenames in os.walk(root, onerror=walk_error, followlinks=True):
            kept = []
            for d in sorted(dirnames):
                full = os.path.join(dirpath, d)
                if d in SKIPPED_DIRS or d.endswith(".egg-info") or _is_venv(full) or _excluded(full, excludes):
                    continue
                real = os.path.realpath(full)
                if real in seen_dirs:  # a link back up the tree, or a second way into a folder already walked
                    continue
                seen_dirs.add(real)
                kept.append(d)
            dirnames[:] = kept
            real_dir = os.path.realpath(dirpath)
            for name in sorted(filenames):
                full = os.path.join(dirpath, name)
                if name.endswith(SUFFIXES) and not _excluded(full, excludes) and first(full, real_dir):
                    yield full
