"""Held-out round 52's per-folder readers: a join's list filled by a loop whose body calls a helper making its own
file queue (not one ``return`` of a producer: ``lifted_loops._fresh_producer``) and does per-element work before
the ``append``, the list made in the function joining it or in one returning it to its caller (``join_lists._returned_list``); the helper's file list computed, logged (``len``), then rebound as a constant
(``files = tf.constant(files)``, ``helpers._constants``) moves to the call site; a helper of another module whose
file list is a comprehension (its own variable is no global to reach, ``module_names.through_module``).

The programs of ``fixa_programs/`` are migrated as one tree and run against their originals (each folder's
elements exactly once, the same batch sizes)."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixa_programs"


@pytest.mark.timeout(300)
def test_the_fixa_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 4
    assert [n for n, c in code.items() if "batch_join(" in c or "input_producer(" in c] == [], code
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset")
