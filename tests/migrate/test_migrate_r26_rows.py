"""Held-out round 26's per-file rows and indexed producer: each rewritten, or left with a reason naming why.

- ``enqueue_many=True`` over an element the per-element code makes into rows (a py_func loading a whole file,
  graph ops of a helper in another module, ``tf.fill`` of a range producer's number), whatever the source is (a
  ``string_input_producer``'s dequeued file name, a ``slice_input_producer``, a ``range_input_producer``): the
  map, then ``unbatch()``, then the batch, as legacy's queue took each value's rows apart (``keep_input``: one
  flag per row); a reader's records as read, or joined readers, stay refused, each saying why;
- ``x = slice_input_producer([a, b, ...])[k]`` (a literal index, negative too): the slice source's k-th
  component, the others sliced as legacy sliced them; an index not literal is refused, saying so; the producer
  of one tensor bound to a name read only as ``name[0]`` is that tensor's slices (used whole: refused).

The programs of ``r26a_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r26a_programs"
# (two threads enqueue the files' rows, and a shuffle: the order varies)
MULTISET = {"producer_rows_helper_module_threads", "slice_pyfunc_rows_in_a_class"}


@pytest.mark.timeout(500)
def test_the_r26a_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 5
    assert ".unbatch()" in code["cells_per_file_pyfunc_enqueue_many.py"]
    assert ".unbatch()" in code["producer_rows_helper_module_threads.py"]
    assert "def make_element(_unused_slice_0, row):" in code["slice_subscript_last_of_two_method.py"]
    assert "(*input_queue):" in code["slice_subscript_last_of_two_method.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset" if name in MULTISET else "exact")


def _said(source: str) -> str:
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    return " ".join(n.message for n in result.notes)


def test_enqueue_many_over_a_readers_records_as_read_is_left_saying_why():
    said = _said('''\
import tensorflow.compat.v1 as tf


def inputs(files):
    queue = tf.train.string_input_producer(files, num_epochs=1)
    _, line = tf.TextLineReader().read(queue)
    return tf.train.batch([line], 4, enqueue_many=True)
''')
    assert "enqueue_many=True over a reader's records as read: each record is one string" in said, said


def test_a_slice_producer_indexed_by_a_name_is_left_saying_why():
    said = _said('''\
import tensorflow.compat.v1 as tf


def inputs(paths, labels, k):
    x = tf.train.slice_input_producer([paths, labels], num_epochs=1)[k]
    return tf.train.batch([x], 4)
''')
    assert "is indexed by what is not a literal integer" in said, said


def test_a_slice_producer_indexed_past_its_tensors_is_left():
    said = _said('''\
import tensorflow.compat.v1 as tf


def inputs(paths, labels):
    x = tf.train.slice_input_producer([paths, labels], num_epochs=1)[2]
    return tf.train.batch([x], 4)
''')
    assert "indexes past its 2 tensor(s)" in said, said


def _chain(source: str) -> str:
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    return result.code


def test_enqueue_many_straight_over_a_slice_producer_unbatches_its_slices():
    code = _chain('''\
import numpy as np
import tensorflow.compat.v1 as tf

blocks = np.zeros([5, 3, 2])
block, = tf.train.slice_input_producer([blocks], num_epochs=2, shuffle=False)
rows = tf.train.shuffle_batch([block], 4, capacity=12, min_after_dequeue=3, enqueue_many=True)
''')
    assert ".repeat(2)\n    .unbatch()\n    .shuffle(12)\n    .batch(4, drop_remainder=True)" in code, code


def test_enqueue_many_rows_of_a_range_producer_keep_one_flag_per_row_and_pad():
    code = _chain('''\
import tensorflow.compat.v1 as tf

n = tf.train.range_input_producer(6, num_epochs=1, shuffle=False).dequeue()
values = tf.fill([n + 1, n], n)
keep = tf.not_equal(values[:, 0] % 3, 0)
batch = tf.train.maybe_batch([values], keep, 4, enqueue_many=True, dynamic_pad=True)
''')
    assert ".map(make_element)\n    .unbatch()\n    .filter(lambda element, keep: keep)" in code, code
    assert ".padded_batch(4, drop_remainder=True)" in code, code


def test_a_one_tensor_slice_producer_used_whole_is_left_saying_why():
    said = _said('''\
import tensorflow.compat.v1 as tf


def inputs(paths):
    q = tf.train.slice_input_producer([paths], num_epochs=1)
    return tf.train.batch(q, 4)
''')
    assert "is used whole, not only as `q[0]`" in said, said
