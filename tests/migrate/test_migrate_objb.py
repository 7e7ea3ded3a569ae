"""Held-out round 50's ``batch_with_dynamic_pad`` (im2txt's shape): a batch helper whose first statements derive
per-element values from its tensor parameters (``seq_len = tf.shape(seq)[0]``, ``indicator = tf.ones(...)``,
``input_seq = tf.slice(caption, ...)``) and batch them with ``dynamic_pad=True``. Each caller's dataset holds the
parameters; the helper maps it with those statements (its element function returns the batch's list) before its
padded batch. A function of the package, one of the module with two callers, a method of a class.

A method of another class batching the tensors its caller gives it, called on an object made for it (orchard's
``Batch().train(image, label)``, or ``batcher = Batcher(3)`` then ``batcher.batch(...)``), of the module or of
another module of the tree (beside another class's ``Rows.train``), is such a helper too: the method takes the
caller's dataset.

The programs of ``objb_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "objb_programs"
ENDS = {"two_callers_mask": "read 2"}
COMPARE = {"batch_object_inline": "multiset"}


@pytest.mark.timeout(500)
def test_the_objb_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 6
    assert "def prepare_element(caption):" in code["pad_ops.py"]
    assert "return input_seq, target_seq, indicator" in code["pad_ops.py"]
    assert code["two_callers_mask.py"].count(".padded_batch(") == 1  # (in the helper: both callers' datasets)
    assert "def train(self, dataset):" in code["batch_object_inline.py"]
    assert "batcher.batch(dataset)" in code["batcher_named_object.py"]
    assert "def train(self, dataset):" in code["batching.py"] and "def train(count):" in code["batching.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE.get(name, "exact"), end=ENDS.get(name, "OutOfRangeError"))
