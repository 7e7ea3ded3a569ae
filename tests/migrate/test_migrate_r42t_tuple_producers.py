"""Held-out round 42's train / test split: a helper returns a tuple (or list) of ``string_input_producer``s and
its caller unpacks them, ``a, b = helper(...)``; the producer a batch dequeues becomes, in the helper's
``return``, the dataset of its file names, and the batch's dataset goes on from it. A producer the caller drops
(returned only to callers that unpack it into ``_``) becomes such a dataset too; a plain value of the tuple
stays. Helpers of another module of the tree are changed there.

The programs of ``r42t_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r42t_programs"
ENDS = {"spelled_producer_and_count": "files: 6"}


@pytest.mark.timeout(500)
def test_the_r42t_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 4
    assert "return (tf.data.Dataset.from_tensor_slices(train_lines).repeat(2),\n" \
           "            tf.data.Dataset.from_tensor_slices(test_lines).repeat(1))" in \
        code["split_producers_name_scope.py"]
    assert "tf.compat.v1.data.Dataset.from_tensor_slices(files).repeat(epochs), len(files)]" in \
        code["spelled_producer_and_count.py"]
    assert "tf.data.Dataset.from_tensor_slices(files[cut:]).repeat(1))" in code["sources.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end=ENDS.get(name, "OutOfRangeError"))


HELPER = '''\
import tensorflow.compat.v1 as tf


def producers(a, b):
    return (tf.train.string_input_producer(a, num_epochs=1, shuffle=False),
            tf.train.string_input_producer(b, num_epochs=1, shuffle=False))


def inputs(a, b):
    train, test = producers(a, b)
    name = train.dequeue()
    batch = tf.train.batch([tf.read_file(name)], 2)
    return batch, test
'''


def _said(result) -> str:
    return " ".join(n.message for n in result.notes)


def test_a_producer_returned_to_a_caller_that_reads_it_stays_a_queue():
    result = rewrite(HELPER + "\n\ndef main(a, b):\n    batch, test = inputs(a, b)\n    return batch, test.size()\n",
                     to="tfdata")
    assert "tf.data.Dataset.from_tensor_slices(a).repeat(1)," in result.code, result.code
    assert "tf.train.string_input_producer(b, num_epochs=1, shuffle=False))" in result.code, result.code
    assert "batch rewritten to tf.data" in _said(result), _said(result)


def test_a_helper_with_another_caller_is_left():
    result = rewrite(HELPER + "\n\ndef other(a, b):\n    return producers(a, b)\n", to="tfdata")
    assert result.refused and "tf.data" not in result.code, result.code
    assert "`producers` has other callers, which would get a dataset for the queue" in _said(result), _said(result)


def test_a_producer_read_beyond_its_dequeue_is_left():
    result = rewrite(HELPER.replace("    return batch, test\n", "    return batch, test, train.size()\n"),
                     to="tfdata")
    assert result.refused and "tf.data" not in result.code, result.code
    assert "is also used beyond its one `dequeue()`" in _said(result), _said(result)
