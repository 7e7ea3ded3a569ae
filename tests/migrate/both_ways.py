"""Runs legacy programs and their migrated forms both ways in one TensorFlow process, and compares what arrives.

The migrate tests write each original and its migrated form as files, then:

- ``run_programs(paths, data)`` writes the data (``make_data.py``) and runs them all in one child
  (``tests/legacy_programs/run_programs.py``: each program's ``main(data_dir)`` in a fresh graph, its own
  folder first on ``sys.path``, the modules it imported from that folder forgotten after it, so an original
  tree and its migrated copy may hold the same package);
- ``migrate_folder(folder, original, migrated)`` copies a folder of programs, migrates the copy as one tree
  (``--to tfdata``) and checks every module it gives: nothing refused, no legacy queue API left, no
  ``tfdata_bridge`` import;
- ``run_both_ways(pairs, data)`` does that for ``{name: (original, migrated)}`` and gives ``{name: (want, got)}``;
- ``assert_delivers_the_same(name, want, got, compare)`` checks one pair: no error, the same end, more than one
  batch, and the batches ``"exact"``-ly equal, or their rows in ``"order"`` or as a ``"multiset"``
  (``close_floats=True``: floats to a relative 1e-6, see ``close``).
"""

from __future__ import annotations

import json
import math
import os
import pathlib
import shutil
import subprocess
import sys
from collections.abc import Iterable, Mapping

ROOT = pathlib.Path(__file__).resolve().parents[2]
PROGRAMS = ROOT / "tests" / "legacy_programs"
RUNNER = PROGRAMS / "run_programs.py"
CORPUS = ROOT / "tests" / "migrate_corpus"


def start(paths: Iterable[str | os.PathLike], data: str | os.PathLike, make_data: bool = True) -> subprocess.Popen:
    """One child running the programs at ``paths`` in order over ``data`` (written first by ``make_data.py`` if
    ``make_data``); ``results`` collects what it gave."""
    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "2", "PYTHONPATH": str(ROOT)}
    first = ["--make-data"] if make_data else []
    return subprocess.Popen([sys.executable, str(RUNNER), *first, str(data), *map(str, paths)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def results(run: subprocess.Popen, timeout: float = 500) -> dict[str, dict]:
    """What each program of a ``start``-ed child delivered, by its path (``{"error": ...}`` where it raised)."""
    try:
        out, err = run.communicate(timeout=timeout)
    finally:
        run.kill()
    assert run.returncode == 0, err[-3000:]
    return json.loads(out.strip().splitlines()[-1])


def run_programs(paths: Iterable[str | os.PathLike], data: str | os.PathLike, make_data: bool = True,
                 timeout: float = 500) -> dict[str, dict]:
    return results(start(paths, data, make_data), timeout)


def migrate_folder(folder: pathlib.Path, original: pathlib.Path, migrated: pathlib.Path) -> dict[str, str]:
    """The programs of ``folder`` copied to ``original`` and migrated as one tree into ``migrated`` (the same
    layout), each module checked: nothing refused, no legacy queue API left, no ``tfdata_bridge`` import.
    Gives ``{file name: migrated code less its docstring}`` for the tests' checks of the rewrite's form."""
    from tfdata_bridge._src.migrate.tree import rewrite_tree
    from tfdata_bridge.migrate import scan_source

    shutil.copytree(folder, original, ignore=shutil.ignore_patterns("__pycache__"))
    sources = {str(p): p.read_text() for p in sorted(original.rglob("*.py"))}
    code = {}
    for path, result in rewrite_tree(sources, root=str(original)).items():
        assert not result.refused, (path, result.notes)
        assert [f.api for f in scan_source(result.code)] == [], path  # no legacy queue API left
        assert "tfdata_bridge" not in result.code, path
        out = migrated / os.path.relpath(path, original)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(result.code)
        code[out.name] = result.code.split('"""', 2)[-1]
    return code


def write_pair(folder: pathlib.Path, name: str, original: str, migrated: str) -> tuple[pathlib.Path, pathlib.Path]:
    """``NAME_original.py`` and ``NAME_migrated.py`` written in ``folder``: a pair for ``run_both_ways``."""
    pair = folder / f"{name}_original.py", folder / f"{name}_migrated.py"
    for path, text in zip(pair, (original, migrated)):
        path.write_text(text)
    return pair


def run_both_ways(pairs: Mapping[str, tuple[str | os.PathLike, str | os.PathLike]], data: str | os.PathLike,
                  make_data: bool = True, timeout: float = 500) -> dict[str, tuple[dict, dict]]:
    """Every original, then every migrated form, in one TensorFlow process: ``{name: (original's, migrated's)}``."""
    originals, migrated = [str(p) for p, _ in pairs.values()], [str(p) for _, p in pairs.values()]
    runs = run_programs([*originals, *migrated], data, make_data, timeout)
    return {name: (runs[str(a)], runs[str(b)]) for name, (a, b) in pairs.items()}


def rows(batch) -> list:
    """A batch's rows: its columns (a list, or a dict's values in key order) zipped."""
    cols = [batch[k] for k in sorted(batch)] if isinstance(batch, dict) else batch
    return [list(r) for r in zip(*cols)]


def close(a, b) -> bool:
    """Equal, floats to a relative 1e-6. A division by a constant is no reason for it any more: the migrated map
    divides as legacy's session did (``migrate/legacy_divisions.py``), to the bit; compare such programs
    ``exact``. What is left one ulp apart is another of grappler's session rewrites that a dataset function does
    not get: an addition chain's constants pushed together (``x + 0.11 - 127.5`` as ``x + (0.11 - 127.5)``)."""
    if isinstance(a, float) or isinstance(b, float):
        return isinstance(a, (int, float)) and isinstance(b, (int, float)) and math.isclose(a, b, rel_tol=1e-6,
                                                                                            abs_tol=1e-9)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(close(x, y) for x, y in zip(a, b))
    return a == b


def key(row) -> str:
    """A sort key that a one-ulp difference does not move (for multisets compared with ``close``)."""
    def coarse(v):
        return round(v, 4) if isinstance(v, float) else [coarse(x) for x in v] if isinstance(v, list) else v
    return json.dumps(coarse(row))


def assert_delivers_the_same(name: str, want: dict, got: dict, compare: str = "exact", *,
                             end: str | None = "OutOfRangeError", close_floats: bool = False) -> None:
    """``got`` (the migrated program's) delivers what ``want`` (the original's) did.

    ``compare``: ``"exact"`` (the batches equal as they came), ``"order"`` (the same rows in the same batch
    sizes, in order) or ``"multiset"`` (the same batch sizes, the same rows in any order). ``end``: the end both
    must reach, or ``None`` for "the same end". ``close_floats``: rows compared with ``close``.
    """
    assert "error" not in want and "error" not in got, (name, want, got)
    assert got["end"] == want["end"], (name, got["end"], want["end"])
    if end is not None:
        assert want["end"] == end, (name, want["end"])
    assert len(want["batches"]) > 1, name
    if compare == "exact":
        assert got["batches"] == want["batches"], name
        return
    got_rows, want_rows = [rows(b) for b in got["batches"]], [rows(b) for b in want["batches"]]
    assert [len(b) for b in got_rows] == [len(b) for b in want_rows], name
    if compare == "multiset":
        sort = key if close_floats else json.dumps
        got_rows, want_rows = ([sorted((r for b in side for r in b), key=sort)] for side in (got_rows, want_rows))
    else:
        assert compare == "order", compare
    if close_floats:
        assert close(got_rows, want_rows), (name, got_rows, want_rows)
    else:
        assert got_rows == want_rows, name
