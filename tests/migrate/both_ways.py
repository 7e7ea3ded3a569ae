"""Runs legacy programs and their migrated forms both ways in one TensorFlow process, and compares what arrives.

The migrate tests write each original and its migrated form as files, then:

- ``run_programs(paths, data)`` writes the data (``make_data.py``) and runs them all in one child
  (``tests/legacy_programs/run_programs.py``: each program's ``main(data_dir)`` in a fresh graph, its own
  folder first on ``sys.path``, the modules it imported from that folder forgotten after it, so an original
  tree and its migrated copy may hold the same package); the child (``--serve``) stays for the next call of
  the test process, so the test files a worker runs share TensorFlow's import (``_Runner``);
- ``migrate_folder(folder, original, migrated)`` copies a folder of programs, migrates the copy as one tree
  (``--to tfdata``) and checks every module it gives: nothing refused, no legacy queue API left, no
  ``tfdata_bridge`` import;
- ``run_both_ways(pairs, data)`` does that for ``{name: (original, migrated)}`` and gives ``{name: (want, got)}``;
- ``assert_delivers_the_same(name, want, got, compare)`` checks one pair: no error, the same end, more than one
  batch, and the batches ``"exact"``-ly equal, or their rows in ``"order"`` or as a ``"multiset"``
  (``close_floats=True``: floats to a relative 1e-6, see ``close``);
- ``rewrites_once()``: while it is entered, a module's ``--to tfdata`` / ``--to compat`` rewrite is made once
  per text (a text test's ``rewrite(source)`` and ``scan_source(source, outcomes=True)`` ask the same one).
"""

from __future__ import annotations

import contextlib
import functools
import atexit
import json
import math
import os
import pathlib
import select
import shutil
import subprocess
import sys
import tempfile
import threading
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


class _Runner:
    """One ``run_programs.py --serve`` child answering this test process's ``run_programs`` calls in turn.

    TensorFlow's import is most of a short call's cost (about 4 s of CPU), and some forty test files make one
    call each: one child per test process (per xdist worker) pays it once. Each call is what a child of its own
    ran: the same runner code, the programs in order, each in a fresh graph with its folder's modules forgotten
    after it. A child serves at most ``MAX_PROGRAMS`` programs (what runner threads programs leave blocked, and
    their graphs, do not pile up), a new one starts where the environment or the working folder changed, and one
    that fails, dies or overruns a call's timeout is killed (the next call starts another)."""

    MAX_PROGRAMS = 200
    PER_TEST = frozenset({"PYTEST_CURRENT_TEST"})  # (set by pytest for each test, read by no program)

    def __init__(self) -> None:
        self.child: subprocess.Popen | None = None
        self.key: tuple = ()
        self.served = 0
        self.lock = threading.Lock()
        self.stderr = None

    def _env(self) -> dict[str, str]:
        """The child's environment: this process's, less what pytest changes per test (``PYTEST_CURRENT_TEST``
        names the running test: counted in the key, it made every call start a new child)."""
        env = {k: v for k, v in os.environ.items() if k not in self.PER_TEST}
        return {**env, "TF_CPP_MIN_LOG_LEVEL": "2", "PYTHONPATH": str(ROOT)}

    def _open(self, env: dict[str, str]) -> None:
        self.stderr = tempfile.TemporaryFile(mode="w+", prefix="run_programs-")
        self.child = subprocess.Popen([sys.executable, str(RUNNER), "--serve"], stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, stderr=self.stderr, text=True, env=env)
        self.served = 0

    def close(self) -> None:
        if self.child is not None:
            try:
                self.child.stdin.close()
                self.child.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                pass
            self.child.kill()
            self.child.wait()
            self.child.stdout.close()
            self.stderr.close()
        self.child = None

    def _stderr_since(self, offset: int) -> str:
        self.stderr.seek(offset)
        return self.stderr.read()[-3000:]

    def run(self, argv: list[str], programs: int, timeout: float) -> dict[str, dict]:
        with self.lock:
            env = self._env()
            key = (tuple(sorted(env.items())), os.getcwd(), sys.executable)
            if self.child is None or self.child.poll() is not None or key != self.key or \
                    self.served + programs > self.MAX_PROGRAMS and self.served:
                self.close()
                self._open(env)
                self.key = key
            self.stderr.seek(0, os.SEEK_END)
            offset, answer, done = self.stderr.tell(), "", False
            try:
                self.child.stdin.write(json.dumps({"argv": argv}) + "\n")
                self.child.stdin.flush()
                ready, _, _ = select.select([self.child.stdout], [], [], timeout)
                assert ready, f"run_programs: no answer in {timeout} s\n{self._stderr_since(offset)}"
                answer = self.child.stdout.readline()
                assert answer, f"run_programs: the runner died ({self.child.wait()})\n{self._stderr_since(offset)}"
                self.served += programs
                done = True
            finally:
                if not done:  # a failed, dead or interrupted call: no later call reads its answer
                    self.close()
        return json.loads(answer)


_RUNNER = _Runner()
atexit.register(_RUNNER.close)


def run_programs(paths: Iterable[str | os.PathLike], data: str | os.PathLike, make_data: bool = True,
                 timeout: float = 500) -> dict[str, dict]:
    """What each program delivered, by its path (``{"error": ...}`` where it raised): ``start``/``results`` in
    this test process's shared runner child (``_Runner``)."""
    paths = [str(p) for p in paths]
    return _RUNNER.run([*(["--make-data"] if make_data else []), str(data), *paths], len(paths), timeout)


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


def migrate_tree_allowing_refusals(folder: pathlib.Path, original: pathlib.Path, migrated: pathlib.Path
                                   ) -> dict[str, tuple[str, str]]:
    """``migrate_folder`` with refusals allowed and nothing checked: ``{relative path: (code, notes)}``, each
    note as ``"LINE: message"`` on a line of its own."""
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    shutil.copytree(folder, original, ignore=shutil.ignore_patterns("__pycache__"))
    sources = {str(p): p.read_text() for p in sorted(original.rglob("*.py"))}
    out = {}
    for path, result in rewrite_tree(sources, root=str(original)).items():
        rel = os.path.relpath(path, original)
        (migrated / rel).parent.mkdir(parents=True, exist_ok=True)
        (migrated / rel).write_text(result.code)
        out[rel] = result.code, "\n".join(f"{n.line}: {n.message}" for n in result.notes)
    return out


@contextlib.contextmanager
def rewrites_once():
    """The one-module rewrite (``rewriting._rewrite``) memoized while entered: it is a function of its arguments
    (the text, the target) and its result a frozen dataclass that callers only read, so a text rewritten twice
    (``rewrite(source)`` and then scan's MIGRATE column of the same ``source``) costs one rewrite. A test file
    enters it in a module-scoped fixture; every assertion still reads a real rewrite of its text."""
    import pytest

    from tfdata_bridge._src.migrate import rewriting

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rewriting, "_rewrite", functools.lru_cache(maxsize=None)(rewriting._rewrite))
        yield


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
