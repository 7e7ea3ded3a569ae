"""A ``slice_input_producer`` of a list whose length only the program's run knows (grown by ``append`` /
``extend`` under a flag before the producer: round 72's heliograph ``tensors.append(transforms)``), its result
read only as ``sliced[k]``: the dataset slices the list's tuple and the per-element code indexes it as legacy
indexed its list (``literal_lists.whole_list(grown=True)``). A batch chosen by a flag over such a producer, or a
literal list's, whose branches read the slices by index (``choice_tails.derived``). The programs of
``fixH2_programs/`` are migrated as one tree and run against their originals; a list grown after the producer
read it is refused with the reason."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_tree_allowing_refusals, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixH2_programs"
REFUSED = "appended_after_producer_refused.py"


@pytest.mark.timeout(300)
def test_a_list_grown_before_its_producer_is_sliced_whole_and_read_by_index(tmp_path):
    from tfdata_bridge.migrate import scan_source

    original, migrated = tmp_path / "original", tmp_path / "migrated"
    out = migrate_tree_allowing_refusals(PROGRAMS, original, migrated)
    for rel, (code, notes) in out.items():
        if rel == REFUSED:
            assert "slice_input_producer(tensors" in code and "tf.data" not in code, code
            assert "grown by `append` / `extend` only before the producer" in notes, notes
            continue
        assert [f.api for f in scan_source(code)] == [], (rel, notes)  # no legacy queue API left
    helper = out["h2_lib/slices.py"][0]
    assert "from_tensor_slices(tuple(tensors))" in helper, helper
    assert "if with_weights:" in helper  # (the flag still chooses the batch, and still grows the list)
    grown = out["grown_in_class_method_branch_batches.py"][0]
    assert "from_tensor_slices(tuple(tensors))" in grown and "tensors.append(" in grown, grown
    literal = out["literal_list_branch_batches_by_index.py"][0]
    assert "if keep_third:" in literal and "from_tensor_slices(" in literal, literal
    programs = [p for p in sorted(original.glob("*.py"))]
    assert len(programs) == 4
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end="OutOfRangeError")
