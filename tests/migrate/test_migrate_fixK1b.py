"""A second source read only sometimes (under an ``if`` decided when it runs, in a ``for`` or a ``try``, in a helper
called inside the ``if``, a second ``slice_input_producer``) never ends up inside the first source's per-element
``map`` function: every element function a rewrite makes is checked where it is made
(``graph_mode.check_element_function``), the functions of the module it calls followed, and the pipeline is left
(it runs through the legacy queues, delivering what it did). An ``if`` decided by a literal ``None`` at the only call
still folds to the straight path and is rewritten. The programs of ``fixK1b_programs/`` are migrated as one tree and
run against their originals in one both-ways run."""

from __future__ import annotations

import ast
import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_tree_allowing_refusals, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixK1b_programs"
LEFT = ["class_batch_if", "for_second_read", "try_second_read", "nested_helper_if", "slice_under_if",
        "if_in_package_module"]
LEGACY = {"string_input_producer", "slice_input_producer", "TextLineReader", "TFRecordReader", "read", "FIFOQueue",
          "dequeue", "enqueue"}


def _legacy_in_element_functions(code: str) -> list[str]:
    """Legacy calls inside a function marked to run per element (``do_not_convert``), or a module function it
    calls by name."""
    tree = ast.parse(code)
    defs = {f.name: f for f in tree.body if isinstance(f, ast.FunctionDef)}
    marked = [f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)
              and any("do_not_convert" in ast.unparse(d) for d in f.decorator_list)]
    found, seen = [], set()
    todo = list(marked)
    while todo:
        fn = todo.pop()
        for call in [n for n in ast.walk(fn) if isinstance(n, ast.Call)]:
            name = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", None)
            if name in LEGACY and (name != "read" or call.args):
                found.append(f"{fn.name}: {ast.unparse(call)}")
            elif name in defs and name not in seen and name != fn.name:
                seen.add(name)
                todo.append(defs[name])
    return found


def test_the_checker_of_this_file_sees_the_bug():
    bad = ("import tensorflow.compat.v1 as tf\n@tf.autograph.experimental.do_not_convert\ndef f(v, others):\n"
           "    if others is not None:\n        q = tf.train.string_input_producer(others)\n"
           "        _, w = tf.TextLineReader().read(q)\n    return v\n")
    assert _legacy_in_element_functions(bad)


def test_the_element_function_check_refuses_every_legacy_call_at_any_depth():
    import libcst as cst

    from tfdata_bridge._src.migrate.calls import Refusal
    from tfdata_bridge._src.migrate.graph_mode import run_as_written

    bodies = ["    if o:\n        q = tf.train.string_input_producer(o)\n",
              "    for f in o:\n        _, w = tf.TFRecordReader().read(f)\n",
              "    try:\n        w = tf.train.slice_input_producer([o])[0]\n    except ValueError:\n        pass\n",
              "    with tf.name_scope('x'):\n        w = queue.dequeue()\n",
              "    while o:\n        w = tf.py_func(make, [], tf.int64)\n",
              "    if o:\n        w = tf.train.batch([v], 2)\n"]
    for body in bodies:
        fn = cst.parse_module(f"def parse(v, o):\n{body}    return v\n").body[0]
        with pytest.raises(Refusal, match="per-element"):
            run_as_written(fn, "tf")
    fine = cst.parse_module("def parse(v, o):\n    w = tf.io.read_file(v)\n    d = ds.batch(2)\n"
                            "    t = tf.py_func(f, [v], tf.int64)\n    return f.read()\n").body[0]
    assert run_as_written(fine, "tf").decorators  # (tf.data's batch, a file's read(): no refusal)


@pytest.mark.timeout(120)
def test_a_second_source_read_only_sometimes_is_left_and_runs_as_it_did(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    out = migrate_tree_allowing_refusals(PROGRAMS, original, migrated)
    for rel, (code, notes) in out.items():
        assert _legacy_in_element_functions(code) == [], (rel, code)
    for name in LEFT:
        code, notes = out[f"{name}.py"]
        assert "tf.data" not in code and "train.batch" in code, (name, code)
        assert "left unchanged" in notes, (name, notes)
    for name in ("class_batch_if", "nested_helper_if"):  # (rewritten with the source inside `map` before)
        notes = out[f"{name}.py"][1]
        assert "would hold the legacy queue call `tf.train.string_input_producer(" in notes, (name, notes)
        assert "migrate --to compat" in notes, notes
    from tfdata_bridge.migrate import scan_source

    straight, notes = out["literal_none_straight.py"]
    assert "tf.data.TextLineDataset" in straight and [f.api for f in scan_source(straight)] == [], straight
    names = ["class_batch_if", "nested_helper_if", "literal_none_straight"]  # (the others: left as before)
    pairs = {n: (original / f"{n}.py", migrated / f"{n}.py") for n in names}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end="OutOfRangeError")
