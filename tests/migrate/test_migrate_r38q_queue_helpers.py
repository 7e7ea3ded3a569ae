"""Held-out rounds 38-39: a file queue made by a helper through locals (``filenames = glob(...)``, the producer
bound to a name and returned, or ``return producer(...)`` after them), in the same module, another, or a method called as ``self.m(...)``, read by a
reader helper or a reader in its caller, two callers; and an input producer over a tensor (``input_producer`` of
(path, label) string pairs, of a table) handed to a helper that dequeues it, called once for ``train.batch`` or
``k`` times in a ``batch_join`` list with ``shapes=`` (one map with ``k`` parallel calls, each element once,
``ensure_shape`` per tensor).

The programs of ``r38q_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r38q_programs"
MULTISET = {"pairs_batch_join_package"}


@pytest.mark.timeout(500)
def test_the_r38q_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 5
    assert "def generate_filename_queue" not in code["returned_queue_local_reader_helper.py"]
    assert "def make_queue" not in code["queues.py"]
    assert "def make_queue" not in code["class_queue_method_two_callers.py"]
    pairs_lib = code["pairs.py"]
    assert "num_parallel_calls=threads" in pairs_lib and "ensure_shape" in pairs_lib and ".dequeue()" not in pairs_lib
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset" if name in MULTISET else "exact")


PAIRS = '''\
import tensorflow.compat.v1 as tf


def read_pair(pair_q):
{body}


def batch_pairs(pairs):
    pair_q = tf.train.input_producer(pairs, num_epochs=1, shuffle=False)
    return tf.train.batch_join([read_pair(pair_q) for i in range(2)], 4)
'''


@pytest.mark.parametrize("body", [
    "    items = [pair_q.dequeue() for _ in range(2)]\n    return [items[0][0], items[1][1]]",
    "    item = pair_q.dequeue() if pair_q is not None else None\n    return [item[0], item[1]]",
    "    for _ in range(2):\n        item = pair_q.dequeue()\n    return [item[0], item[1]]",
])
def test_a_helper_dequeuing_other_than_once_per_call_is_left(body):
    from tfdata_bridge.migrate import rewrite

    result = rewrite(PAIRS.format(body=body), to="tfdata")
    assert result.refused and "input_producer(" in result.code, result.code


QUEUE = '''\
import glob
import tensorflow.compat.v1 as tf


def make_queue(d):
{body}


def batch(d):
    queue = make_queue(d)
    reader = tf.TFRecordReader()
    _, value = reader.read(queue)
    return tf.train.batch([value], 2)
'''


@pytest.mark.parametrize("body", [
    "    q = tf.train.string_input_producer(glob.glob(d))\n    q.size()\n    return q",  # the queue used
])
def test_a_queue_helper_whose_locals_cannot_be_written_in_place_is_left(body):
    from tfdata_bridge.migrate import rewrite

    result = rewrite(QUEUE.format(body=body), to="tfdata")
    assert result.refused and "string_input_producer(" in result.code, result.code


@pytest.mark.parametrize("body", [
    "    files = glob.glob(d)\n    print(files)\n    return tf.train.string_input_producer(files)",  # a statement more
    "    files = glob.glob(d)\n    return tf.train.string_input_producer(files + files)",  # read twice
    "    files = glob.glob(d)\n    n = len(d)\n    return tf.train.string_input_producer(files[:n])",  # out of turn
])
def test_a_queue_helper_whose_locals_cannot_be_written_in_place_returns_the_dataset_of_its_names(body):
    """Its statements stay in it, as written; its producer, its last statement, becomes the dataset of its file
    names there, which the caller's reader reads (``queue_helpers.returned_producer``, round 51)."""
    from tfdata_bridge.migrate import rewrite

    result = rewrite(QUEUE.format(body=body), to="tfdata")
    assert not result.refused and "string_input_producer(" not in result.code, result.notes
    assert "def make_queue(d):\n    files = glob.glob(d)" in result.code
    assert "return tf.data.Dataset.from_tensor_slices(files" in result.code, result.code


def test_the_same_helpers_dequeuing_once_and_binding_a_chain_are_rewritten():
    from tfdata_bridge.migrate import rewrite

    pairs = rewrite(PAIRS.format(body="    item = pair_q.dequeue()\n    return [item[0], item[1]]"), to="tfdata")
    assert not pairs.refused and "num_parallel_calls=2" in pairs.code, pairs.notes
    queue = rewrite(QUEUE.format(body="    files = sorted(glob.glob(d))\n    q = tf.train.string_input_producer(files)\n"
                                      "    return q"), to="tfdata")
    assert not queue.refused and "files_list = sorted(glob.glob(d))" in queue.code, queue.notes
    assert "def make_queue" not in queue.code
