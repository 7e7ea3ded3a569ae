"""Held-out rounds 38 and 39: tensor lists handed whole to a batch or a producer.

- A helper's returned tuple expanded whole into the batch's list (``[*read()]``, ``list(read())``,
  ``tuple(read())``; or kept as ``example = read(q)`` and batched as ``list(example)`` / ``[*example]``), every
  return of the helper a literal tuple or list: its tensors are named first (``returned_lists.py``), so the count
  is known; the helper may be in another module, or a method of the caller's class.
- A list whose length is known only when the program runs (a comprehension over a dict's keys), sliced by
  ``slice_input_producer`` and the slices batched whole: the dataset's element is the list's tuple, never counted
  (``whole_lists.py``); legacy's one-tensor list gave a bare tensor, and so does the rewrite.
- A helper imported by name that reads a constant of its module which the program sets as the module's attribute
  (``records.DATA_PATH = path``) reads it through the module, where and when the call read it
  (``module_names.py``).

The programs of ``r38w_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r38w_programs"
ENDS = {"star_helper_package": "rows: 12 + 12", "kept_example_list": "batches: 6",
        "whole_slices": "alone is a Tensor"}


@pytest.mark.timeout(500)
def test_the_r38w_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    assert "from_tensor_slices(tuple(tensors))" in code["whole_slices.py"]
    assert "batched = batch_element[0] if len(batch_element) == 1 else list(batch_element)" in code["whole_slices.py"]
    assert code["inputs.py"].count("from_tensor_slices([records.DATA_PATH])") == 2, code["inputs.py"]
    assert "from r38w_lib import records" in code["inputs.py"]
    assert "train.slice_input_producer(" not in code["whole_slices.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end=ENDS[name])


SLICES = '''\
import tensorflow.compat.v1 as tf


def input_fn(features, labels):
    keys = sorted(features)
    tensors = [tf.convert_to_tensor(features[k]) for k in keys] + [tf.convert_to_tensor(labels)]
    {grow}sliced = tf.train.slice_input_producer(tensors, num_epochs=1, shuffle=False)
    {between}{target} = tf.train.batch({tensors}, 2)
    return {target}
'''


def _slices(grow="", between="", target="batched", tensors="sliced"):
    return rewrite(SLICES.format(grow=grow, between=between, target=target, tensors=tensors), to="tfdata")


def test_a_whole_list_of_unknown_length_is_sliced_as_its_tuple():
    result = _slices()
    assert not result.refused, result.notes
    assert "from_tensor_slices(tuple(tensors))" in result.code, result.code


@pytest.mark.parametrize("kw", [
    dict(target="a, b"),  # unpacked: legacy's one-tensor list would give the tensor's rows
    dict(between="tensors.append(tf.constant([1, 2]))\n    "),  # changed in place after the producer read it
    dict(tensors="sliced[:-1]"),  # not handed whole: it needs the tensors one by one
    dict(between="sliced = [s * 2 for s in sliced]\n    "),  # per-element code between
])
def test_an_unknown_length_list_not_handed_whole_is_left(kw):
    result = _slices(**kw)
    assert result.refused, result.code
    said = " ".join(n.message for n in result.notes)
    assert "`slice_input_producer` must take a literal list of tensors" in said, said


HELPER = '''\
import tensorflow.compat.v1 as tf


def read(queue):
    _, line = tf.TextLineReader().read(queue)
    a, b = tf.decode_csv(line, record_defaults=[[0], [0]])
    {body}


def batches(path):
    queue = tf.train.string_input_producer([path], num_epochs=1)
    return tf.train.batch({tensors}, {size})
'''


def _helper(body="return a, b", tensors="[*read(queue)]", size="4"):
    return rewrite(HELPER.format(body=body, tensors=tensors, size=size), to="tfdata")


@pytest.mark.parametrize("tensors", ["[*read(queue)]", "list(read(queue))", "tuple(read(queue))"])
def test_a_helpers_tuple_expanded_whole_is_named(tensors):
    result = _helper(tensors=tensors)
    assert not result.refused, result.notes


@pytest.mark.parametrize("kw", [
    dict(body="if a is None:\n        return a, b, a\n    return a, b"),  # two returns: not one literal list
    dict(body="return [a] + [b]"),  # not a display: its count is not read off
    dict(size="len(tf.get_default_graph().get_operations())"),  # a call that ran after the helper's
])
def test_a_helpers_result_not_countable_is_left(kw):
    result = _helper(**kw)
    assert result.refused, result.code
