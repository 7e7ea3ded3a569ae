"""Hand-built queues the program fills itself (round 73's hopscotch and tofu forms).

A FIFOQueue (or PaddingFIFOQueue) filled once, or k times by a plain ``for _ in range(k)``, from in-memory data
taken by literal indices (``q.enqueue_many((table[:, 0], table[:, 2]))``: the queue tutorial's columns), closed
and drained, is ``from_tensor_slices`` / ``from_tensors`` batched as its dequeue took it (``once_filled.py``);
a fill run by two statements is refused with a note. A ``threading.Thread`` subclass handed its queue class and
a literal list of named placeholders (``Pump(tf.FIFOQueue, [key, pair], capacity=3)``) loses those arguments at
its call, in another module than the class's (``feed/handed_coord.py``). The programs of ``fixJ1_programs/`` are
migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_tree_allowing_refusals, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixJ1_programs"
REWRITTEN = ["columns_closed_dequeue_many", "padding_rows_up_to", "one_row_three_fills",
             "pump_class_argument_package"]


@pytest.mark.timeout(300)
def test_queues_the_program_fills_migrate_and_deliver_the_same(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    out = migrate_tree_allowing_refusals(PROGRAMS, original, migrated)
    for name in REWRITTEN:
        code, notes = out[f"{name}.py"]
        assert "Queue(" not in code and "left" not in notes, (name, notes)
        assert "tf.data" in code or "Pump()" in code, (name, code)
    assert "drop_remainder=True" in out["columns_closed_dequeue_many.py"][0]
    assert "drop_remainder" not in out["padding_rows_up_to.py"][0]  # (dequeue_up_to keeps the short tail)
    assert ".repeat(3)" in out["one_row_three_fills.py"][0]
    assert "Pump()" in out["pump_class_argument_package.py"][0]
    lib_code, lib_notes = out["fj1_lib/pump.py"]
    assert "queue_class" not in lib_code and "Queue(" not in lib_code, lib_code
    code, notes = out["twice_run_left.py"]
    assert "FIFOQueue(" in code and "`fill` is run by 2 statements" in notes, notes
    pairs = {name: (original / f"{name}.py", migrated / f"{name}.py") for name in REWRITTEN}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, end=None)
