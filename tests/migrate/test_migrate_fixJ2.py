"""A feed-thread queue class whose dtypes and shapes are local literal lists (the research ``DataQueue``:
``dtypes = [...]``, ``shapes = [...]``, placeholders made with ``dtypes[0]`` / ``shapes[0]``, the queue given
``dtypes=dtypes`` and ``shapes=[s[1:] for s in shapes]``) is rewritten (``feed/local_lists.py``): the names read
as the lists they are bound to, the comprehension folded, the lines going with the placeholders (a list the feeding loop still reads stays). The function form too. A
list assigned
through after it is bound is left with a note. The programs of ``fixJ2_programs/`` are migrated as one tree and
run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_tree_allowing_refusals, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixJ2_programs"
LEFT = "changed_list_left.py"


@pytest.mark.timeout(300)
def test_a_feed_queue_class_reading_local_dtype_and_shape_lists_is_rewritten(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    out = migrate_tree_allowing_refusals(PROGRAMS, original, migrated)
    for rel, (code, notes) in out.items():
        if rel == LEFT:
            assert "`kinds`, a name" in notes and "assigned through" in notes, notes
            assert "FIFOQueue(" in code
            continue
        assert "left unchanged" not in notes, (rel, notes)
        assert "FIFOQueue(" not in code and "placeholder(" not in code and "threading" not in code, (rel, code)
    queue_class = out["j2_feeds/two_part_queue.py"][0]
    assert "dtypes =" not in queue_class and "shapes =" not in queue_class  # (they went with the placeholders)
    assert "tf.TensorSpec(shape=[None, 3], dtype=tf.float32)" in queue_class
    assert "tf.TensorSpec(shape=[None], dtype=label_dtype)" in queue_class
    inline = out["one_element_queue_class.py"][0]
    assert "types =" not in inline and "tf.TensorSpec(shape=[2], dtype=tf.int32)" in inline, inline
    fn_form = out["feed_function_local_lists.py"][0]
    assert "dtypes = [tf.float32, tf.int32]" in fn_form and "shapes =" not in fn_form, fn_form  # (the loop reads one)
    programs = sorted(p for p in original.glob("*.py") if p.name != LEFT)  # (left as it was: not run)
    assert len(programs) == 3
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert "error" not in want, (name, want)
        assert_delivers_the_same(name, want, got, "exact", end=None)
