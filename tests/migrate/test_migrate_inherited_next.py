"""A subclass's pipeline reading what its base class's method (in another module) returns from reader helpers, its
module importing one helper by name and never calling it (held-out round 64, UnFlow's input classes, written
blind: the rewrite made the subclass's dataset capture the base's next elements, which no one-shot iterator can
hold, and took the helper out of its module though another module still imported it: the package failed with
``ImportError``). Now the subclass's batch is left, saying why, and an import of a name the rewrite removed that
the importer never reads goes; the program runs with its original's batches."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, run_both_ways

from tfdata_bridge._src.migrate.tree import rewrite_tree

PROGRAMS = pathlib.Path(__file__).resolve().parent / "inherited_next_programs"


@pytest.mark.timeout(300)
def test_the_base_methods_next_elements_keep_the_subclass_batch_and_the_package_imports(tmp_path):
    import shutil

    original = tmp_path / "original"
    shutil.copytree(PROGRAMS, original, ignore=shutil.ignore_patterns("__pycache__"))
    sources = {str(p): p.read_text() for p in sorted(original.rglob("*.py"))}
    results = rewrite_tree(sources, root=str(original))
    by_name = {pathlib.Path(p).name: r for p, r in results.items()}
    said = " ".join(n.message for n in by_name["balance.py"].notes)
    assert "the next element of another pipeline" in said, said
    assert "from ..base.reading import Ledger\n" in by_name["balance.py"].code
    assert "def read_amounts" not in by_name["reading.py"].code  # (written at its calls in `_columns`)
    migrated = tmp_path / "migrated"
    for path, result in results.items():
        out = migrated / pathlib.Path(path).relative_to(original)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(result.code)
    name = "ledger_balance_base_method_reads.py"
    runs = run_both_ways({"ledger": (original / name, migrated / name)}, tmp_path / "data")
    want, got = runs["ledger"]
    assert_delivers_the_same("ledger", want, got, "exact")
