"""Adversarial variants of the prefetch-queue form (``passthrough.py``: a FIFOQueue, one enqueue op, one
QueueRunner, one ``dequeue()`` -> the queue goes, the dequeue's targets take the enqueued tensors) whose legacy
data differs from what that rewrite gives; each was rewritten and is now refused with its reason:

- a tensor the enqueued ones are made of read after the enqueue and *before* the dequeue (``side = label * 1000``
  fetched beside the dequeue): legacy evaluated it again (another record), the rewrite made it the same record
  (only reads after the dequeue were refused);
- a variable made elsewhere (a parameter) read in the enqueued tensors (``step.read_value()``, ``v.value()``):
  legacy's runner thread read it ahead of the consumer's steps;
- the dequeue made under ``control_dependencies([inc])``: legacy ran ``inc`` at each dequeue; the enqueued tensors
  it became were made outside the block, so nothing ran it (a counter stayed 0).

The programs of ``probea_programs/`` are the forms that stay rewritten (a ``set_shape`` of the enqueued tensor
after the enqueue: runs nothing; k readers' ``dequeue_many`` under a counting control dependency, which the
interleave keeps) run both ways."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "probea_programs"

_PREFETCH = '''
import tensorflow.compat.v1 as tf


def build(files, step):
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader()
    _, value = reader.read(filename_queue)
    label = tf.parse_single_example(value, {"label": tf.FixedLenFeature([], tf.int64)})["label"]
    queue = tf.FIFOQueue(10, dtypes=[tf.int64, tf.int64], shapes=[[], []])
    enqueue_op = queue.enqueue([label, step])
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [enqueue_op]))
    got = queue.dequeue()
    return got
'''


def _words(notes) -> str:
    return " ".join(" ".join(str(n) for n in notes).replace("#", " ").split())


def test_the_plain_prefetch_queue_is_still_rewritten():
    result = rewrite(_PREFETCH, to="tfdata")
    assert not result.refused and "FIFOQueue(" not in result.code, result.code


@pytest.mark.parametrize("side", [
    "    side = label * 1000\n",                         # between the enqueue and the dequeue
    "    tf.add_to_collection('sides', tf.identity(label))\n",
])
def test_the_enqueued_tensors_read_apart_from_the_enqueue_before_the_dequeue_are_refused(side):
    source = _PREFETCH.replace("    got = queue.dequeue()\n", side + "    got = queue.dequeue()\n")
    result = rewrite(source, to="tfdata")
    assert result.refused and "FIFOQueue(" in result.code, result.code
    assert "is also read apart from its enqueue" in _words(result.notes), _words(result.notes)


def test_a_static_read_after_the_enqueue_is_not_refused():
    static = _PREFETCH.replace("    got = queue.dequeue()\n", "    label.set_shape([])\n    got = queue.dequeue()\n")
    result = rewrite(static, to="tfdata")
    assert not result.refused and "FIFOQueue(" not in result.code, result.code


@pytest.mark.parametrize("read", ["step.read_value()", "step.value()", "tf.identity(step.read_value())"])
def test_a_variable_handed_in_and_read_in_the_enqueued_tensors_is_refused(read):
    source = _PREFETCH.replace("queue.enqueue([label, step])", f"queue.enqueue([label, {read}])")
    result = rewrite(source, to="tfdata")
    assert result.refused and "FIFOQueue(" in result.code, result.code
    assert "which reads a variable" in _words(result.notes), _words(result.notes)


@pytest.mark.parametrize("style", ["assign", "returned"])
def test_a_dequeue_made_under_control_dependencies_is_refused(style):
    if style == "assign":
        source = _PREFETCH.replace("    got = queue.dequeue()\n", "    inc = tf.assign_add(step, 1)\n"
                                   "    with tf.control_dependencies([inc]):\n        got = queue.dequeue()\n")
    else:  # the helper returns the queue; its caller dequeues it under the dependency
        source = _PREFETCH.replace("    got = queue.dequeue()\n    return got\n", "    return queue\n") + '''

def consume(files, step):
    queue = build(files, step)
    with tf.control_dependencies([tf.assign_add(step, 1)]):
        got = queue.dequeue()
    return got
'''
    result = rewrite(source, to="tfdata")
    assert result.refused and "FIFOQueue(" in result.code, result.code
    assert "is made under `tf.control_dependencies(" in _words(result.notes), _words(result.notes)


@pytest.mark.timeout(300)
def test_the_probea_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 2
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "order" if name.startswith("prefetch") else "multiset")
