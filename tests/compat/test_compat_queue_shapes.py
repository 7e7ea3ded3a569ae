"""A queue built without ``shapes`` whose writers all enqueue one fully known shape (``queue_shapes.py``): its
kernel is given that shape, so the batch over its ``dequeue()`` reads chunks (``QueueDequeueUpToV2``) instead of
one element per kernel call. Each program runs under ``tensorflow.compat.v1`` and under the drop-in; what
arrives is compared as a multiset (legacy's runner threads and shuffle decide the order), with the end of data.
"""

from __future__ import annotations

import threading
import warnings
from typing import Any

import numpy as np
import pytest
import tensorflow as tf

import batch_harness

pytestmark = pytest.mark.timeout(240)

FILES, RECORDS = 3, 10
EVERY = sorted(100 * f + i for f in range(FILES) for i in range(RECORDS))
EXTRA = 1000  # the elements a program's own Python enqueue adds


@pytest.fixture(scope="module")
def paths(tmp_path_factory: Any) -> list[str]:
    root = tmp_path_factory.mktemp("queue_shapes")
    out = []
    for f in range(FILES):
        path = str(root / f"f{f}.tfrecord")
        with tf.io.TFRecordWriter(path) as w:
            for i in range(RECORDS):
                w.write(str(100 * f + i).encode())
        out.append(path)
    return out


def kernel_reads(graph: Any, tensor: Any) -> set[str]:
    """The queue-read op types the dataset behind ``tensor`` (a pipeline's ``get_next``) runs: the functions
    its one-shot iterator's factory calls, followed through the graph's function library (none for legacy's
    ``dequeue_many``)."""
    iterator = tensor.op.inputs[0].op
    if iterator.type != "OneShotIterator":
        return set()
    library = {f.signature.name: f for f in graph.as_graph_def().library.function}
    todo, seen, found = [iterator.get_attr("dataset_factory").name], set(), set()
    while todo:
        name = todo.pop()
        if name in seen or name not in library:
            continue
        seen.add(name)
        for node in library[name].node_def:
            if node.op.startswith("QueueDequeue"):
                found.add(node.op)
            for value in node.attr.values():
                if value.HasField("func"):
                    todo.append(value.func.name)
                todo.extend(f.name for f in value.list.func)
    return found


def _runner(tf1: Any, paths: list[str], examples: Any, readers: int = 2, key: bool = False) -> None:
    filename_queue = tf1.train.string_input_producer(paths, num_epochs=1, shuffle=True, seed=1)
    ops = []
    for _ in range(readers):
        k, value = tf1.TFRecordReader().read(filename_queue)
        ops.append(examples.enqueue({"value": value, "key": k} if key else [value]))
    tf1.train.add_queue_runner(tf1.train.QueueRunner(examples, ops))


def _numbers(tf1: Any, value: Any) -> Any:
    """A scalar int per element, whatever its shape: the sum of its numbers."""
    return tf1.reduce_sum(tf1.strings.to_number(tf1.reshape(value, [-1]), tf1.int32))


def _shuffle_queue(tf1: Any, **kwargs: Any) -> Any:
    return tf1.RandomShuffleQueue(capacity=20, min_after_dequeue=5, dtypes=[tf1.string], seed=2, **kwargs)


def _fifo_queue(tf1: Any) -> Any:
    return tf1.queue.FIFOQueue(20, [tf1.string])


def _named_queue(tf1: Any) -> Any:
    return tf1.FIFOQueue(20, [tf1.string, tf1.string], names=["value", "key"])


def flat(batches: list[Any]) -> list[int]:
    return sorted(int(x) for b in batches for x in b.reshape(-1))


@pytest.mark.parametrize("make", [_shuffle_queue, _fifo_queue, _named_queue])
def test_a_batch_reads_a_shapeless_queue_in_chunks_with_legacy_elements(paths, make):
    made = []

    def build(tf1):
        examples = make(tf1)
        _runner(tf1, paths, examples, key=examples.names is not None)
        dequeued = examples.dequeue()
        value = dequeued["value"] if isinstance(dequeued, dict) else dequeued
        made.append((examples, value))
        return tf1.train.batch_join([[_numbers(tf1, value)] for _ in range(3)], 4, capacity=16,
                                    allow_smaller_final_batch=True)

    legacy, ours = batch_harness.both(build)
    assert flat(legacy.batches) == EVERY
    assert flat(ours.batches) == EVERY
    assert ours.end is legacy.end is tf.errors.OutOfRangeError
    assert ours.joined is None and legacy.joined is None
    examples, value = made[-1]
    assert kernel_reads(ours.graph, ours.out) == {"QueueDequeueUpToV2"}  # (one element per call before)
    assert examples.shapes == made[0][0].shapes  # (legacy's: unknown; only the kernel knows)
    assert value.shape.rank is None


def test_one_writer_into_a_fifo_queue_keeps_legacys_order(paths):
    """One runner thread into a FIFOQueue without shapes, one batch thread: legacy's order is the files' order,
    and chunks of it keep that order."""
    def build(tf1):
        filename_queue = tf1.train.string_input_producer(paths, num_epochs=1, shuffle=False)
        examples = tf1.FIFOQueue(8, tf1.string)
        _, value = tf1.TFRecordReader().read(filename_queue)
        tf1.train.add_queue_runner(tf1.train.QueueRunner(examples, [examples.enqueue(value)]))
        return tf1.train.batch([_numbers(tf1, examples.dequeue())], 3, allow_smaller_final_batch=True)

    legacy, ours = batch_harness.both(build)
    assert [int(x) for b in legacy.batches for x in b] == sorted(EVERY)
    assert [int(x) for b in ours.batches for x in b] == sorted(EVERY)
    assert ours.end is legacy.end is tf.errors.OutOfRangeError
    assert kernel_reads(ours.graph, ours.out) == {"QueueDequeueUpToV2"}


@pytest.mark.parametrize("writer", ["unlifted_runner", "feed_thread"])
def test_other_writers_of_one_known_shape_also_give_chunks(paths, writer):
    """A runner the drop-in does not lift (a control dependency: it runs the program's enqueue ops, as legacy),
    and a thread feeding ``enqueue_many`` through a placeholder of a fully known shape: the kernel can be given
    that shape all the same."""
    def run(tf1):
        with tf.Graph().as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            examples = _shuffle_queue(tf1)
            fed = tf1.placeholder(tf1.string, [RECORDS])
            if writer == "unlifted_runner":
                filename_queue = tf1.train.string_input_producer(paths, num_epochs=1, shuffle=False)
                _, value = tf1.TFRecordReader().read(filename_queue)
                with tf1.control_dependencies([tf1.no_op()]):
                    op = examples.enqueue([value])
                tf1.train.add_queue_runner(tf1.train.QueueRunner(examples, [op]))
            else:
                op, close = examples.enqueue_many([fed]), examples.close()
            batch = tf1.train.shuffle_batch([_numbers(tf1, examples.dequeue())], 4, capacity=12, min_after_dequeue=2,
                                            allow_smaller_final_batch=True)
            got = []
            with tf1.Session() as sess:
                sess.run(tf1.local_variables_initializer())
                coord = tf1.train.Coordinator()
                threads = tf1.train.start_queue_runners(sess, coord)
                if writer == "feed_thread":
                    def feed() -> None:
                        for f in range(FILES):
                            sess.run(op, feed_dict={fed: [str(100 * f + i) for i in range(RECORDS)]})
                        sess.run(close)

                    threads.append(threading.Thread(target=feed, daemon=True))
                    threads[-1].start()
                try:
                    for _ in range(100):
                        got.extend(sess.run(batch).tolist())
                except tf.errors.OutOfRangeError:
                    pass
                coord.request_stop()
                coord.join(threads, stop_grace_period_secs=10)
            return sorted(got), kernel_reads(tf1.get_default_graph(), batch)

    legacy, _ = run(batch_harness.LEGACY)
    ours, reads = run(batch_harness.BRIDGE)
    assert legacy == EVERY
    assert ours == EVERY
    assert reads == {"QueueDequeueUpToV2"}


def _drain_two(tf1: Any, batch: Any, single: Any) -> list[int]:
    """A batch and the program's own dequeue of one queue, run in turn until both end: what they got."""
    got, running = [], [batch, single]
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess, coord)
        for _ in range(200):
            for fetch in list(running):
                try:
                    got.extend(int(x) for x in np.reshape(sess.run(fetch), [-1]))
                except tf.errors.OutOfRangeError:
                    running.remove(fetch)
            if not running:
                break
        assert not running, "a consumer never ended"
        coord.request_stop()
        coord.join(threads, stop_grace_period_secs=10)
        return sorted(got)


def test_the_programs_own_dequeue_beside_the_batch_gets_each_element_once(paths):
    """Another consumer of the queue, also draining it after its close: each element reaches one of them."""
    def run(tf1):
        with tf.Graph().as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            examples = _shuffle_queue(tf1)
            _runner(tf1, paths, examples)
            batch = tf1.train.batch([_numbers(tf1, examples.dequeue())], 3, allow_smaller_final_batch=True)
            single = _numbers(tf1, examples.dequeue())
            return _drain_two(tf1, batch, single), kernel_reads(tf1.get_default_graph(), batch)

    legacy, _ = run(batch_harness.LEGACY)
    ours, reads = run(batch_harness.BRIDGE)
    assert legacy == EVERY
    assert ours == EVERY
    assert reads == {"QueueDequeueUpToV2"}


@pytest.mark.parametrize("allow_smaller", [True, False])
def test_min_after_dequeue_holds_until_close_then_the_rest_arrives(paths, allow_smaller):
    """25 of 30 elements must stay behind until the runner closes the queue; then legacy delivers them."""
    def build(tf1):
        examples = tf1.RandomShuffleQueue(capacity=40, min_after_dequeue=25, dtypes=[tf1.string], seed=3)
        _runner(tf1, paths, examples, readers=3)
        return tf1.train.batch([_numbers(tf1, examples.dequeue())], 4, allow_smaller_final_batch=allow_smaller)

    legacy, ours = batch_harness.both(build)
    assert len(flat(legacy.batches)) == (30 if allow_smaller else 28)
    assert len(flat(ours.batches)) == len(flat(legacy.batches))
    assert len(set(flat(ours.batches))) == len(flat(ours.batches))
    assert set(flat(ours.batches)) <= set(EVERY)
    assert ours.end is legacy.end is tf.errors.OutOfRangeError
    assert kernel_reads(ours.graph, ours.out) == {"QueueDequeueUpToV2"}


def test_close_with_cancel_pending_enqueues_then_size(paths):
    """The program closes the queue itself, cancelling the runner's pending enqueues, after the first batch:
    what arrives is each element at most once, the end is OutOfRangeError, and size() is 0 after it (what the
    queue held when closed arrives). No ``Coordinator``: legacy's runner hands the ``CancelledError`` of its
    cancelled enqueue to one, which then closes the batch's queue early, as timing decides."""
    def run(tf1):
        with tf.Graph().as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            examples = _shuffle_queue(tf1)
            _runner(tf1, paths, examples)
            batch = tf1.train.batch([_numbers(tf1, examples.dequeue())], 4, allow_smaller_final_batch=True)
            close, size = examples.close(cancel_pending_enqueues=True), examples.size()
            got, end = [], None
            with tf1.Session() as sess:
                sess.run(tf1.local_variables_initializer())
                threads = tf1.train.start_queue_runners(sess)
                got.extend(sess.run(batch).tolist())
                sess.run(close)
                try:
                    for _ in range(100):
                        got.extend(sess.run(batch).tolist())
                except tf.errors.OutOfRangeError as e:
                    end = type(e)
                left = sess.run(size)
                for thread in threads:  # (a runner whose enqueue the close cancelled ends with that error)
                    thread.join(10)
            return got, end, left, kernel_reads(tf1.get_default_graph(), batch)

    for tf1, reads in ((batch_harness.LEGACY, set()), (batch_harness.BRIDGE, {"QueueDequeueUpToV2"})):
        got, end, left, found = run(tf1)
        assert len(got) == len(set(got)) >= 4 and set(got) <= set(EVERY)
        assert end is tf.errors.OutOfRangeError
        assert left == 0, (tf1.__name__, sorted(got))
        assert found == reads


def _with_other_writer(tf1: Any, paths: list[str], late: bool) -> tuple[Any, Any, Any, Any]:
    """The runner's feed enqueues scalars; the program's own enqueue, through a placeholder of another shape,
    two elements per run (built before or after the batch)."""
    examples = _shuffle_queue(tf1)
    _runner(tf1, paths, examples)
    fed = tf1.placeholder(tf1.string, [2])
    extra = None if late else examples.enqueue([fed])
    batch = tf1.train.batch([_numbers(tf1, examples.dequeue())], 4, allow_smaller_final_batch=True)
    if late:
        extra = examples.enqueue([fed])
    return examples, batch, extra, fed


@pytest.mark.parametrize("late", [False, True], ids=["built_before", "built_after"])
def test_a_python_enqueue_of_another_shape_keeps_the_per_element_read(paths, late):
    """A kernel given the runner's shape would refuse the program's own enqueue of another: none is given.
    The session runs its graph without making it the default one (the batch is rebuilt in its own graph)."""
    def run(tf1):
        graph = tf.Graph()
        with graph.as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            _, batch, extra, fed = _with_other_writer(tf1, paths, late)
            init = tf1.local_variables_initializer()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            got = []
            with tf1.Session(graph=graph) as sess:
                sess.run(init)
                sess.run(extra, feed_dict={fed: [str(EXTRA), "1"]})  # (before the runner starts: room for it)
                coord = tf1.train.Coordinator()
                threads = tf1.train.start_queue_runners(sess, coord)
                try:
                    for _ in range(100):
                        got.extend(sess.run(batch).tolist())
                except tf.errors.OutOfRangeError:
                    pass
                coord.request_stop()
                coord.join(threads, stop_grace_period_secs=10)
            return sorted(got), kernel_reads(graph, batch)

    legacy, _ = run(batch_harness.LEGACY)
    ours, reads = run(batch_harness.BRIDGE)
    assert legacy == sorted(EVERY + [EXTRA + 1])
    assert ours == legacy
    assert reads == {"QueueDequeueV2"}


def test_a_dequeue_many_legacy_refuses_keeps_refusing(paths):
    """dequeue_many of a queue without shapes fails in legacy's kernel; a queue given shapes would serve it."""
    def run(tf1):
        with tf.Graph().as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            examples = _shuffle_queue(tf1)
            _runner(tf1, paths, examples)
            batch = tf1.train.batch([_numbers(tf1, examples.dequeue())], 4)
            many = examples.dequeue_many(2)
            with tf1.Session() as sess:
                sess.run(tf1.local_variables_initializer())
                coord = tf1.train.Coordinator()
                threads = tf1.train.start_queue_runners(sess, coord)
                with pytest.raises(tf.errors.InvalidArgumentError, match="shapes"):
                    sess.run(many)
                coord.request_stop()
                coord.join(threads, stop_grace_period_secs=10)
            return kernel_reads(tf1.get_default_graph(), batch)

    assert run(batch_harness.LEGACY) == set()
    assert run(batch_harness.BRIDGE) == {"QueueDequeueV2"}


def test_a_writer_of_another_shape_built_after_the_graph_ran_is_refused(paths):
    import tfdata_bridge.compat.v1 as tf1

    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        examples = _shuffle_queue(tf1)
        _runner(tf1, paths, examples)
        tf1.train.batch([_numbers(tf1, examples.dequeue())], 4)
        with tf1.Session() as sess:
            sess.run(tf1.local_variables_initializer())
            examples.enqueue([tf1.constant(["1", "2"])])
            with pytest.raises(RuntimeError, match=r"build every enqueue and dequeue of the queue before"):
                sess.run(examples.size())


def test_a_writer_in_a_cond_branch_is_seen(paths):
    """An enqueue inside a ``tf.cond`` branch is not a consumer of the queue's handle in the graph; the
    drop-in's enqueue records it all the same."""
    import tfdata_bridge.compat.v1 as tf1

    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        examples = _shuffle_queue(tf1)
        _runner(tf1, paths, examples)
        flag = tf1.placeholder(tf1.bool, [])
        tf1.cond(flag, lambda: examples.enqueue([tf1.constant(["1", "2"])]), tf1.no_op)
        batch = tf1.train.batch([_numbers(tf1, examples.dequeue())], 4)
        assert kernel_reads(tf1.get_default_graph(), batch) == {"QueueDequeueV2"}
