"""A reader helper nested in the pipeline's function (``def read_and_decode(q)`` inside the loader, method or
function) is followed as a module-level one is: its reader lines go, the nested def becomes the record function
in place (closing over the outer locals it read), one chain per call; a module-level helper of the same name is
the one its own callers mean (scope decides). A tensor producer kept on ``self`` by ``__init__`` and dequeued
(``dequeue_many``) in a method run once per object is dequeued where it is made (``self_dequeues.py``); a method
run twice is left, saying why. The programs of ``fixQ5_programs/`` run against their originals, in order."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixQ5_programs"


@pytest.mark.timeout(300)
def test_nested_reader_helpers_and_producers_dequeued_in_a_method_deliver_as_legacy(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS / "nested", original / "nested", migrated / "nested")
    code.update(migrate_folder(PROGRAMS / "on_self", original / "on_self", migrated / "on_self"))
    records = (migrated / "nested" / "q5nest" / "records.py").read_text()
    assert "TFRecordReader()" not in records and records.count("tf.data.TFRecordDataset(") == 3, records
    assert "        def read_and_decode(serialized):" in records  # (nested still, as the record function)
    assert "def read_and_decode(rec):" in records  # (the module-level one, rewritten for its own caller)
    assert records.count(".map(read_and_decode)") == 3, records
    fn = code["nested_helper_before_producer_function.py"]
    assert "    def read_and_decode(serialized_example, img_shape):" in fn, fn
    assert "lambda serialized_example: read_and_decode(serialized_example, img_shape)" in fn or \
        "lambda value: read_and_decode(value, img_shape)" in fn, fn
    tables = (migrated / "on_self" / "q5stand" / "tables.py").read_text()
    assert "_input_producer(" not in tables and ".dequeue_many(" not in tables, tables
    assert "self._order = tf.data.make_one_shot_iterator(" in tables and "idx = self._order\n" in tables, tables
    assert "got = me.q\n" in tables, tables
    programs = sorted(original.glob("*/*.py"))
    assert len(programs) == 3
    pairs = {p.stem: (p, migrated / p.parent.name / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end=None)
        assert want["batches"], name


_TWICE = """
import tensorflow.compat.v1 as tf


class Rows(object):
    def __init__(self, n, batch_size):
        self.batch_size = batch_size
        self._queue = tf.train.range_input_producer(n, num_epochs=1, shuffle=False)

    def next_batch(self):
        idx = self._queue.dequeue_many(self.batch_size)
        return idx * 2


def main(data_dir):
    rows = Rows(8, 2)
    a = rows.next_batch()
    b = rows.next_batch()
    return a, b, rows.batch_size
"""


def test_a_producer_on_self_dequeued_by_a_method_run_twice_is_left_saying_why(tmp_path):
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    path = tmp_path / "twice.py"
    path.write_text(_TWICE)
    result = rewrite_tree({str(path): _TWICE}, root=str(tmp_path))[str(path)]
    assert result.code == _TWICE and result.refused
    said = " ".join(n.message for n in result.notes)
    assert "`next_batch` is called 2 times in the tree" in said and "shares the one producer" in said, said
    # (one call, but its count set on the object from outside after `__init__`: not the value the producer saw)
    changed = _TWICE.replace("    b = rows.next_batch()\n", "").replace("    rows = Rows(8, 2)\n",
                                                                        "    rows = Rows(8, 2)\n    rows.batch_size = 4\n")
    path.write_text(changed)
    result = rewrite_tree({str(path): changed}, root=str(tmp_path))[str(path)]
    said = " ".join(n.message for n in result.notes)
    assert result.code == changed and "`.batch_size` is set on `rows` too" in said, said
