"""Which files a scan or migration reads: Python files under the given paths, minus excluded ones."""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Iterable, Iterator, Sequence

# folders never entered: version control, virtual environments, caches and build output
SKIPPED_DIRS = frozenset({
    ".git", ".hg", ".svn", ".tox", ".nox", ".venv", "venv", "env", ".env", "__pycache__", ".mypy_cache",
    ".pytest_cache", ".ruff_cache", "build", "dist", "site-packages", "node_modules", ".eggs",
})


def _excluded(path: str, excludes: Sequence[str]) -> bool:
    norm = path.replace(os.sep, "/")
    parts = norm.split("/")
    return any(
        fnmatch.fnmatch(norm, glob) or any(fnmatch.fnmatch(part, glob) for part in parts) for glob in excludes
    )


def _is_venv(dirpath: str) -> bool:
    return os.path.exists(os.path.join(dirpath, "pyvenv.cfg"))


def python_files(paths: Iterable[str | os.PathLike[str]], excludes: Sequence[str] = ()) -> Iterator[str]:
    """Python files under ``paths`` (a file given by name is read whatever its suffix), sorted per folder.

    ``excludes`` are globs matched against the whole path and against each of its parts
    (``--exclude 'tests/*'``, ``--exclude '*_pb2.py'``, ``--exclude third_party``)."""
    for root in paths:
        root = os.fspath(root)
        if os.path.isfile(root) or not os.path.exists(root):  # a missing path is read, and reported
            if not _excluded(root, excludes):
                yield root
            continue
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = sorted(
                d for d in dirnames
                if d not in SKIPPED_DIRS and not d.endswith(".egg-info")
                and not _is_venv(os.path.join(dirpath, d)) and not _excluded(os.path.join(dirpath, d), excludes)
            )
            for name in sorted(filenames):
                full = os.path.join(dirpath, name)
                if name.endswith(".py") and not _excluded(full, excludes):
                    yield full
