"""A join over one list repeated (``batch_join([[f(x), y]] * k)``, ``k * [[...]]``, ``[[...] for _ in range(k)]``:
k threads running the same per-element code, which is ``batch(num_threads=k)``, ``join.one_list_join``), a reader
FIFOQueue filled by ``[op] * n`` runner threads of a slice producer's item (a pass-through), chosen by ``if readers
> 1:`` against an ``else`` arm that reads the same item directly (``passthrough._other_arm``: the arms never both
run), and a settings ``if fns is None: fns = []`` between the read and the join that stays in place
(``branch_names.settled_if``). The programs of ``fixI2_programs/`` (a package, one module, a class) are migrated as
one tree and run against their originals; their threads compete for the elements, so each is a multiset. A slice
read again after the ``if``, outside both arms, is left with its reason."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_tree_allowing_refusals, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixI2_programs"
RUN = ["join_package_two_readers.py", "join_package_one_reader.py", "single_arm_comprehension.py",
       "class_left_multiply.py"]


@pytest.mark.timeout(300)
def test_repeated_list_join_over_a_reader_queue_of_read_file_threads(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    out = migrate_tree_allowing_refusals(PROGRAMS, original, migrated)
    lib, lib_notes = out["fx_lib/pipeline.py"]
    assert "tf.data" in lib and "Queue(" not in lib and "batch_join(" not in lib, lib_notes
    assert "slice_input_producer(" not in lib and "QueueRunner(" not in lib, lib
    assert "num_parallel_calls=threads" in lib, lib  # (k copies of the per-element code: parallelism k)
    assert lib.count("if fns is None:") == 2, lib
    assert "from_tensor_slices((tf.convert_to_tensor(paths), tf.convert_to_tensor(scores)))" in lib, lib  # (tuples)  # (the setting settled in each arm, in place, not in the map)
    for name in RUN:
        code, notes = out[name]
        assert "Queue(" not in code and "batch_join" not in code and "Coordinator" not in code, (name, notes)
    comp, _ = out["single_arm_comprehension.py"]
    assert "num_parallel_calls=NUM_THREADS" in comp, comp
    cls, _ = out["class_left_multiply.py"]
    assert "num_parallel_calls=2" in cls, cls  # (the method written where it is called)
    left, left_notes = out["item_read_after_if_left.py"]
    assert "FIFOQueue(" in left and "batch_join" in left, left
    assert "`cell`, which the tensors enqueued in `q` are made of, is also read apart from its enqueue (line 24)" \
        in left_notes, left_notes
    pairs = {name[:-3]: (original / name, migrated / name) for name in RUN}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset", end=None)
