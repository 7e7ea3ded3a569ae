"""Held-out round 48's theatre program: slim's ``parallel_read`` as slim writes it, its body in ``with
tf.name_scope(scope, 'parallel_read'):`` and ``return common_queue.dequeue(name='dequeue')`` at the end of that
block. Neither the graph scope nor the dequeue op's name means anything to a dataset, so the returned-dequeue
helper form (``prefetch_helper.py``) now reads through both: a package helper (``dtypes`` defaulted by ``dtypes or
[...]``, or given as a literal; ``shuffle`` False or True; module or by-name import, ``train`` imported by name)
and a helper of the program's own module (a conditional-expression queue on a module flag). Run both ways."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r48t_programs"
COMPARE = {"package_in_order_dtypes_defaulted": "order", "package_shuffled_train_import": "multiset",
           "same_module_scoped_helper": "multiset"}


@pytest.mark.timeout(300)
def test_the_r48t_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert sorted(p.stem for p in programs) == sorted(COMPARE)
    assert "def parallel_read(" not in code["parallel_reader.py"] and "def write_shards(" in code["parallel_reader.py"]
    assert "name_scope" not in code["same_module_scoped_helper.py"]
    assert ".shuffle(16)" in code["package_shuffled_train_import.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE[name], end=None)
