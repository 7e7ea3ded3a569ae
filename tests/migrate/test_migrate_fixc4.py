"""Held-out round 67's EMG armband reader (issue 17): a reader CLASS of the module keeps its TextLineReader on
``self`` (made in ``__init__`` from its parameters: ``skip_header_lines=skip``), and its ``read(self, queue)``
method reads ``keys, lines = self._reader.read_up_to(queue, self.window)``, decodes the window and returns one
element per window, made and read at once (``EmgReader().read(queue)``) and batched without ``enqueue_many``.
The object is named first (``constructed_reads.py``), the reader made at its read with the arguments kept on the
object (``reader_attr.py``), and each file's lines batched ``n`` at a time inside a one-file interleave, so the
windows end at each file's end as legacy's ``ReadUpTo`` did (a short last window where a file's rows are not a
multiple of ``n``). Variants: ``read_up_to`` with its keys, in order, over files of unequal lengths; the held-out
shape (a property, ``set_shape``, two threads, a shuffle); a TFRecordReader read ``read_up_to`` with
``from tensorflow.compat.v1 import train``; the class in a package module.

The programs of ``fixc4_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixc4_programs"
COMPARE = {"window_class_order": "exact", "tfrecord_read_class": "exact", "package_window_class": "exact"}
ENDS = {"window_class_order": "windows: 5", "window_class_shuffle": "windows: 12", "tfrecord_read_class": "groups: 5",
        "package_window_class": "windows: 4"}


@pytest.mark.timeout(300)
def test_the_fixc4_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 4
    order = code["window_class_order.py"]
    assert ".batch(windows.size)), cycle_length=1)" in order and "windows = Windows(3)" in order, order
    assert "self._reader_skip_header_lines = skip" in order, order
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE.get(name, "multiset"), end=ENDS[name])


def test_a_window_batched_whole_is_left():
    """A column of the window batched as it is (no `set_shape`, no `enqueue_many`): legacy's batch could not take
    its unknown length; left as written (``window_shapes.py``), the named form dropped with it."""
    from tfdata_bridge.migrate import rewrite

    source = (PROGRAMS / "window_class_order.py").read_text()
    changed = source.replace("tf.reduce_sum(a), tf.reduce_max(b)", "a * 2, tf.reduce_max(b)")
    assert changed != source
    result = rewrite(changed, to="tfdata")
    assert result.refused and result.code == changed
