"""An in-memory input producer in a helper function, batched by its caller: inlined where it is called.

``slice_input_producer`` (of one tensor or several), ``input_producer`` and ``range_input_producer`` made in a
helper that returns tensors derived from the producer's outputs (``input_queue[0]``, ``decode(input_queue[0]),
input_queue[1]``, ``queue.dequeue() + 1``) were refused at the caller's batch ("no input producer, reader or
zero-input `py_func` feeds this `train.batch` in the same block"): the recogniser follows a reader helper, not a
producer helper. Such a helper (no reader read in it, no batch) is now inlined at each of its calls, even one
(``inline_sources.py`` in its own module, ``builder_inline.py`` from another module of the tree): its parameters
bound first, its locals renamed apart, its return assigned to the caller's targets; the same ops in the same
order, which the recogniser then takes.

Programs in ``r35m_programs/``: a two-tensor slice producer in a helper of the same module with labels computed
by Python and a second per-element helper (in order, a smaller final batch); ``from tensorflow.compat.v1 import
train`` with a module constant, shuffled over two epochs (multiset); ``import tensorflow as tf`` spelling
``tf.compat.v1.train.`` with ``input_producer`` and ``range_input_producer`` helpers (in order); one helper, two
callers (in order); the helper in a package module called from the program (in order); the helper and its
batching caller both in a package module, shuffled (multiset); a helper imported by name (``from r35m_lib.rows
import sliced_rows``, its module importing ``from tensorflow.compat.v1 import constant, train``, which the
caller's module is given) called and batched by the program's top-level statements (in order); a class's
methods batching helpers that return ``slice_input_producer(...)[0] + 100`` and ``range_input_producer(n)
.dequeue() * 3`` (the producer, and its dequeue, named first when inlined; in order)."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r35m_programs"
SHUFFLED = {"train_import_constant_shuffled", "pkg_inputs_in_lib_shuffled"}


@pytest.mark.timeout(300)
def test_the_r35m_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 8
    assert "def _get_data" not in code["same_module_slice_decode.py"]
    assert "def get(" not in code["two_callers_one_helper.py"]
    assert "def files_and_labels" not in code["records.py"]  # (inlined in its one caller, another module)
    assert "records.parse(" in code["pkg_helper_other_module.py"]
    assert "def first_slice" not in code["class_caller_inline_producer.py"]
    assert "def sliced_rows" not in code["rows.py"] and "dataset = (" in code["module_level_caller.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset" if name in SHUFFLED else "exact")
