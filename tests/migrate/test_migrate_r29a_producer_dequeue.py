"""Held-out round 29's hand-built queue fed by an input producer dequeued directly (the RNN batch-padding tutorial):

    range_q = tf.train.range_input_producer(limit=10, num_epochs=1, shuffle=False)
    slice_end = range_q.dequeue() + 1                       # the dequeue inside an expression: named first
    y = tf.slice(x, [0], [slice_end])
    padding_q = tf.PaddingFIFOQueue(10, [tf.int32, tf.int32], shapes=[[None], []])
    tf.train.add_queue_runner(tf.train.QueueRunner(padding_q, [padding_q.enqueue([y, slice_end])]))
    batched_data, batched_len = padding_q.dequeue_many(4)   # padded_batch(4, drop_remainder=True)

with variants: a string_input_producer's names read whole by ``tf.io.read_file`` into a FIFOQueue read by
``dequeue_up_to`` (the short tail kept), the producer and queue in a helper, an ``input_producer`` in a class
filled by two threads, a range producer cycling forever, shuffled. A producer read otherwise than by one
``dequeue()`` (``dequeue_many``, two dequeues, ``size()``) is left, the note naming its reads."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r29a_programs"
EXACT = {"round_range_slice_padding", "file_names_read_file_up_to", "helper_padding_two_epochs"}  # (one thread)


@pytest.mark.timeout(500)
def test_the_r29a_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 5
    assert [n for n, c in code.items() if "Queue(" in c or "QueueRunner(" in c or "input_producer(" in c] == [], code
    assert ".padded_batch(4, drop_remainder=True)" in code["round_range_slice_padding.py"]
    assert "def make_element(index):\n        slice_end = index + 1" in code["round_range_slice_padding.py"]
    assert ".batch(3, drop_remainder=False)" in code["file_names_read_file_up_to.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact" if name in EXACT else "multiset",
                                 end=None if name == "range_forever_shuffled" else "OutOfRangeError")


QUEUE = '''\
import tensorflow.compat.v1 as tf


def main(data_dir):
    x = tf.range(20)
    range_q = tf.train.range_input_producer(limit=10, num_epochs=1, shuffle=False)
    ends = READ
    y = tf.slice(x, [0], [ends[0]])
    q = tf.PaddingFIFOQueue(10, [tf.int32], shapes=[[None]])
    tf.train.add_queue_runner(tf.train.QueueRunner(q, [q.enqueue([y])]))
    return q.dequeue_many(4)
'''


@pytest.mark.parametrize("read, said", [
    ("range_q.dequeue_many(2) + 1", "is read by `range_q.dequeue_many(2)` (line 7)"),
    ("[range_q.dequeue() + range_q.dequeue()]", "is read by `range_q.dequeue()` (line 7), `range_q.dequeue()` (line 7)"),
    ("[range_q.dequeue() + 1]\n    left = range_q.size()", "`range_q.dequeue()` (line 7), `range_q.size()` (line 8)"),
])
def test_a_producer_read_otherwise_than_by_one_dequeue_is_left_saying_how_it_is_read(read, said):
    result = rewrite(QUEUE.replace("READ", read), to="tfdata")
    assert result.refused, result.code
    notes = " ".join(n.message for n in result.notes)
    assert "`tf.compat.v1.PaddingFIFOQueue` left: no input producer" in notes
    assert "`range_q` (the `range_input_producer` at line 6) is read by" in notes, notes
    assert said in notes, notes
    assert "only where one `dequeue()` of it reads one element and nothing else uses it" in notes
