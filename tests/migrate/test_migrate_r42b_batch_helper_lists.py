"""Held-out round 42's traffic counts: a batch helper whose tensor list is a local chosen by an ``if`` on its
parameters' Python-level kind (``if isinstance(label, list): input = [img] + label`` / ``else: input = [img,
label]``), fed by a reader helper returning its labels as a Python list (one tensor for one name). Each caller
makes the helper's choice on its own values, in its element function, where the reader helper now runs too: a
list component of a dataset's element would be one stacked tensor. The helper keeps its flag's two chains.

The programs of ``r42b_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r42b_programs"
COMPARE = {"one_label_shuffled": "multiset"}


@pytest.mark.timeout(500)
def test_the_r42b_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    lib = code["records.py"]
    assert "isinstance" not in lib and "def read_batch(dataset, batch_size, shuffle=True, capacity=64):" in lib, lib
    assert "pixels, labels = read_example(value, NAMES)\n" in code["two_labels_package.py"]
    assert "return [pixels] + labels if isinstance(labels, list) else [pixels, labels]" in \
        code["two_labels_package.py"]
    assert "return [x] + list(ys) if isinstance(ys, (list, tuple)) else [x, ys]" in \
        code["same_module_train_import.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE.get(name, "exact"))


HELPERS = '''\
import tensorflow.compat.v1 as tf


def read(path, names):
    q = tf.train.string_input_producer([path], num_epochs=1)
    _, rec = tf.TFRecordReader().read(q)
    got = tf.parse_single_example(rec, {n: tf.FixedLenFeature([], tf.int64) for n in names})
    labels = [got[n] for n in names]
    return got[names[0]], labels


def batch(x, labels, n):
    if isinstance(labels, list):
        {arm}
    else:
        parts = [x, labels]
    {after}
    return tf.train.batch(parts, batch_size=n)


def main(path):
    x, labels = read(path, ['a', 'b'])
    return batch(x, labels, 2)
'''


def _said(arm: str, after: str = "pass"):
    result = rewrite(HELPERS.replace("{arm}", arm).replace("{after}", after), to="tfdata")
    return result, " ".join(n.message for n in result.notes)


def test_an_arm_calling_a_function_is_left():
    result, said = _said("parts = [x] + make(labels)")
    assert result.refused and "an arm's list is not made of the function's parameters alone" in said, said


def test_an_arm_doing_more_than_binding_the_list_is_left():
    result, said = _said("parts = [x] + labels\n        print(parts)")
    assert result.refused and "an arm does more than bind `parts`" in said, said


def test_the_list_read_beyond_the_batch_is_left():
    result, said = _said("parts = [x] + labels", after="print(len(parts))")
    assert result.refused and "reads `parts`, the list it batches, beyond its batch calls" in said, said


def test_a_helper_list_read_as_a_list_by_the_code_after_a_plain_batch_is_left():
    source = HELPERS.replace("    return batch(x, labels, 2)\n", "    return tf.train.batch([x] + labels, 2)\n")
    result = rewrite(source.replace("{arm}", "parts = [x] + labels").replace("{after}", "pass"), to="tfdata")
    said = " ".join(n.message for n in result.notes)
    assert result.refused and "`labels` may be a Python list `read` returns" in said, said


def test_a_list_made_by_an_op_and_asked_its_kind_after_a_plain_batch_is_left():
    chosen = "[x] + labels if isinstance(labels, list) else [x, labels]"
    source = HELPERS.replace("    return batch(x, labels, 2)\n", f"    return tf.train.batch({chosen}, 2)\n")
    source = source.replace("labels = [got[n] for n in names]",
                            "labels = tf.unstack(tf.stack([got[n] for n in names]))")
    result = rewrite(source.replace("{arm}", "parts = [x] + labels").replace("{after}", "pass"), to="tfdata")
    said = " ".join(n.message for n in result.notes)
    assert result.refused and "`labels` may be a Python list `read` returns" in said, said
