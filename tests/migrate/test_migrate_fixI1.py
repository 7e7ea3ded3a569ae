"""A fed queue and its placeholders made by helpers of another module (held-out round 72, "choir"): the
placeholders helper (``if p is None: p = q`` first, ``placeholder`` lines, ``return`` of a tuple or list) and the
queue builder are inlined at their one call (``placeholder_helpers.py``, ``builder_inline.py``), the tuple handed
whole to the feeding thread and unpacked there, or its items passed one by one; ``enqueue_many(list(phs))``. The
programs of ``fixI1_programs/`` (a package holding the helpers) are migrated as one tree and run against their
originals. A helper called twice, or a returned queue also read by ``size()``, is left with its note."""

from __future__ import annotations

import os
import pathlib
import shutil

import pytest

from both_ways import assert_delivers_the_same, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixI1_programs"


@pytest.mark.timeout(300)
def test_a_queue_and_placeholders_made_by_helpers_of_another_module_feed_a_generator(tmp_path):
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    original, migrated = tmp_path / "original", tmp_path / "migrated"
    shutil.copytree(PROGRAMS, original, ignore=shutil.ignore_patterns("__pycache__"))
    sources = {str(p): p.read_text() for p in sorted(original.rglob("*.py"))}
    code, notes = {}, {}
    for path, result in rewrite_tree(sources, root=str(original)).items():
        out = migrated / os.path.relpath(path, original)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(result.code)
        code[os.path.relpath(path, original)] = result.code
        notes[os.path.relpath(path, original)] = " ".join(n.message for n in result.notes)
    for name in ("tuple_whole_enqueue_many_package.py", "unpacked_one_by_one_padding_package.py",
                 "same_module_helpers_package.py"):
        body = code[name].split('"""', 2)[-1]
        assert "from_generator" in body and "Queue" not in body and "threading" not in body, body
        assert "placeholder" not in body and "make_p" not in body and "def make_queue" not in body, body
    # the helpers called once go from their module; the ones the programs left still call stay
    assert "def make_placeholders" not in code["fi1_lib/feeding.py"] and "def chunk" in code["fi1_lib/feeding.py"]
    assert "def make_" not in code["fi1_lib/pairs.py"], code["fi1_lib/pairs.py"]
    assert "def make_placeholders" in code["fi1_lib/sized.py"]  # (called by the programs left)
    assert code["twice_called_left.py"] == sources[str(original / "twice_called_left.py")]
    assert "Queue(" in code["queue_size_read_left.py"] and "tf.data" not in code["queue_size_read_left.py"]
    assert "size()" in notes["queue_size_read_left.py"]
    assert "`sized.make_placeholders(...)` returns" in notes["twice_called_left.py"], notes["twice_called_left.py"]
    assert len(list(original.glob("*.py"))) == 5  # (the two programs left are not run: CI's time)
    pairs = {p.stem: (p, migrated / p.name) for p in sorted(original.glob("*_package.py"))}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end="OutOfRangeError")


def test_a_placeholders_helper_is_folded_at_its_call_only_where_its_none_test_is_known():
    import libcst as cst

    from tfdata_bridge._src.migrate.placeholder_helpers import fold_prelude, placeholder_helper

    fn = cst.parse_module("def f(shape, inner=None, name=''):\n    if inner is None:\n        inner = shape\n"
                          "    a = tf.placeholder(tf.float32, inner)\n    b = tf.placeholder(tf.int64, shape)\n"
                          "    return a, b\n").body[0]
    body, returned = placeholder_helper(fn)
    assert returned == ["a", "b"]
    bound = {"shape": cst.Name("s"), "inner": cst.Name("None"), "name": cst.SimpleString("''")}
    assert len(fold_prelude(fn, body, bound)) == 3 and bound["inner"].value == "s"
    assert fold_prelude(fn, body, {**bound, "inner": cst.Name("maybe")}) is None  # (may be None when it runs)
    other = cst.parse_module("def g(n):\n    a = tf.placeholder(tf.float32, [n])\n    b = a + 1\n"
                             "    return a, b\n").body[0]
    assert placeholder_helper(other) is None  # (not placeholders alone)
