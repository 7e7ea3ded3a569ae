"""A feeding thread whose ``run`` calls its group method again after that method closed the queue (a plain
statement in ``while not coord.should_stop():`` / ``while True:``, the method ending its data with
``sess.run(close); return`` or closing at its end; or ``if not self.feed(): break`` whose break leaves only the
inner loop of a ``for`` over epochs; or a ``while True:`` whose pass ends with the close itself). Legacy's
next call (pass) finds the queue closed: its enqueue fails and the thread ends, or it closes again and feeds
nothing; the consumer gets OutOfRangeError. A generator driven the same way would yield the data again, or loop
without yielding (the migrated program hung): these are refused. A ``run`` that calls the closing method once is
still rewritten.

The programs of ``r48h_programs/`` are migrated as one tree and run against their originals (a refused module
is left whole, so its two runs are the original's; the old rewrite hung or delivered two epochs)."""

from __future__ import annotations

import pathlib
import shutil

import pytest

from both_ways import assert_delivers_the_same, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r48h_programs"
REFUSED = {
    "statement_bare.py": "`_enqueue_next_group` closes the queue and `run` calls it again after",
    "passes.py": "`_feed_all` closes the queue and `run` calls it again after",
    "epochs.py": "does not stop on it at every call (`if not ...: break` out of every loop around it)",
    "rounds.py": "closes the queue on a pass of a loop that goes on after it",
}


@pytest.mark.timeout(300)
def test_a_group_method_called_again_after_its_close_is_left_and_runs_as_before(tmp_path):
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    original, migrated = tmp_path / "original", tmp_path / "migrated"
    shutil.copytree(PROGRAMS, original, ignore=shutil.ignore_patterns("__pycache__"))
    sources = {str(p): p.read_text() for p in sorted(original.rglob("*.py"))}
    code = {}
    for path, result in rewrite_tree(sources, root=str(original)).items():
        name = pathlib.Path(path).name
        said = " ".join(n.message for n in result.notes)
        if name in REFUSED:
            assert result.refused and result.code == sources[path], (name, said)
            assert REFUSED[name] in said, (name, said)
        else:
            assert not result.refused, (name, said)
        out = migrated / pathlib.Path(path).relative_to(original)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(result.code)
        code[name] = result.code
    assert "yield from self._feed_all()" in code["once_run.py"] and "Queue(" not in code["once_run.py"]
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 5
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data", timeout=200).items():
        assert_delivers_the_same(name, want, got, "exact", end="OutOfRangeError")
        assert len(want["batches"]) in (2, 3, 4, 6), (name, want)
