"""Held-out round 25's queue forms: each rewritten where it can be, or left with a reason naming the obstacle.

- a batch helper whose batch is a hand-built queue of its own (the "Threading and Queues" guide's
  ``simple_shuffle_batch(source, capacity, batch_size)``: a queue filled with the helper's parameters by k
  threads of one op, its runner registered, read by ``dequeue_many`` / ``dequeue_up_to``), in the module or in
  another, called by any number of callers each passing a pipeline: each caller makes its element dataset, the
  helper batches it; a caller passing anything else leaves it, naming the call;
- a class keeping a queue's runner on ``self`` whose own method only starts it (``AsyncRunner.create_threads``):
  plumbing, the method starts no thread once the queue is a dataset;
- a ``QueueRunner`` subclass overriding ``_run`` changes what its threads do: refused, saying so; a queue made in
  a ``with`` block (a name scope) and dequeued outside it: refused, naming the block.

The programs of ``r25q_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r25q_programs"
EXACT = {"helper_two_callers_in_a_class"}  # (one thread each: the queue kept the order)


@pytest.mark.timeout(500)
def test_the_r25q_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 4
    assert [n for n, c in code.items() if "Queue(" in c or "QueueRunner(" in c] == [], code
    assert "there is no thread to start\n        return []" in code["async_runner_class_starts_its_runner.py"]
    assert "def simple_shuffle_batch(dataset, capacity, batch_size=10):" in code["guide_helper_tf_alias_module.py"]
    assert "num_threads" not in code["guide_helper_tf_alias_module.py"]  # (read by the runner alone: gone too)
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact" if name in EXACT else "multiset")


def _said(source: str) -> str:
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    return " ".join(n.message for n in result.notes)


HELPER = '''\
import tensorflow.compat.v1 as tf


def shuffled(source, batch_size):
    queue = tf.RandomShuffleQueue(20, 2, [tf.string], shapes=[[]])
    op = queue.enqueue([source])
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [op] * 2))
    return queue.dequeue_many(batch_size)


def inputs(path):
    files = tf.train.string_input_producer([path], num_epochs=1)
    _, line = tf.TextLineReader().read(files)
    return shuffled(line, 4)
{more}'''


def test_a_queue_helper_called_with_what_no_pipeline_makes_is_left_naming_the_call():
    said = _said(HELPER.format(more="\n\ndef fed():\n    return shuffled(tf.placeholder(tf.string, []), 4)\n"))
    assert "`shuffled` (a batch helper) pipeline left unchanged" in said, said


def test_a_queue_helper_used_beyond_its_calls_is_left():
    said = _said(HELPER.format(more="\n\nHELPERS = [shuffled]\n"))
    assert "`shuffled` is also used beyond the calls that make its tensors" in said, said


def test_a_queue_helper_using_its_tensor_beyond_the_queue_is_left():
    said = _said(HELPER.replace("    return queue.dequeue_many(batch_size)",
                                "    tf.summary.scalar('len', tf.strings.length(source))\n"
                                "    return queue.dequeue_many(batch_size)").format(more=""))
    assert "`shuffled` uses its tensor `source` beyond the batch" in said, said


SUBCLASS = '''\
import tensorflow.compat.v1 as tf


class CountingRunner(tf.train.QueueRunner):
    def _run(self, sess, enqueue_op, coord=None):
        super(CountingRunner, self)._run(sess, enqueue_op, coord)


def inputs(path):
    files = tf.train.string_input_producer([path], num_epochs=1)
    _, line = tf.TextLineReader().read(files)
    queue = tf.FIFOQueue(8, [tf.string], shapes=[[]])
    op = queue.enqueue([line])
    tf.train.add_queue_runner(CountingRunner(queue, [op]))
    return queue.dequeue_many(4)
'''


def test_a_queue_runner_subclass_overriding_run_is_refused_saying_so():
    said = _said(SUBCLASS)
    assert "`queue` is filled by the threads of `CountingRunner` (line 14), a `QueueRunner` subclass whose " \
           "`_run` override (line 5) changes what its threads do" in said, said


SCOPED = '''\
import tensorflow.compat.v1 as tf


def inputs(path, batch_size):
    files = tf.train.string_input_producer([path], num_epochs=1)
    _, line = tf.TextLineReader().read(files)
    with tf.name_scope("input"):
        queue = tf.FIFOQueue(8, [tf.string], shapes=[[]])
        op = queue.enqueue([line])
        tf.train.add_queue_runner(tf.train.QueueRunner(queue, [op]))
    return queue.dequeue_many(batch_size)
'''


def test_a_queue_made_in_a_with_block_and_dequeued_outside_it_is_refused_saying_so():
    said = _said(SCOPED)
    assert "read by `dequeue_many` outside the `with tf.name_scope(\"input\"):` block that makes the queue" in said, \
        said
