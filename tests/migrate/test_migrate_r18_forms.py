"""Held-out round 18's energy program (issue 17): a source helper of another module (making its producer and
reader, returning the line) wrapped by per-element helpers of other modules, all nested in one assignment, the
batch in the caller. ``nested_calls.py`` names each call on a line of its own, the chain the recogniser follows.

The programs of ``r18_forms_programs/`` (a package with sub-packages imported by absolute names, helpers imported
by name under other names with a wrapper of the caller's module, a reused name and a module imported whole) are
migrated as one tree and run against their originals, exactly."""

from __future__ import annotations

import pathlib

import libcst as cst
import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge._src.migrate.nested_calls import name_nested_calls

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r18_forms_programs"


@pytest.mark.timeout(500)
def test_the_r18_nested_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 3
    for p in programs:
        assert "make_one_shot_iterator" in code[p.name] and "start_queue_runners(" not in code[p.name], p.name
    sources = (migrated / "r18_pkg" / "io" / "sources.py").read_text()
    assert "string_input_producer" not in sources and "TextLineReader" not in sources
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end=None)
        assert want["batches"], name


NESTED = '''\
import numpy as np
import tensorflow as tf
from pkg import io


def main(paths, w):
    x = wrap(io.parse(io.lines(paths)), w)
    y = tf.cast(tf.reshape(x, [-1]), tf.float32)
    z = wrap(io.parse(io.lines(paths)), w.copy())
    v = np.asarray(np.abs(w))
    return x, y, z, v
'''


def test_only_program_calls_with_plain_other_arguments_are_named():
    out = name_nested_calls(cst.parse_module(NESTED)).code
    assert "    value = io.lines(paths)\n    value_2 = io.parse(value)\n    x = wrap(value_2, w)\n" in out, out
    # TensorFlow's and NumPy's own calls stay nested; an outer call with a computed argument (``w.copy()``,
    # evaluated after the inner calls) is not split, as naming would move that evaluation first
    assert "y = tf.cast(tf.reshape(x, [-1]), tf.float32)" in out and "v = np.asarray(np.abs(w))" in out
    assert "z = wrap(io.parse(io.lines(paths)), w.copy())" in out


def test_a_module_with_no_nested_helper_call_is_the_same_object():
    module = cst.parse_module("import tensorflow as tf\n\ndef f(q):\n    return tf.cast(tf.abs(q), tf.int32)\n")
    assert name_nested_calls(module) is module
