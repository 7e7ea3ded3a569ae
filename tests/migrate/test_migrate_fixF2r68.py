"""A queue whose class a flag chooses in the constructor's callee (held-out round 68: slim's ``prefetch_queue``
with ``(tf.PaddingFIFOQueue if dynamic_pad else tf.FIFOQueue)(...)`` or ``_which_queue(dynamic_pad)(...)``) is
written as the ``if``/``else`` of two constructors the prefetch rewrite follows (``queue_class_choice.py``): an
inline conditional in the module's own prefetch helper, the flag True; a chooser function of another module
(``if``-``return``, docstring), the flag at its default. A chooser given a call's value is left, saying why, and
the program's plumbing stays for its runner; so is a prefetch queue handed to a tower builder whose model function
dequeues it once per tower (round 68's ``create_clones(config, clone_fn, [batch_queue])``).

The programs of ``fixF2r68_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_tree_allowing_refusals, run_both_ways
from tfdata_bridge.migrate import scan_source

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixF2r68_programs"
ENDS = {"inline_choice_flag_true": "OutOfRangeError", "chooser_package_supervisor": "steps: 4",
        "kept_call_flag": "three", "kept_handed_towers": "towers"}


@pytest.mark.timeout(300)
def test_a_queue_class_chosen_by_a_flag_migrates_as_a_prefetch(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    out = migrate_tree_allowing_refusals(PROGRAMS, original, migrated)
    code = {p: c for p, (c, _) in out.items()}
    notes = {p: n for p, (_, n) in out.items()}
    for name in ("inline_choice_flag_true.py", "chooser_package_supervisor.py", "f2r_lib/staging.py"):
        assert [f.api for f in scan_source(code[name])] == [], (name, code[name])
        assert "left unchanged" not in notes[name] and ": left" not in notes[name], (name, notes[name])
    assert "PaddingFIFOQueue or FIFOQueue, QueueRunner rewritten to tf.data; the prefetch queue goes" in \
        notes["inline_choice_flag_true.py"]
    assert "Supervisor `sv` replaced by a Session" in notes["chooser_package_supervisor.py"]
    # the chooser nothing reads any more goes, with its import
    assert "_pick_queue" not in code["f2r_lib/staging.py"] and "data_flow_ops" not in code["f2r_lib/staging.py"]
    # a chooser given a call's value: left whole, its reason said; the caller's plumbing stays for its runner
    assert code["f2r_lib/kept.py"] == (PROGRAMS / "f2r_lib/kept.py").read_text()
    assert "`PaddingFIFOQueue` is returned by `_klass`, which chooses the queue class" in notes["f2r_lib/kept.py"]
    assert "tf.train.start_queue_runners(sess=sess, coord=coord)" in code["kept_call_flag.py"]
    assert "queue-runner plumbing left: `kept_stage(...)`, called here" in notes["kept_call_flag.py"]
    # a prefetch queue handed on to a tower builder (each tower's dequeue took the next batch): left whole, the
    # helper's text given back as written (not its if/else form)
    assert code["f2r_lib/towers.py"] == (PROGRAMS / "f2r_lib/towers.py").read_text()
    assert "the queue `q` is handed to `build_towers(...)` (line 24), which the rewrite does not follow" in \
        notes["kept_handed_towers.py"]
    assert "tf.train.start_queue_runners(sess=sess, coord=coord)" in code["kept_handed_towers.py"]
    programs = sorted(original.glob("*.py"))
    assert sorted(p.stem for p in programs) == sorted(ENDS)
    # (the programs run both ways but the one left by the chooser, whose module is given back as written)
    pairs = {p.stem: (p, migrated / p.name) for p in programs if p.stem != "kept_call_flag"}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data", timeout=120).items():
        assert_delivers_the_same(name, want, got, "exact", end=ENDS[name])
