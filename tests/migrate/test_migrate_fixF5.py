"""A batch made in place under ``if flag:`` with no ``else`` (round 69's ``read_and_decode(queue, is_batch,
batch_size)``): when the flag is false the names keep the elements, one per run. The rewrite makes the absent
``else`` and keeps both chains (``choice._batched_only``): the batched one with the branch's Python values
(``capacity = ...``) left in the branch, and the elements' one-shot iterator. The programs of
``fixF5_programs/`` (``if not single`` given a keyword literal, a method's parameter defaulting to a module
constant, a nested function switched by a config object) are migrated as one tree and run against their
originals; a branch batching into names of its own (``idxs = tf.train.batch([idx])``) is refused. A reader chosen by
a format flag before the one batch (``if fmt == "csv": x = read_csv(q) else: x = read_records(q)``) is a chain for
each arm (``to_tfdata._source_choice``); an arm that reads no file is refused, named. A caller whose
``match_filenames_once`` names feed a reader helper of another module is followed too (``tree.qnames_of``: the
module is parsed again after the names' swap to ``io.matching_files``)."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_tree_allowing_refusals, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixF5_programs"
COMPARE = {"nested_shuffle_flag_from_config": "multiset", "format_param_records_package": "multiset"}
CHOICES = ["not_single_literal_batch.py", "nested_shuffle_flag_from_config.py",
           "f5_lib/source.py"]
READERS = ["format_param_records_package.py", "format_constant_same_module.py"]
REWRITTEN = [*CHOICES, *READERS, "method_constant_default_package.py", "matched_files_foreign_helper_package.py",
             "f5_lib/parse.py", "f5_lib/formats.py"]


@pytest.mark.timeout(300)
def test_a_batch_under_an_if_with_no_else_keeps_both_chains(tmp_path):
    from tfdata_bridge.migrate import scan_source

    original, migrated = tmp_path / "original", tmp_path / "migrated"
    out = migrate_tree_allowing_refusals(PROGRAMS, original, migrated)
    for rel in REWRITTEN:
        code, notes = out[rel]
        assert [f.api for f in scan_source(code)] == [], (rel, notes)
        if rel in CHOICES:
            assert "the condition chooses the batch or the elements one per run" in notes, (rel, notes)
            assert "else:" in code, rel  # (the made ``else``: the elements one per run)
    source = out["f5_lib/source.py"][0]
    assert "size = self.size" in source and "batch_size=size" not in source, source  # (kept in the branch)
    true = out["not_single_literal_batch.py"][0]
    assert "cap = size * extra + 3" in true and "def " in true.split("if not single:")[0], true
    code, notes = out["other_names_refused.py"]
    assert "tf.train.batch([idx], batch_size=2)" in code, code
    assert "binds `idxs`, which is not one of the elements it batches" in notes, notes
    for rel in READERS:  # a reader chosen by a flag: a chain for each arm, the ``if`` kept
        code, notes = out[rel]
        assert notes.count("the condition chooses the reader (a chain for each arm)") == 2, (rel, notes)
        assert code.count("make_one_shot_iterator(") == 2 and ("else:" in code or "elif " in code), code
    assert "def read_records(record, scale)" in out["f5_lib/formats.py"][0], out["f5_lib/formats.py"]
    code, notes = out["format_constants_arm_refused.py"]
    assert "tf.train.batch(" in code and "its arm `idx, weight = zero_rows()` is no pipeline" in notes, notes
    code, notes = out["closures_by_flag_refused.py"]  # (a nested batch function each branch defines again)
    assert "made by the nested function `group`, which each branch of `if evaluate` defines again" in \
        notes, notes
    # a module read again after its `match_filenames_once` swap still follows its helper of another module
    matched = out["matched_files_foreign_helper_package.py"]
    assert "io.matching_files" in matched[0] and ".map(" in matched[0], matched
    assert "def lines_of(line)" in out["f5_lib/parse.py"][0], out["f5_lib/parse.py"]
    # (run both ways: each arm, the runtime flag shuffled, the readers by a flag, the foreign helper)
    programs = sorted(p for p in original.glob("*.py") if p.name not in (
        "other_names_refused.py", "format_constants_arm_refused.py",
        "closures_by_flag_refused.py"))
    assert len(programs) == 6
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE.get(name, "exact"), end="OutOfRangeError")
