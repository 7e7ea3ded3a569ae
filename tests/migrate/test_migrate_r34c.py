"""Held-out round 34's CamVid reader: a batched list grown under an ``if`` on Python values (a second record file
read by the same helper, ``elif``/``else`` arms appending other things). A test the module fixes (a constant, a
literal every call gives) keeps its arm in place; one known only when the function runs (a path given or not, an
attribute of a config object, ``labels is not None``) stays a Python ``if`` in the function that builds the
dataset, each arm a straight pipeline of its own. A tensor in the test is refused.

The programs of ``r34c_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r34c_programs"
SHUFFLED = {"runtime_path_two_callers", "labels_not_none_records"}


@pytest.mark.timeout(500)
def test_the_r34c_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 6
    # a constant test: the arm it takes, in place (no ``if`` on the mode or the flag is left)
    assert "MODE ==" not in code["module_mode_from_import.py"]
    assert "if with_index" not in code["literal_flag_batch.py"]
    assert "reduce_max" not in code["literal_flag_batch.py"]
    assert 'if mode == "scaled"' not in code["sensors.py"]
    # a test known at run time: a Python ``if`` choosing between two datasets
    assert "if mask_path:" in code["runtime_path_two_callers.py"]
    assert "if labels_path is not None:" in code["labels_not_none_records.py"]
    assert "if self.config.with_weight and self.config.batch_size > 1:" in code["config_attr_class.py"]
    assert code["runtime_path_two_callers.py"].count("Dataset.zip(") == 2  # (the mask arm, with and without scale)
    assert code["runtime_path_two_callers.py"].count("if scale is not None:") == 2
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset" if name in SHUFFLED else "exact")


TENSOR_TEST = '''\
import tensorflow.compat.v1 as tf


def inputs(path):
    queue = tf.train.string_input_producer([path], num_epochs=1)
    _, line = tf.TextLineReader().read(queue)
    parts = [line]
    {test}
        parts.append(tf.strings.length(line))
    return tf.train.batch(parts, batch_size=2)
'''


@pytest.mark.parametrize("test", [
    "if tf.strings.length(line) > 3:",
    "keep = tf.constant(True)\n    if keep:",
    "if tf.equal(tf.strings.length(line), 2) is not None:",
])
def test_a_tensor_in_the_test_is_refused(test):
    result = rewrite(TENSOR_TEST.format(test=test), to="tfdata")
    assert result.refused, result.code
    assert "tf.train.batch(parts" in result.code
    assert any("inside an `if` statement" in n.message for n in result.notes), result.notes
