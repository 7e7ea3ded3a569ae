"""scan's MIGRATE column against what migrate then does, site by site (test_scan_names and the corpus test).

scan asks the rewrite itself, over a tree's modules together as migrate rewrites them
(``rewriting.rewrite_together``); the rewrite is a function of the texts, so ``shared_rewrite`` rewrites a tree
once and every caller with the same texts reads that result (migrate's, scan's, a test's own)."""

from __future__ import annotations

import collections
import functools
import pathlib

from tfdata_bridge._src.migrate import rewriting
from tfdata_bridge._src.migrate.files import python_files
from tfdata_bridge.migrate import scan, scan_source

_REWRITE_TOGETHER = rewriting.rewrite_together


@functools.lru_cache(maxsize=4)
def _rewritten(key: tuple[tuple[str, str], ...]):
    return _REWRITE_TOGETHER(dict(key))


def shared_rewrite(texts):
    """``rewriting.rewrite_together(texts)``, once per set of texts (a result is only read)."""
    return _rewritten(tuple(sorted(texts.items())))


def migrated_together(root: pathlib.Path, monkeypatch) -> dict[str, object]:
    """``migrate --to tfdata ROOT``'s results by path, the tree rewritten through ``shared_rewrite``."""
    monkeypatch.setattr(rewriting, "rewrite_together", shared_rewrite)
    return dict(rewriting.rewrite_files(python_files([str(root)]), "tfdata"))


def scan_and_migrate(root: pathlib.Path, monkeypatch):
    """(scan's report of ROOT, migrate's results by path), the tree rewritten once for both."""
    monkeypatch.setattr(rewriting, "_rewrite", functools.lru_cache(maxsize=None)(rewriting._rewrite))
    monkeypatch.setattr(rewriting, "rewrite_together", shared_rewrite)
    before = _rewritten.cache_info().misses
    report = scan(root)
    assert report.errors == ()
    migrated = migrated_together(root, monkeypatch)
    assert _rewritten.cache_info().misses - before <= 1  # migrate rewrote the very modules scan did, together
    return report, migrated


def assert_column_agrees(report, migrated) -> None:
    """Each site scan said is left is in migrate's output, each other site is gone, and each refused line's
    verdict names the reason."""
    by_file: dict[str, list] = collections.defaultdict(list)
    for f in report.findings:
        by_file[f.path].append(f)
    assert by_file
    for path, findings in by_file.items():
        result = migrated[path]
        still_there = collections.Counter(f.api for f in scan_source(result.code))
        said_left = collections.Counter(f.api for f in findings if f.tfdata.startswith("left"))
        assert said_left == still_there, path
        refused_lines = {n.line for n in result.refused}
        for f in findings:
            if f.line in refused_lines:
                assert f.tfdata.startswith("left: ") and len(f.tfdata) > len("left: "), (path, f.line)
