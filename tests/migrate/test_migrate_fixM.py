"""Held-out round 59's "queues in series": a hand-built queue stage between the read and the batch (a FIFOQueue or
RandomShuffleQueue filled by one enqueue op of the per-element tensors, run by one ``QueueRunner`` with ``[op]``
or ``[op] * k``, read by one plain ``dequeue()`` that the batch takes) goes: the dequeue's targets take the
enqueued tensors in the map function (``ensure_shape`` with the queue's ``shapes=``), a RandomShuffleQueue is the
chain's ``shuffle(capacity)`` (``hand_stages.py``); a reader's ``input_producer`` of file names is read as
``string_input_producer``'s. A queue also read elsewhere, dequeued twice or filled by other ops, and a batch also
reading a per-element tensor made before the queue, are left with the reason.

The programs of ``fixM_programs/`` (helpers in ``fixm_lib/``) are migrated as one tree and run against their
originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixM_programs"
COMPARE = {  # k runner threads, a RandomShuffleQueue stage, a shuffle_batch: the same rows in another order
    "morse_queues_in_series": "exact",
    "compat_spelled_fifo_class": "exact",
    "doc_create_threads_batch_join": "exact",
    "fifo_threads_no_shapes_set_shape": "multiset",
    "helper_other_module_shuffle_stage": "multiset",
}
ENDS = {"morse_queues_in_series": "queues exhausted", "compat_spelled_fifo_class": "stopped",
        "doc_create_threads_batch_join": "done", "fifo_threads_no_shapes_set_shape": "out of range",
        "helper_other_module_shuffle_stage": "done twice"}


@pytest.mark.timeout(500)
def test_the_fixM_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert sorted(p.stem for p in programs) == sorted(COMPARE)
    assert [n for n, c in code.items() if "Queue(" in c or ".dequeue(" in c] == [], code
    assert "tf1.ensure_shape(letter, []), tf1.ensure_shape(features, [3])" in code["morse_queues_in_series.py"]
    assert "Dataset.from_tensor_slices(tf.constant(files))" in code["morse_queues_in_series.py"]
    assert ".shuffle(12, seed=7)" in code["shuffled.py"]
    assert "example = [tf.ensure_shape(letter, []), tf.ensure_shape(code, [2]), tf.ensure_shape(millis, [])]" \
        in code["shuffled.py"], code["shuffled.py"]
    assert "raced for their order" in " ".join(code["fifo_threads_no_shapes_set_shape.py"].split())
    assert "enqueue_threads = []" in code["doc_create_threads_batch_join.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE[name], end=ENDS[name])


STAGE = '''\
import tensorflow.compat.v1 as tf


def main(files):
    filename_queue = tf.train.string_input_producer(files, num_epochs=1)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    a, b = tf.decode_csv(line, record_defaults=[[0], [0]])
    q = tf.FIFOQueue(10, [tf.int32, tf.int32], shapes=[[], []])
    op = q.enqueue([a, b])
    tf.train.add_queue_runner(tf.train.QueueRunner(q, [op]))
    x, y = q.dequeue()
{extra}    return tf.train.batch({tensors}, batch_size=2)
'''


def _left(extra: str = "", tensors: str = "[x, y]"):
    result = rewrite(STAGE.format(extra=extra, tensors=tensors), to="tfdata")
    assert result.refused, result.code
    return " ".join(n.message for n in result.notes)


def test_the_plain_stage_is_rewritten():
    result = rewrite(STAGE.format(extra="", tensors="[x, y]"), to="tfdata")
    assert not result.refused, result.notes
    assert "Queue(" not in result.code and "x, y = tf.ensure_shape(a, []), tf.ensure_shape(b, [])" in result.code


def test_a_queue_read_elsewhere_is_left():
    said = _left("    size = q.size()\n", "[x, y, size]")
    assert "batch` pipeline left unchanged" in said, said


def test_a_queue_dequeued_twice_is_left():
    said = _left("    x2, y2 = q.dequeue()\n", "[x, y, x2]")
    assert "batch` pipeline left unchanged" in said, said


def test_a_queue_filled_by_another_op_is_left():
    said = _left("    op2 = q.enqueue([b, a])\n    tf.train.add_queue_runner(tf.train.QueueRunner(q, [op2]))\n")
    assert "batch` pipeline left unchanged" in said, said


def test_a_batch_reading_a_tensor_made_before_the_queue_is_left():
    for extra, tensors in (("", "[x, y, a]"), ("    z = x + a\n", "[x, z]")):  # (legacy: another record's `a`)
        said = _left(extra, tensors)
        assert "`a`, which the tensors enqueued in `q` are made of, is also read apart from" in said, said
