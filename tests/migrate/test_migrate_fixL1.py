"""Two round-74 forms (``fixL1_programs/``, migrated as one tree and run against their originals):

- a reader method that makes its file queue, reads and decodes under ``with tf.variable_scope(...)`` /
  ``tf.device(...)`` / ``tf.name_scope(...)`` blocks (``own_queue.own_file_queue`` reads the blocks' statements
  in place; the method, inlined into the per-record function, goes with its scopes), a spec dict built by
  chained registering calls read as written (``dict(self._fields)``);
- a generator helper's ``py_func`` whose ``Tout`` and the shapes its ``set_shape`` loop sets are parameters
  every call in the tree gives the same list (``pyfunc_params.py``; ``pyfunc_shapes.py``: the shapes become the
  generator's ``output_signature``), in another module (called twice: a display and a module name bound to it)
  and in the program's own module (``tf = tf1.compat.v1``); a helper called with different dtype lists is left.
"""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_tree_allowing_refusals, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixL1_programs"


@pytest.mark.timeout(300)
def test_scoped_reader_methods_and_generator_helpers_given_known_lists(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    out = migrate_tree_allowing_refusals(PROGRAMS, original, migrated)
    shelf, _ = out["l1_lib/shelf.py"]
    assert "string_input_producer(" not in shelf and "TFRecordReader(" not in shelf and "def _records" not in shelf
    assert "dict(self._fields)" in shelf and "drop_remainder=False" in shelf
    assert "variable_scope" not in shelf and "device(" not in shelf  # (the scopes went with the method)
    chunks, notes = out["l1_lib/chunks.py"]
    assert "py_func(" not in chunks and "train.batch(" not in chunks, notes
    assert "tf.TensorSpec(shape=[rows, 2], dtype=tf.float32)" in chunks and ".unbatch()" in chunks
    assert "def chunked_rows(make_rows, types, dims, batch_size, rows, scope=None)" in chunks  # (the API kept)
    same, notes = out["same_module_forms.py"]
    assert "string_input_producer(" not in same and "def read_one" not in same, notes
    assert "tf.TensorSpec(shape=[2, 2], dtype=tf.float32)" in same and "make_element" not in same
    assert "tf.TensorSpec(shape=[2, 3], dtype=tf.int64)" in same  # (``one_column``: a list of one output)
    assert same.count("py_func(") == 1 and "tf.train.batch(outs, batch_size, enqueue_many=True, dynamic_pad" in same
    # (``anything``, called with two different lists: left)
    assert "do not all give it the same list display" in notes, notes
    names = ["shelf_scoped_reader_package", "chunks_twice_same_lists_package", "same_module_forms"]
    pairs = {n: (original / f"{n}.py", migrated / f"{n}.py") for n in names}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end="OutOfRangeError")
