"""Held-out round 58's reader classes: a class of the tree whose method builds a whole source (producer, reader,
read, decode) and returns per-element tensors, made once and held on its maker's instance (``self._reader =
DataReader(...)``, then ``samples = self._reader.read()``, in each arm of an ``if is_training``: ConvNetQuake's
``DataPipeline``), is followed like the function helpers: the attribute becomes a local where nothing else names
it, and the object is written at its call (``provider_inline.py``). The method named ``read`` is the class's, not
a TensorFlow reader's. Forms: the reader made in ``__init__`` or in the method, the method with or without
arguments, a dict or a tuple back, the class in another module, ``tensorflow.compat.v1`` or ``tensorflow``.

The programs of ``fixR_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixR_programs"
SHUFFLED = {"training_shuffle_tf2"}


@pytest.mark.timeout(500)
def test_the_fixR_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    assert "_reader" not in code["pipeline.py"].split("class WindowPipeline")[1], code
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        compare = "multiset" if name in SHUFFLED else "order"
        assert_delivers_the_same(name, want, got, compare, end=want["end"])


SOURCE = (PROGRAMS / "fixr_lib" / "pipeline.py").read_text()


def test_the_held_reader_object_rewrites_in_one_module():
    result = rewrite(SOURCE, to="tfdata")
    assert not result.refused, result.notes
    said = " ".join(n.message for n in result.notes)
    assert "must be called as `key, value = reader.read(filename_queue)`" not in said, said


def test_a_held_reader_named_elsewhere_is_left_and_not_taken_for_a_tf_reader():
    source = SOURCE + "\n\ndef reader_of(p):\n    return p._reader\n"
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    said = " ".join(n.message for n in result.notes)
    assert "must be called as `key, value = reader.read(filename_queue)`" not in said, said


def test_a_subclass_overriding_the_decode_method_is_left():
    source = SOURCE.replace("class WindowPipeline(object):", '''class ScaledReader(WindowReader):

    def _parse(self, serialized):
        features = tf.parse_single_example(serialized, features={"t0": tf.FixedLenFeature([], tf.int64)})
        features["t0"] = features["t0"] * 2
        return features


class WindowPipeline(object):''').replace("WindowReader(path, 1, shuffle=False)",
                                          "ScaledReader(path, 1, shuffle=False)")
    result = rewrite(source, to="tfdata")
    said = " ".join(n.message for n in result.notes)
    assert "must be called as `key, value = reader.read(filename_queue)`" not in said, said
    assert "ScaledReader(path, 1, shuffle=False)" in result.code
