"""A batch flag (``enqueue_many``, ``allow_smaller_final_batch``) read from a local that a helper sets in an ``if``
on a parameter every call of the tree leaves the same (``contrib.learn.read_batch_examples``' ``read_batch_size``
choosing ``read_up_to`` / ``read``), or from such a parameter itself, is that literal (``flag_locals.py``): the
``if`` folds to the arm that runs and the helper's pipeline is rewritten. A read size known only at run time is
left, with the batch's note. The programs of ``fixH1_programs/`` (a package holding the helpers) are migrated as
one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_tree_allowing_refusals, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixH1_programs"


@pytest.mark.timeout(300)
def test_a_batch_flag_set_from_a_parameter_every_call_leaves_the_same_is_that_literal(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    out = migrate_tree_allowing_refusals(PROGRAMS, original, migrated)
    readers, readers_notes = out["fl_lib/readers.py"]
    assert "left unchanged" not in readers_notes, readers_notes
    readers = readers.split('"""', 2)[-1]  # (less the module's docstring)
    assert "tf.data" in readers and "read_up_to" not in readers and "enqueue_many" not in readers, readers
    assert "keep_last" not in readers and "drop_remainder=False" in readers, readers  # (the local: gone)
    for name in ("read_size_default_keyword_reader.py", "read_size_literal_one_positional.py"):
        code, notes = out[name]
        assert "left unchanged" not in notes and "start_queue_runners" not in code, (name, notes)
    sized, sized_notes = out["fl_lib/sized.py"]
    assert "`train.batch` pipeline left unchanged" in sized_notes and "read_up_to" in sized_notes, sized_notes
    assert "read_up_to" in sized.split('"""', 2)[-1] and "tf.data" not in sized
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert want["batches"], name
        assert_delivers_the_same(name, want, got, "exact", end=None)
