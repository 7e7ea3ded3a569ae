"""A reader made by a ``self.<hook>()`` the pipeline's class declares abstract or a subclass overrides
(``self_readers.py``): the template method of a data-source class builds the pipeline, the hook returns the reader.
Every body the hook may run is read; where all return the same reader (their arguments reading ``self.<attr>``
alone, kept as such in the calling method), the pipeline is rewritten; an override of an abstract hook stays, raising
(its class could not be made without it). Different readers in two overrides are left with a note
naming the overrides. The programs of ``fixI4_programs/`` are migrated as one tree and run against their
originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_tree_allowing_refusals, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixI4_programs"
REWRITTEN = ["abc_hook_other_module_monitored", "default_reader_base_training_session", "same_class_tfrecord_reader"]


@pytest.mark.timeout(300)
def test_a_reader_hook_of_a_data_source_class_is_followed_through_its_overrides(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    out = migrate_tree_allowing_refusals(PROGRAMS, original, migrated)
    code = {rel: c.split('"""', 2)[-1] for rel, (c, _) in out.items()}  # (less the docstring)
    notes = {rel: n for rel, (_, n) in out.items()}
    for name in REWRITTEN:
        assert "left unchanged" not in notes[f"{name}.py"], notes[f"{name}.py"]
    base = code["i4_lib/base.py"]
    assert "tf.data.FixedLengthRecordDataset(file_names, 4 * self.width)" in base, base  # (``self`` kept)
    assert "train.string_input_producer(" not in base and "train.batch(" not in base and "make_reader()" not in base
    assert "@abc.abstractmethod\n    def make_reader" in base  # (the hook's declaration stays)
    floats = code["i4_lib/floats.py"]  # (its override stays: removed, ``FloatRows`` would be abstract)
    assert "def make_reader(self):\n        raise NotImplementedError(" in floats, floats
    assert "tf.FixedLengthRecordReader(" not in floats and "now raises" in notes["i4_lib/floats.py"]
    assert "left unchanged" not in notes["i4_lib/floats.py"], notes["i4_lib/floats.py"]
    lines = code["default_reader_base_training_session.py"]
    assert "self.header" in lines, lines  # (``me.header`` read as ``self``'s, where the pipeline is)
    assert " me.header" not in lines and "def reader(me)" not in lines and "tf.TextLineReader(" not in lines, lines
    shards = code["same_class_tfrecord_reader.py"]
    assert "TFRecordDataset" in shards and "def new_reader" not in shards and "tf.TFRecordReader(" not in shards
    two = notes["two_overrides_refused.py"]
    assert "is overridden by `Lines`, `Whole`: which one runs depends on the object's class, and " \
           "`Lines.make_reader`, `Whole.make_reader` make different readers" in two, two
    assert "tf.data" not in code["two_overrides_refused.py"]
    pairs = {n: (original / f"{n}.py", migrated / f"{n}.py") for n in REWRITTEN}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data", make_data=False).items():
        assert_delivers_the_same(name, want, got, end=None)
