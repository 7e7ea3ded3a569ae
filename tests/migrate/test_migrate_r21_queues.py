"""Held-out round 21's leftovers (issue 17), hand-built queues: a prefetch queue whose `shared_name` and thread
count are a helper's parameters left at their `None` / 1 defaults (followed to the default and to the calls of
the helper), made as a `PaddingFIFOQueue` or a `FIFOQueue` by a flag; a feed thread's queue local to `__init__`
and stored nowhere (Tacotron's feeder), dequeued there; and what is said where such a queue is left (a caller
passing `shared_name`, several threads, a dequeue per tower in a loop).

The programs of ``r21_queue_programs/`` (a helper in another module, one in the same module, several import
styles, a reused name) are migrated as one tree and run against their originals, compared exactly."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r21_queue_programs"


@pytest.mark.timeout(500)
def test_the_r21_queue_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 4
    assert all("FIFOQueue(" not in c and "QueueRunner(" not in c for c in code.values()), code
    assert "from_generator" in code["feeder.py"] and "from_generator" in code["feed_local_queue_target_method.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        # (``feed_``: a fixed number of steps over a feeder that never ends: the same count, no end of data)
        assert_delivers_the_same(name, want, got, "exact", end=None if name.startswith("feed_") else "OutOfRangeError")


PREFETCH = '''\
import tensorflow.compat.v1 as tf


def prefetch(tensors, threads=1, shared_name=None):
    queue = tf.{kind}(4, [t.dtype for t in tensors], shared_name={shared})
    op = queue.enqueue(tensors)
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [op] * {threads}))
    return queue


def main(files):
    _, line = tf.TextLineReader().read(tf.train.string_input_producer(files, num_epochs=1, shuffle=False))
    batch = tf.train.batch([line, line], batch_size=2)
{use}
'''
ONE = "    return prefetch(batch{args}).dequeue()"
TOWERS = "    return [prefetch(batch).dequeue() for _ in range(2)]"
TOWER_LOOP = ("    q = prefetch(batch)\n    out = []\n    for i in range(2):\n        with tf.device('/gpu:%d' % i):\n"
              "            out.append(q.dequeue())\n    return out")


def _said(result) -> str:
    return " ".join(n.message for n in result.notes)


@pytest.mark.parametrize("kind", ["FIFOQueue", "PaddingFIFOQueue"])
def test_a_prefetch_queue_left_at_its_defaults_goes(kind):
    result = rewrite(PREFETCH.format(kind=kind, shared="shared_name", threads="threads", use=ONE.format(args="")),
                     to="tfdata")
    assert not result.refused, result.notes
    assert f"tf.{kind}(" not in result.code and "QueueRunner(" not in result.code
    assert f"{kind}, QueueRunner rewritten" in _said(result)


@pytest.mark.parametrize("shared, threads, args, why", [
    ("shared_name", "threads", ", shared_name='q'", "a call of `prefetch` passes `shared_name`"),
    ("'common'", "threads", "", "shared_name='common'"),
    ("None", "n_threads", "", "`n_threads` is bound nowhere here"),
])
def test_a_shared_or_threaded_prefetch_queue_is_left_saying_why(shared, threads, args, why):
    result = rewrite(PREFETCH.format(kind="PaddingFIFOQueue", shared=shared, threads=threads,
                                     use=ONE.format(args=args)), to="tfdata")
    said = _said(result)
    assert result.refused and why in said, said
    assert "`tf.compat.v1.PaddingFIFOQueue` left" in said and "`tf.compat.v1.FIFOQueue` left" not in said, said
    assert "PaddingFIFOQueue(4" in result.code


def test_a_prefetch_queue_whose_caller_passes_its_thread_count_goes():
    # (k threads running the one op deliver the same elements for any k, in an order they race for)
    result = rewrite(PREFETCH.format(kind="FIFOQueue", shared="shared_name", threads="threads",
                                     use=ONE.format(args=", 2")), to="tfdata")
    assert not result.refused, result.notes
    assert "QueueRunner(" not in result.code and "return prefetch(batch, 2)" in result.code
    assert "legacy's `threads` runner threads, however many, raced for that order" in _said(result)


def test_a_prefetch_queue_dequeued_once_per_tower_is_left():
    result = rewrite(PREFETCH.format(kind="FIFOQueue", shared="None", threads="1", use=TOWER_LOOP), to="tfdata")
    said = _said(result)
    assert "runs in a loop" in said and "keep the queue" in said, said
    assert "q.dequeue()" in result.code and "FIFOQueue(4" in result.code


FEEDER = '''\
import threading

import tensorflow.compat.v1 as tf


class Reader(object):
    def __init__(self, rows):
        self.rows = rows
        self.sample = tf.placeholder(tf.float32, [2])
        queue = tf.FIFOQueue(8, [tf.float32], shapes=[[2]])
        self.enqueue = queue.enqueue([self.sample])
{read}

    def feed(self, sess):
        for row in self.rows:
            sess.run(self.enqueue, feed_dict={{self.sample: [row, row]}})

    def start(self, sess):
        thread = threading.Thread(target=self.feed, args=(sess,))
        thread.start()
        return [thread]
'''


def test_a_feed_queue_local_to_init_and_dequeued_there_is_followed():
    result = rewrite(FEEDER.format(read="        self.batch = queue.dequeue_many(2)"), to="tfdata")
    assert not result.refused, result.notes
    assert "from_generator" in result.code and "FIFOQueue(" not in result.code
    assert "self._queue" not in result.code  # the attribute the rewrite names it by is no attribute of the output


@pytest.mark.parametrize("read, why", [
    ("        self.size = queue.size()", "is used there other than by its enqueue and close ops, a dequeue"),
    ("        self.batch = queue.dequeue_many(2)\n        self.more = queue.dequeue()", "read by 2 statements"),
    ("", "neither stored on `self` nor dequeued there"),
])
def test_a_feed_queue_local_to_init_is_left_saying_why(read, why):
    result = rewrite(FEEDER.format(read=read), to="tfdata")
    said = _said(result)
    assert result.refused and why in said, said
    assert "queue = tf.FIFOQueue(8" in result.code


EXAMPLES = '''\
import tensorflow.compat.v1 as tf


def prefetch_input_data(files, num_readers=2):
    filename_queue = tf.train.string_input_producer(files, shuffle=False, num_epochs=1)
    values_queue = tf.RandomShuffleQueue(capacity=40, min_after_dequeue=8, dtypes=[tf.string])
    enqueue_ops = []
    for _ in range(num_readers):
        _, value = tf.TFRecordReader().read(filename_queue)
        enqueue_ops.append(values_queue.enqueue([value]))
    tf.train.add_queue_runner(tf.train.QueueRunner(values_queue, enqueue_ops))
    return values_queue


def batch_inputs(files, batch_size, copies=2):
    values_queue = prefetch_input_data(files)
    pairs = []
    for _ in range(copies):
        parsed = tf.parse_single_example(values_queue.dequeue(), {"label": tf.FixedLenFeature([], tf.int64)})
        pairs.append([parsed["label"] * 2])
    return tf.train.batch_join(pairs, batch_size=batch_size, allow_smaller_final_batch=True)
'''


def test_a_returned_values_queue_dequeued_per_copy_and_joined_is_rewritten():
    # (followed since forms12: ``copy_dequeues.py``; its programs are run both ways in test_migrate_r21_prefetch)
    result = rewrite(EXAMPLES, to="tfdata")
    assert not result.refused, result.notes
    assert "RandomShuffleQueue(" not in result.code and "def prefetch_input_data" not in result.code
    assert ".interleave(tf.data.TFRecordDataset, cycle_length=2" in result.code and ".shuffle(40)" in result.code
    assert ".map(parse_record, num_parallel_calls=copies)" in result.code
