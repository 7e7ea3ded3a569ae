"""The reading-data how-to's preloaded data in variables (``fully_connected_preloaded_var``) and its variants:
the producer slices the values the variables were set to, where those are known at the producer (placeholders
fed once in the same function, or a constant-initialised ``Variable(array, trainable=False)``); a dataset read
by a one-shot iterator cannot capture a variable. Also: a parameter followed back through the module's calls is
no argument of ``sess.run(...)`` (round 55: a function named ``run``).

The programs of ``fixV_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixV_programs"
COMPARE = {"preloaded_example_form": "multiset"}
ENDS = {"preloaded_example_form": "Done training for 1 epochs, 6 steps.",
        "preloaded_variables_initializer": "steps: 4", "preloaded_helper_module": "rows: 20",
        "constant_variable_fixed_loop": "steps: 6", "run_named_function": "rows: 10, steps: 2"}


@pytest.mark.timeout(300)
def test_the_fixV_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 5
    assert "Variable" not in code["constant_variable_fixed_loop.py"], code["constant_variable_fixed_loop.py"]
    assert "tf.compat.v1.constant(targets, dtype=tf.float64)" in code["constant_variable_fixed_loop.py"]
    assert "Variable" not in code["preloaded_variables_initializer.py"], code["preloaded_variables_initializer.py"]
    assert "Variable" not in code["preload.py"] and "feed_dict" not in code["preload.py"], code["preload.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE.get(name, "exact"), end=ENDS[name])


CONSTANT = '''\
import numpy as np
import tensorflow.compat.v1 as tf


def main(table):
    table_var = tf.Variable(table, {kwargs})
    row, = tf.train.slice_input_producer([table_var], shuffle=False)
    rows = tf.train.batch([row], batch_size=2)
    {extra}
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        tf.train.start_queue_runners(sess)
        return sess.run(rows)
'''


@pytest.mark.parametrize("kwargs, extra", [
    ("trainable=True", ""),  # (a trainable variable: the model may change it)
    ("trainable=False", "update = table_var.assign(table * 2)"),  # (read elsewhere: assigned)
    ("trainable=False", "table = table + 1"),  # (the name bound again: not the object the variable read)
])
def test_a_variable_that_may_not_hold_the_array_is_left(kwargs, extra):
    result = rewrite(CONSTANT.format(kwargs=kwargs, extra=extra), to="tfdata")
    assert result.refused, result.code


LOOPED = """\
import numpy as np
import tensorflow.compat.v1 as tf


def main(parts):
    ph = tf.placeholder(tf.float32, [4])
    var = tf.Variable(ph, trainable=False, collections=[])
    x, = tf.train.slice_input_producer([var], shuffle=False)
    xs = tf.train.batch([x], batch_size=2)
    with tf.Session() as sess:
        {run}
        tf.train.start_queue_runners(sess)
        return sess.run(xs)
"""


@pytest.mark.parametrize("run", [
    "for part in parts:\n            sess.run(var.initializer, feed_dict={ph: part})",  # (a loop's name: no one value)
    "sess.run(tf.variables_initializer([var]), feed_dict={ph: parts[0]})\n        parts = parts[1:]",
])
def test_a_feed_whose_value_the_producer_cannot_see_is_left(run):
    result = rewrite(LOOPED.format(run=run), to="tfdata")
    assert result.refused, result.code


def test_a_variables_initializer_run_is_sliced_as_its_feed():
    result = rewrite(LOOPED.format(run="sess.run(tf.variables_initializer([var]), feed_dict={ph: parts})"),
                     to="tfdata")
    assert not result.refused, result.notes
    assert "from_tensor_slices(tf.constant(parts, dtype=tf.float32))" in result.code, result.code


def test_an_inline_placeholder_fed_by_its_name_is_left():
    source = LOOPED.replace("    ph = tf.placeholder(tf.float32, [4])\n    var = tf.Variable(ph,",
                            "    var = tf.Variable(tf.placeholder(tf.float32, [4], name='x'),")
    assert "name='x'" in source
    result = rewrite(source.format(
        run="sess.run(var.initializer, feed_dict={tf.get_default_graph().get_tensor_by_name('x:0'): parts})"),
        to="tfdata")
    assert result.refused, result.code
    assert "a one-shot iterator cannot capture a variable" in " ".join(n.message for n in result.notes)
