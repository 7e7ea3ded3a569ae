"""A hand-built queue filled by a ``QueueRunner`` whose enqueue ops lift into tf.data (``runner_feed.py``):
the "prefetch input data" shape of large image models (readers each enqueuing into a hand-built
``RandomShuffleQueue``, one ``dequeue()``, preprocessing copies, ``batch_join``), run under
``tensorflow.compat.v1`` and under the drop-in, compared: as a multiset where legacy's threads or
shuffle decide the order, exactly where one thread and a FIFO make legacy's order deterministic.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest
import tensorflow as tf

import batch_harness

pytestmark = pytest.mark.timeout(240)

FILES, RECORDS = 3, 10


@pytest.fixture(scope="module")
def paths(tmp_path_factory: Any) -> list[str]:
    root = tmp_path_factory.mktemp("runner_feed")
    out = []
    for f in range(FILES):
        path = str(root / f"f{f}.tfrecord")
        with tf.io.TFRecordWriter(path) as w:
            for i in range(RECORDS):
                w.write(str(100 * f + i).encode())
        out.append(path)
    return out


EVERY = sorted(100 * f + i for f in range(FILES) for i in range(RECORDS))


def number(tf1: Any, value: Any) -> Any:
    return tf1.strings.to_number(value, tf1.int32)


def flat(batches: list[Any]) -> list[int]:
    return [int(x) for b in batches for x in (b if isinstance(b, (list, tuple)) else [b]) for x in x.reshape(-1)]


def _read_and_enqueue(tf1: Any, filename_queue: Any, examples: Any) -> Any:
    """A helper as real code has one: a reader made inside, its value enqueued."""
    reader = tf1.TFRecordReader()
    _, value = reader.read(filename_queue)
    return examples.enqueue([value])


def _enqueue_ops(tf1: Any, style: str, filename_queue: Any, examples: Any, readers: int) -> list[Any]:
    if style == "helper":
        return [_read_and_enqueue(tf1, filename_queue, examples) for _ in range(readers)]
    if style == "inline":
        return [examples.enqueue(tf1.TFRecordReader().read(filename_queue)[1]) for _ in range(readers)]
    ops = []
    for _ in range(readers):  # "loop": one name reused for every reader
        _, value = tf1.TFRecordReader().read(filename_queue)
        ops.append(examples.enqueue([value]))
    return ops


@pytest.mark.parametrize("style,readers", [("loop", 4), ("helper", 2), ("inline", 3)])
def test_shuffle_runners_shape_delivers_legacy_records(paths, style, readers):
    runners = []

    def build(tf1):
        filename_queue = tf1.train.string_input_producer(paths, num_epochs=1, shuffle=True, seed=1)
        shapes = [[]] if style == "helper" else None  # (without: dequeued one at a time, with: in chunks)
        examples = tf1.RandomShuffleQueue(capacity=20, min_after_dequeue=5, dtypes=[tf1.string], shapes=shapes,
                                          seed=2)
        runner = tf1.train.QueueRunner(examples, _enqueue_ops(tf1, style, filename_queue, examples, readers))
        tf1.train.queue_runner.add_queue_runner(runner)
        runners.append(runner)
        serialized = tf1.reshape(examples.dequeue(), [])
        lists = [[number(tf1, serialized) * 2] for _ in range(3)]
        return tf1.train.batch_join(lists, 4, capacity=16, allow_smaller_final_batch=True)

    legacy, ours = batch_harness.both(build)
    assert runners[-1]._tfdb_feed is not None  # (the drop-in's runner enqueues chunks from tf.data)
    assert sorted(flat(legacy.batches)) == [2 * x for x in EVERY]
    assert sorted(flat(ours.batches)) == sorted(flat(legacy.batches))
    assert ours.end is legacy.end is tf.errors.OutOfRangeError
    assert ours.joined is None and legacy.joined is None


@pytest.mark.parametrize("consumer", ["dequeue_many", "batch"])
def test_one_reader_into_a_fifo_queue_keeps_legacy_order(paths, consumer):
    """One runner thread into a FIFOQueue: legacy's order is the files' order; so is ours."""
    def build(tf1):
        filename_queue = tf1.train.string_input_producer(paths, num_epochs=1, shuffle=False)
        examples = tf1.FIFOQueue(8, [tf1.int32], shapes=[[]])
        _, value = tf1.TFRecordReader().read(filename_queue)
        tf1.train.add_queue_runner(tf1.train.QueueRunner(examples, [examples.enqueue([number(tf1, value)])]))
        if consumer == "dequeue_many":
            return examples.dequeue_many(3)
        return tf1.train.batch([examples.dequeue()], 3, allow_smaller_final_batch=True)

    legacy, ours = batch_harness.both(build)
    expected = EVERY if consumer == "batch" else EVERY[:len(EVERY) // 3 * 3]
    assert flat(legacy.batches) == expected
    assert flat(ours.batches) == flat(legacy.batches)


def test_two_consumers_of_the_fed_queue_get_each_record_once(paths):
    """A batch and a direct dequeue_many of the one queue compete for its elements, as in legacy."""
    def run(tf1):
        graph = tf.Graph()
        with graph.as_default():
            filename_queue = tf1.train.string_input_producer(paths, num_epochs=1, shuffle=False)
            examples = tf1.FIFOQueue(12, [tf1.int32], shapes=[[]])
            ops = []
            for _ in range(2):
                _, value = tf1.TFRecordReader().read(filename_queue)
                ops.append(examples.enqueue([number(tf1, value)]))
            tf1.train.add_queue_runner(tf1.train.QueueRunner(examples, ops))
            fetches = [tf1.train.batch([examples.dequeue()], 2, allow_smaller_final_batch=True),
                       examples.dequeue_up_to(3)]
            got: list[int] = []
            with tf1.Session() as sess:
                sess.run(tf1.local_variables_initializer())
                coord = tf1.train.Coordinator()
                threads = tf1.train.start_queue_runners(sess, coord)
                running = [0, 1]
                for _ in range(200):
                    for i in list(running):
                        try:
                            got.extend(int(x) for x in sess.run(fetches[i]))
                        except tf.errors.OutOfRangeError:
                            running.remove(i)
                    if not running:
                        break
                assert not running, "a consumer never ended"
                coord.request_stop()
                coord.join(threads, stop_grace_period_secs=10)
        return sorted(got)

    assert run(batch_harness.LEGACY) == EVERY
    assert run(batch_harness.BRIDGE) == EVERY


def test_a_runner_the_feed_cannot_lift_runs_its_ops(paths):
    """An enqueue op with a control dependency is not lifted: the runner runs the program's ops."""
    runners = []

    def build(tf1):
        filename_queue = tf1.train.string_input_producer(paths, num_epochs=1, shuffle=False)
        examples = tf1.FIFOQueue(8, [tf1.int32], shapes=[[]])
        _, value = tf1.TFRecordReader().read(filename_queue)
        n = number(tf1, value)
        marker = tf1.no_op()
        with tf1.control_dependencies([marker]):
            op = examples.enqueue([n])
        runner = tf1.train.QueueRunner(examples, [op])
        runners.append(runner)
        tf1.train.add_queue_runner(runner)
        return examples.dequeue_up_to(4)

    legacy, ours = batch_harness.both(build)
    assert getattr(runners[-1], "_tfdb_feed", None) is None  # (the drop-in's runner kept the ops)
    assert flat(legacy.batches) == EVERY
    assert flat(ours.batches) == EVERY


def test_running_a_lifted_enqueue_op_by_hand_says_why(paths):
    """The enqueue ops of a lifted runner never run; running one anyway would read records a second time."""
    import tfdata_bridge.compat.v1 as tf1

    with tf.Graph().as_default():
        filename_queue = tf1.train.string_input_producer(paths, num_epochs=1)
        examples = tf1.FIFOQueue(8, [tf1.string], shapes=[[]])
        _, value = tf1.TFRecordReader().read(filename_queue)
        op = examples.enqueue([value])
        tf1.train.add_queue_runner(tf1.train.QueueRunner(examples, [op]))
        with tf1.Session() as sess:
            sess.run(tf1.local_variables_initializer())
            with pytest.raises(tf.errors.InvalidArgumentError, match="taken over"):
                sess.run(op)


def test_session_close_releases_a_feed_waiting_for_room(paths):
    """Nobody dequeues, the queue fills; closing the session ends the runner's blocked enqueue (as legacy)."""
    def run(tf1):
        with tf.Graph().as_default():
            filename_queue = tf1.train.string_input_producer(paths, num_epochs=None, shuffle=False)
            examples = tf1.FIFOQueue(4, [tf1.string], shapes=[[]])
            _, value = tf1.TFRecordReader().read(filename_queue)
            tf1.train.add_queue_runner(tf1.train.QueueRunner(examples, [examples.enqueue([value])]))
            size = examples.size()
            sess = tf1.Session()
            threads = tf1.train.start_queue_runners(sess)
            full = threading.Event()
            for _ in range(2000):  # until the queue is full (each check is a session step, no sleep)
                if sess.run(size) == 4:
                    full.set()
                    break
            assert full.is_set(), "the runner never filled the queue"
            sess.close()
            for t in threads:
                t.join(10)
            return [t.is_alive() for t in threads]

    assert not any(run(batch_harness.LEGACY))
    assert not any(run(batch_harness.BRIDGE))
