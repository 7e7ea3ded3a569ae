"""A feeding loop that stops on the data's end *and* on the coordinator (``while start < n and not
coord.should_stop():``, the check anywhere in an ``and`` chain, in parentheses or not): once the loop is a
generator read by tf.data the coordinator's term goes (the generator is no longer pulled once the consumer
stops), the rest of the test stays, and the program's ``Coordinator``, then used by nothing, goes with the
plumbing. Before, the coordinator was kept in the generator, and the migrated program still used the legacy
``Coordinator``. Run both ways against the originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "coordand_programs"


@pytest.mark.timeout(300)
def test_a_loop_that_also_stops_on_the_coordinator_keeps_its_own_test_and_delivers_the_same(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    assert "while start < len(xs):" in code["function_and.py"]
    assert "while i < len(values) and i < LIMIT:" in code["chain_first.py"]
    assert all("should_stop" not in c and "Coordinator" not in c for c in code.values())
    programs = sorted(original.glob("*.py"))
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data", timeout=200).items():
        assert_delivers_the_same(name, want, got, "exact", end="OutOfRangeError")
