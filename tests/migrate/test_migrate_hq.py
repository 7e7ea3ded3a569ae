"""A join's lists filled by a loop whose body makes each list's own pipeline (its own `string_input_producer`,
its reader, read in the body or by a reader helper of this module or another): the body is lifted into a
function making one list's pipeline (``lifted_loops.py``), which ``join_lists.py`` rewrites into one dataset per
list, chosen in turn. Variants: a helper returning a list and a function called twice, an `enumerate` loop with
the reader in the body and `from tensorflow.compat.v1 import train`, a class method over its files with another
module's helper (an inline reader constructor).

The programs of ``hq_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "hq_programs"


@pytest.mark.timeout(500)
def test_the_hq_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    assert all("choose_from_datasets" in code[p.name] for p in programs), code
    assert "def parse_port(value):" in code["port_reader.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset", end=None)
