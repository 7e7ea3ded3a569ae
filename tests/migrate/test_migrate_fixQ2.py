"""Lookup tables and variables that a rewritten dataset would hold (``table_iterators.py``,
``stateful_captures.py``).

- A per-element lookup in a table made by another tree module's function (a stand-in for
  ``tf.contrib.lookup.index_table_from_file`` built on ``tf.lookup.StaticVocabularyTable``, round 80) or by the
  reader helper of another module (``StaticHashTable(KeyValueTensorInitializer(...))``): the dataset is read by an
  initializable iterator registered with the table initializers, so a plain session's ``tables_initializer()`` and
  a ``MonitoredSession``'s scaffold start it (TensorFlow: a one-shot iterator refuses the table; the table must be
  initialized before the first ``get_next`` only, not before the iterator's initializer).
- The reading-data how-to's preloaded data held in ``tf.Variable(placeholder, collections=[])`` appended to a
  list attribute and sliced by a producer (round 79): refused with the variable named (the rewrite failed with
  ``Cannot capture a stateful node`` when the graph was built), the queue kept.
- A real variable read in the per-element code stays refused.

The programs of ``fixQ2_programs/`` are migrated as one tree and run against their originals, exactly."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_tree_allowing_refusals, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixQ2_programs"

TABLES = ["table_from_other_module_padded_lines.py", "hash_table_in_reader_helper_monitored.py"]
REFUSED = "preloaded_parts_held_in_list_refused.py"


@pytest.mark.timeout(300)
def test_tables_read_per_element_and_preloaded_variables_against_legacy(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    out = migrate_tree_allowing_refusals(PROGRAMS, original, migrated)
    for name in TABLES:
        code, notes = out[name]
        code = code.split('"""', 2)[-1]
        assert "tf.data" in code and "train.batch" not in code and "one_shot" not in code, (name, notes)
        assert "make_initializable_iterator(" in code, code
        assert "tf.add_to_collection(tf.GraphKeys.TABLE_INITIALIZERS, iterator.initializer)" in code, code
    helper, notes = out["q2lib/held.py"]
    assert "slice_input_producer" in helper and "tf.data" not in helper, helper
    assert "the producer's tensors `(self.held[0], self.held[1])` read a variable" in notes, notes
    assert "tf.Variable(self.fed[-1]" in notes and "slice the Python values" in notes, notes
    assert "`--fallback compat`" in notes, notes
    assert "start_queue_runners" in out[REFUSED][0]  # (its pipeline left: the runners still run it)
    pairs = {p.stem: (original / p.name, migrated / p.name) for p in sorted(PROGRAMS.glob("*.py"))}
    assert len(pairs) == 3
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data", make_data=False).items():
        assert_delivers_the_same(name, want, got, "exact", end="OutOfRangeError")


def test_a_variable_read_per_element_is_still_refused(tmp_path):
    folder = tmp_path / "programs"
    folder.mkdir()
    (folder / "scaled.py").write_text('''import tensorflow.compat.v1 as tf

from q2vars import scale


def main(data_dir):
    names = tf.train.string_input_producer(["a.txt"], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(names)
    value = tf.string_to_number(line) * scale
    values = tf.train.batch([value], batch_size=2)
    return values
''')
    (folder / "q2vars.py").write_text('''import tensorflow.compat.v1 as tf

scale = tf.Variable(2.0, name="scale")
''')
    out = migrate_tree_allowing_refusals(folder, tmp_path / "o", tmp_path / "m")
    code, notes = out["scaled.py"]
    assert "train.batch" in code and "tf.data" not in code, code
    assert "a variable" in notes and "Cannot capture a stateful node" in notes, notes


def test_a_local_list_grown_with_variables_is_refused_and_one_of_records_is_not():
    """Only a list given variables (or tables) by ``.append`` counts as held state: a list of a reader's records
    (``out.append(line)``, read per element as ``len(out)``) does not (``test_migrate_dataflow``'s loop form)."""
    from tfdata_bridge.migrate import rewrite

    held = '''import tensorflow.compat.v1 as tf


def build(values):
    held = []
    for value in values:
        held.append(tf.Variable(tf.placeholder(tf.float32, [None]), collections=[]))
    x, = tf.train.slice_input_producer([held[0]], num_epochs=1, shuffle=False)
    return tf.train.batch([x * 2.0], batch_size=2)
'''
    result = rewrite(held, to="tfdata")
    assert result.refused and "read a variable" in " ".join(n.message for n in result.notes), result.notes
    records = '''import tensorflow.compat.v1 as tf


def build(files):
    out = []
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(queue)
    out.append(line)
    queue = tf.train.string_input_producer(files, num_epochs=2, shuffle=False)
    _, line = tf.TextLineReader().read(queue)
    out.append(tf.train.batch([tf.string_to_number(line) + len(out)], batch_size=3))
    return out
'''
    result = rewrite(records, to="tfdata")
    assert not result.refused, result.notes
