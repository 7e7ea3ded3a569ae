"""A batch made on every call of a method whose source the method makes only in a branch (SEGAN's
``if gpu_idx == 0:`` producer and reader, stored on ``self``, then ``shuffle_batch`` of the stored tensors in
every tower of a towers loop): the towers' batches share the one reader. The rewrite makes one iterator in the
branch, kept on ``self``, and each call takes its ``get_next()`` (``first_tower.py``). The programs of
``fixF8_programs/`` (a package whose record helper in another module is handed the file queue, a one-file model
with a ``range`` towers loop) are migrated as one tree and run against their originals: one tower in order, one
tower shuffled, and two towers taking other records in each step (each record once). An element tensor read
elsewhere, and a batch whose size is the method's parameter, are left with their reasons.

Nested functions an ``if``/``else`` defines in each branch (CycleGAN's ``queue()`` / ``batch(f, x)``), called
after it to make the producer and the batch: the code after the ``if`` is written into each branch with them
written where called (``closure_branches.py``); a package helper under a name scope (training: shuffled), a
one-file function with per-element helpers (evaluation: in order); a batch function with a default parameter
is left."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_tree_allowing_refusals, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixF8_programs"
COMPARE = {"one_tower_package_batch": "exact", "range_towers_one_file_shuffle": "multiset",
           "two_towers_package_distinct": "exact"}
CLOSURES = {"closures_train_package_shuffle": "multiset", "closures_eval_one_file_lines": "exact"}
LEFT = {"element_read_elsewhere_left.py", "batch_size_per_call_left.py", "closures_default_param_left.py"}


@pytest.mark.timeout(300)
def test_first_tower_batches_and_branch_closures_migrate_and_deliver_the_same(tmp_path):
    from tfdata_bridge.migrate import scan_source

    original, migrated = tmp_path / "original", tmp_path / "migrated"
    out = migrate_tree_allowing_refusals(PROGRAMS, original, migrated)
    refused = {rel for rel, (_, notes) in out.items() if "left" in notes and "pipeline left unchanged" in notes}
    assert refused == LEFT, refused
    towers, _ = out["ft_lib/towers.py"]
    assert "self._rec_id_batches = tf.data.make_one_shot_iterator(dataset)" in towers, towers
    assert "ids, vals = self._rec_id_batches.get_next()" in towers, towers
    assert "rec_id" not in towers.replace("_rec_id_batches", ""), towers  # (the element tensors: locals, gone)
    one_file, notes = out["range_towers_one_file_shuffle.py"]
    assert "self._samples_batches.get_next()" in one_file and "seed=7" in one_file, one_file
    assert "one iterator, made in the branch and kept on `self`" in notes, notes
    decode, _ = out["ft_lib/decode.py"]
    assert "def parse_record(serialized, scale=1.0)" in decode, decode  # (the helper given the file queue)
    for rel in ("ft_lib/towers.py", "ft_lib/decode.py", "cl_lib/inputs.py",
                *(f"{n}.py" for n in (*COMPARE, *CLOSURES))):
        assert [f.api for f in scan_source(out[rel][0])] == [], rel
    for rel in LEFT:
        code, notes = out[rel]
        assert code == (original / rel).read_text(), rel
    assert "read no parameter or local of the method" in out["element_read_elsewhere_left.py"][1]
    assert "made with its source only inside `if k == 0`" in out["batch_size_per_call_left.py"][1]
    # nested pipeline functions of each branch, written where the code after the ``if`` calls them
    inputs, notes = out["cl_lib/inputs.py"]
    assert "def producer" not in inputs and "def batcher" not in inputs, inputs  # (written where called)
    assert inputs.count("make_one_shot_iterator(") == 2 and "else:" in inputs, inputs
    assert "names_then = tf.constant(files)" in inputs and "seed=5" in inputs, inputs
    lines, _ = out["closures_eval_one_file_lines.py"]
    assert lines.count("def to_number(s)") == 2 and lines.count("def scale(x)") == 2, lines  # (kept per branch)
    assert "return batch_else" in lines, lines
    code, notes = out["closures_default_param_left.py"]
    assert code == (original / "closures_default_param_left.py").read_text()
    assert "each called as `name = f(...)` or `return f(...)`" in notes, notes
    pairs = {n: (original / f"{n}.py", migrated / f"{n}.py") for n in (*COMPARE, *CLOSURES)}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        if name in CLOSURES:
            assert_delivers_the_same(name, want, got, CLOSURES[name], end="OutOfRangeError")
            continue
        assert_delivers_the_same(name, want, got, COMPARE[name], end=None)
        if name == "two_towers_package_distinct":
            assert got["end"] == "distinct: 8 of 8" and all(b == [4, 4, 1] for b in got["batches"]), got
