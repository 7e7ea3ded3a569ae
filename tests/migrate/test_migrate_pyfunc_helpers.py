"""A zero-input `py_func` producer made in a helper that returns its tensors (a module function given its
source, a method of an object the caller made, a method the class calls on `self`), batched by the caller: the
helper is inlined (`pyfunc_helper.py`), its parameters replaced by what the call passed, its statements after
the `py_func` first in the per-element function. Each program of `pyfunc_helper_programs/` is migrated and run
against its original in one TensorFlow process; helpers that cannot be inlined leave the batch with a reason."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, run_programs
from tfdata_bridge.migrate import rewrite, scan_source

pytestmark = pytest.mark.timeout(600)

HERE = pathlib.Path(__file__).resolve().parent / "pyfunc_helper_programs"
# name: (how the batches compare, the end both reach)
PROGRAMS = {
    "function_stop_iteration": ("exact", "OutOfRangeError"),
    "helper_two_callers": ("exact", "OutOfRangeError"),
    "method_sentinel": ("exact", "sentinel"),
    "self_method_shuffle": ("multiset", "OutOfRangeError"),
}
# the helper has another caller: it stays beside the rewritten pipeline, its py_func reported as still there
KEPT = {"helper_two_callers"}


def test_the_migrated_programs_deliver_what_their_originals_deliver(tmp_path):
    assert {p.stem for p in HERE.glob("*.py")} == set(PROGRAMS)
    migrated = tmp_path / "migrated"
    migrated.mkdir()
    for name in PROGRAMS:
        source = (HERE / f"{name}.py").read_text()
        result = rewrite(source, to="tfdata")
        assert "from_generator(" in result.code and "train.batch(" not in result.code, name
        assert "tfdata_bridge" not in result.code, name
        if name in KEPT:
            assert "def pair_tensors():" in result.code and "tf.py_func(_next_pair" in result.code
        else:
            assert not result.refused, (name, result.notes)
            assert scan_source(result.code) == (), name
            assert "py_func(" not in result.code and "numpy_function(" not in result.code, name
        (migrated / f"{name}.py").write_text(result.code)
    runs = run_programs([*(HERE / f"{n}.py" for n in PROGRAMS), *(migrated / f"{n}.py" for n in PROGRAMS)],
                        tmp_path / "data")
    for name, (compare, end) in PROGRAMS.items():
        want, got = runs[str(HERE / f"{name}.py")], runs[str(migrated / f"{name}.py")]
        assert want["end"] == end, (name, want)
        assert_delivers_the_same(name, want, got, compare, end=end)


_PROGRAM = (HERE / "function_stop_iteration.py").read_text()


def test_scan_says_the_helper_pipeline_is_rewritten():
    for f in scan_source(_PROGRAM, outcomes=True):
        assert not f.tfdata.startswith("left"), f


@pytest.mark.parametrize("old, new, why", [
    pytest.param("def make_example(source, scale=SCALE):\n",
                 "def make_example(source, scale=SCALE):\n    source = source\n",
                 "makes its `py_func` after other statements", id="statements-before"),
    pytest.param("    value.set_shape([])\n", "    value.set_shape([])\n    scale = scale + 1\n",
                 "assigns its parameter `scale`", id="parameter-rebound"),
    pytest.param("    return tf.cast(index, tf.int32), value * scale\n",
                 "    if scale:\n        value = value * scale\n    return tf.cast(index, tf.int32), value\n",
                 "is not straight-line code", id="branch"),
    pytest.param("make_example(rows, scale=3.0)", "make_example(*[rows])",
                 "is called with *args", id="star-args"),
    pytest.param("TOUT, stateful", "[tf.int64] * 2, stateful", "Tout in `make_example` is neither",
                 id="unknown-tout"),
    pytest.param("    rows = Rows(30)\n", "    rows = Rows(30)\n    TOUT = [tf.int32, tf.float32]\n",
                 "`TOUT`, which the helper `make_example` reads from its module, is bound otherwise",
                 id="caller-local-hides-a-module-name"),
    pytest.param("    return {\"batches\"", "    rows = None\n    return {\"batches\"",
                 "the argument `rows` of `make_example` is not bound once", id="argument-rebound-later"),
    pytest.param("make_example(rows, scale=3.0)", "make_example(rows)", "the default of `scale`",
                 id="default-not-passed"),
])
def test_a_helper_that_cannot_be_inlined_leaves_its_batch_with_a_reason(old, new, why):
    assert old in _PROGRAM
    source = _PROGRAM.replace(old, new)
    result = rewrite(source, to="tfdata")
    assert result.refused
    assert "train.batch(" in result.code and "from_generator" not in result.code
    assert any(why in n.message for n in result.notes if n.kind == "refused"), result.notes


_LIB = """\
import tensorflow.compat.v1 as tf


def example(loader):
    a, b = tf.py_func(loader.pull, [], [tf.float32, tf.int64], stateful=True)
    return a, b
"""
_USER = """\
import tensorflow.compat.v1 as tf
from feed_lib.source import example


def inputs(loader):
    a, b = example(loader)
    return tf.train.batch([a, b], 4)
"""


def test_a_py_func_helper_of_another_module_is_left_with_the_reason():
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    out = rewrite_tree({"/t/feed_lib/__init__.py": "", "/t/feed_lib/source.py": _LIB, "/t/train.py": _USER},
                       root="/t")
    user = out["/t/train.py"]
    assert user.refused and user.code == _USER
    assert any("made in `example` of another module" in n.message for n in user.notes), user.notes


@pytest.mark.parametrize("old, new", [
    pytest.param("tf.py_func(", "script_ops.py_func(", id="tensorflow-python-script-ops"),
    pytest.param("tf.py_func(", "tf.numpy_function(", id="numpy-function"),
    pytest.param("    index, value = make_example(rows, scale=3.0)\n",
                 "    index, value = make_example(source=rows, scale=3.0)\n", id="keyword-arguments"),
])
def test_the_helper_is_followed_through_other_spellings(old, new):
    assert old in _PROGRAM
    source = _PROGRAM.replace(old, new).replace(
        "from tensorflow.compat.v1 import train\n",
        "from tensorflow.compat.v1 import train\nfrom tensorflow.python.ops import script_ops\n")
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    assert "from_generator(" in result.code and "def make_example" not in result.code
    assert "element = rows.next_row()" in result.code and "value * 3.0" in result.code


def test_a_helper_given_a_call_evaluates_it_once_where_the_call_was():
    """``make_example(Rows(30), ...)``: the argument is named first (``nested_calls.py``), evaluated once where
    the call stood, as legacy's graph building evaluated it; the producer's generator reads that one object."""
    result = rewrite(_PROGRAM.replace("make_example(rows, scale=3.0)", "make_example(Rows(30), scale=3.0)"),
                     to="tfdata")
    assert not result.refused, result.notes
    main = result.code[result.code.index("def main"):]
    assert main.count("Rows(30)") == 2 and "from_generator" in main  # (the program's own rows, and the argument)

