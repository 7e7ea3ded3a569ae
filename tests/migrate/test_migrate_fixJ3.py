"""A slice producer over a list whose length is known only when the program runs (``res, _ = parse(...)``: any
list bound once in its function, changed and handed on nowhere) whose result is read only as ``sliced[k]``: the
slices of ``tuple(res)``, the element tuple indexed (``literal_lists.unpacked_list``); the batch helper of another
module follows. A dict changed in place by a loop before the batch (``for col in UNUSED: features.pop(col)``,
``del feats[name]`` in a loop; ``mutations._loop_needs``) moves into the map function with the code that makes
it, a comprehension's own variable not counted as a rebinding (``moved_reads._comprehension_locals``). The
programs of ``fixJ3_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_tree_allowing_refusals, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixJ3_programs"
COMPARE = {"slice_columns_same_module_shuffled": "multiset", "census_pop_loop_shuffled_package": "multiset"}
LEFT = "slice_list_handed_on_left"


@pytest.mark.timeout(300)
def test_unknown_length_slices_and_popped_dicts_deliver_what_legacy_did(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    out = migrate_tree_allowing_refusals(PROGRAMS, original, migrated)
    refused = {rel for rel, (code, notes) in out.items() if "left unchanged" in notes}
    assert refused == {f"{LEFT}.py"}, {r: out[r][1] for r in refused}
    note = out[f"{LEFT}.py"][1]
    assert "`res` is a list whose length is not known" in note and "handed to no other call" in note, note
    loaders = out["fj3_lib/loaders.py"][0]
    assert "from_tensor_slices(tuple(res))" in loaders and "train.slice_input_producer(" not in loaders, loaders
    assert "train.batch" not in out["fj3_lib/batching.py"][0] and ".batch(size" in out["fj3_lib/batching.py"][0]
    census = out["fj3_lib/census.py"][0]
    assert "TextLineReader(" not in census and "for col in UNUSED:" in census, census
    assert census.index("for col in UNUSED:") < census.index("dataset = ("), census  # (in the map function)
    dels = out["del_loop_single_pop_same_module.py"][0]
    assert "TextLineReader(" not in dels and "del feats[name]" in dels, dels
    programs = [p for p in sorted(original.glob("*.py")) if p.stem != LEFT]
    assert len(programs) == 5
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data", make_data=False).items():
        assert "error" not in want, (name, want)
        assert want["batches"], name
        assert want["end"].startswith("OutOfRangeError"), (name, want["end"])  # (the census: its keys after)
        assert_delivers_the_same(name, want, got, COMPARE.get(name, "exact"), end=None)
