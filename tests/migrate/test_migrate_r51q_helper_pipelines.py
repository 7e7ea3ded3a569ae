"""Held-out round 51's file pipelines spread over helper functions: a helper of another module of the tree
taking the file queue its caller makes (``from pkg import mod`` / ``import pkg.mod as m`` / ``from pkg.mod import
fn``, by position or keyword, the producer bound to a name or made in the call, two callers of one helper in two
modules, one of them a method) reads, decodes and batches; each caller's producer becomes the dataset of its file
names there, and the helper reads the files it is handed (``passed_queue.py``, ``tree.py``). A batch helper whose
flag picks ``shuffle_batch`` or ``batch`` by early returns (``if shuffle: ...; return``, then the plain batch and its
``return``; ``if not shuffle:`` the other way round) keeps the flag as a choice between two chains
(``tail_split.py`` makes the rest of the block the ``if``'s ``else``).

The programs of ``r51q_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r51q_programs"
ENDS = {"module_attr_unlimited": "read 5"}
SHUFFLED = {"clips_shuffled_positional", "split_file_package"}


@pytest.mark.timeout(500)
def test_the_r51q_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 10
    assert "tf1.data.Dataset.from_tensor_slices(self.files)" in code["lines_second_caller.py"]
    assert "rec.read_and_batch(tf.data.Dataset.from_tensor_slices(paths).repeat(1))" in \
        code["inline_producer_epochs.py"]
    assert "def read_and_batch(filename_queue):" in code["records.py"] and "filename_queue\n" in code["lines.py"]
    assert "if shuffle:" in code["clips.py"] and "else:" in code["clips.py"]
    assert "if not shuffle:" in code["not_shuffle_same_module.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        compare = "multiset" if name in SHUFFLED else "exact"
        assert_delivers_the_same(name, want, got, compare, end=ENDS.get(name, "OutOfRangeError"))
