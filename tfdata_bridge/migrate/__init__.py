"""Find legacy queue-pipeline code and rewrite it: the library behind ``tfdata-bridge scan`` and
``tfdata-bridge migrate``. Needs libcst, not TensorFlow.

- ``scan(paths)``: every use of a legacy queue API (matched by qualified name), as a ``ScanReport``.
- ``rewrite(source, to="compat")``: the TensorFlow import(s) become ``tfdata_bridge.compat.v1``.
- ``rewrite(source, to="tfdata")``: recognised pipelines become tf.data; the rest is left, with notes.
  With ``fallback="compat"`` a file with a left pipeline also goes through the drop-in, so it still runs.

Nothing here prints; the ``tfdata-bridge`` command does.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence

from tfdata_bridge._src.migrate.files import python_files
from tfdata_bridge._src.migrate.results import FileError, Finding, Note, RewriteResult, ScanReport, Target
from tfdata_bridge._src.migrate.rewriting import rewrite, rewrite_file
from tfdata_bridge._src.migrate.scanner import scan_paths, scan_source


def scan(
    paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
    *,
    exclude: Sequence[str] = (),
    progress: Callable[[list[str]], Iterable[str]] | None = None,
) -> ScanReport:
    """Every use of a legacy queue-pipeline API in the Python files and notebooks under ``paths``.

    Files are decoded as Python decodes them (a BOM, a coding declaration); a notebook's findings carry their
    ``cell``. Skips version control, virtual environment and build folders, and paths matching an ``exclude``
    glob. A file that cannot be read, decoded or parsed, and a folder that cannot be listed, is listed in
    ``errors`` and skipped. ``progress`` wraps the list of files (for example ``tqdm.tqdm``)."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    return scan_paths(paths, exclude, progress)


__all__ = [
    "FileError",
    "Finding",
    "Note",
    "RewriteResult",
    "ScanReport",
    "Target",
    "python_files",
    "rewrite",
    "rewrite_file",
    "scan",
    "scan_source",
]
