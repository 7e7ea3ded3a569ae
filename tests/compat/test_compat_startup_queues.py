"""A drop-in queue's dequeue that nothing lifts costs what legacy's costs: it is TensorFlow's own dequeue op,
built as legacy builds it (name, inputs, attributes, static shapes), with no dataset, ``tf.cond`` or function
in the graph; it delivers legacy's elements, ends with legacy's error (type, message, failing op) and still
tells lifting which queue it read (``dequeue_source``)."""

from __future__ import annotations

import re
import threading
import warnings
from typing import Any, Callable

import numpy as np
import pytest
import tensorflow as tf

import tfdata_bridge.compat.v1 as BRIDGE
from tfdata_bridge._src.compat.queue_reading import dequeue_source

pytestmark = pytest.mark.timeout(120)

LEGACY = tf.compat.v1
CONFIG = LEGACY.ConfigProto(operation_timeout_in_ms=10_000)  # every blocking run is bounded


def _fifo(tf1: Any) -> list[Any]:
    q = tf1.FIFOQueue(10, [tf.int32, tf.float32], shapes=[[], [2]])
    return [q.dequeue(), q.dequeue_many(3), q.dequeue_up_to(4, name="upto")]


def _named_in_a_scope(tf1: Any) -> list[Any]:
    with tf1.name_scope("input"):
        q = tf1.queue.FIFOQueue(5, [tf.int64, tf.string], shapes=[[], []], names=["id", "text"])
        return [q.dequeue(), q.dequeue_many(2)]


def _padding_fed_n(tf1: Any) -> list[Any]:
    q = tf1.PaddingFIFOQueue(8, [tf.int64, tf.int64], shapes=[[None], []])
    n = tf1.placeholder_with_default(tf.constant(3), [])
    return [q.dequeue_many(n), q.dequeue_many(2)]


def _shuffle_and_priority(tf1: Any) -> list[Any]:
    shuffled = tf1.RandomShuffleQueue(20, 5, [tf.float32], shapes=[[3]], seed=7)
    priority = tf1.PriorityQueue(5, [tf.string], shapes=[[]])
    return [shuffled.dequeue_many(4), shuffled.dequeue(), priority.dequeue()]


def _from_list(tf1: Any) -> list[Any]:
    queues = [tf1.FIFOQueue(3, tf.int32, shapes=[[]], shared_name=f"q{i}") for i in range(2)]
    return [tf1.QueueBase.from_list(tf1.placeholder(tf.int32, []), queues).dequeue()]


BUILDS = {"fifo": _fifo, "named_in_a_scope": _named_in_a_scope, "padding_fed_n": _padding_fed_n,
          "shuffle_and_priority": _shuffle_and_priority, "from_list": _from_list}


def _dequeue_ops(tf1: Any, build: Callable[[Any], list[Any]]) -> tuple[list[Any], list[Any], Any, list[Any]]:
    """What ``build`` returns, each dequeue's op as ``(name, type, inputs, attrs, output shapes)``, the graph,
    and each dequeued tensor's ``(method, n, index)`` as ``dequeue_source`` records it (None: not recorded)."""
    with tf.Graph().as_default() as graph, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        values = build(tf1)
        ops, sources = [], []
        for value in values:
            op = tf.nest.flatten(value)[0].op
            ops.append((op.name, op.type, [t.name for t in op.inputs], dict(op.node_def.attr),
                        [t.shape.as_list() if t.shape.rank is not None else None for t in op.outputs]))
            found = [dequeue_source(t) for t in op.outputs]
            sources.append([None if f is None else (f.method, f.n, f.index) for f in found])
        return values, ops, graph, sources


@pytest.mark.parametrize("case", sorted(BUILDS))
def test_an_unlifted_dequeue_is_legacys_op_with_nothing_traced(case):
    legacy_values, legacy_ops, _, _ = _dequeue_ops(LEGACY, BUILDS[case])
    values, ops, graph, sources = _dequeue_ops(BRIDGE, BUILDS[case])
    assert ops == legacy_ops
    assert [type(v) for v in values] == [type(v) for v in legacy_values]  # a dict for names, a bare one-component
    assert not graph.as_graph_def().library.function  # no dataset function, no cond branch
    assert not [op.type for op in graph.get_operations() if op.type.endswith("Dataset") or "If" in op.type]
    # lifting still finds the queue, the method, its n and the component of each dequeued tensor
    for (_, op_type, _, _, _), found in zip(ops, sources):
        method = {"QueueDequeueV2": "dequeue", "QueueDequeueManyV2": "dequeue_many"}.get(op_type, "dequeue_up_to")
        assert [f[0] for f in found] == [method] * len(found) and [f[2] for f in found] == list(range(len(found)))
    assert [f[1] for found in sources for f in found if f[0] != "dequeue"] == {
        "fifo": [3, 3, 4, 4], "named_in_a_scope": [2, 2], "padding_fed_n": [None, None, 2, 2],
        "shuffle_and_priority": [4], "from_list": []}[case]


def _sentinel_runner(tf1: Any) -> tuple[list[Any], str, str, str]:
    """A ``PaddingFIFOQueue`` filled by a ``QueueRunner`` of a ``py_func`` (variable-length rows), read with
    ``dequeue_many(3)`` until the runner closes it with 2 rows left: the batches, then the end's error type,
    message (the queue's generated name masked) and failing op."""
    rows = iter([np.arange(n % 4, dtype=np.int64) + 10 * n for n in range(11)])

    def next_row() -> np.ndarray:
        return next(rows)  # StopIteration ends the py_func with OutOfRangeError: the runner closes the queue

    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        row = tf1.py_func(next_row, [], tf.int64, stateful=True)
        row.set_shape([None])
        q = tf1.PaddingFIFOQueue(4, [tf.int64], shapes=[[None]])
        tf1.train.add_queue_runner(tf1.train.QueueRunner(q, [q.enqueue([row])]))
        batch = q.dequeue_many(3)
        got = []
        with tf1.Session(config=CONFIG) as sess:
            coord = tf1.train.Coordinator()
            threads = tf1.train.start_queue_runners(sess, coord)
            with pytest.raises(tf.errors.OpError) as ended:
                for _ in range(10):
                    got.append(sess.run(batch).tolist())
            coord.request_stop()
            coord.join(threads, stop_grace_period_secs=10)
    message = re.sub(r"'[^']*padding_fifo_queue'", "'QUEUE'", ended.value.message.split("\n")[0])
    return got, ended.type.__name__, message, ended.value.op.name


def test_a_runner_filled_padding_queue_read_by_dequeue_many_gives_legacys_batches_and_end():
    legacy, ours = _sentinel_runner(LEGACY), _sentinel_runner(BRIDGE)
    assert ours == legacy
    assert legacy[1] == "OutOfRangeError" and len(legacy[0]) == 3  # (the 2 rows left are lost, as legacy's)


def test_threads_sharing_one_dequeue_get_each_element_once_as_legacys():
    def program(tf1: Any) -> list[int]:
        with tf.Graph().as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            q = tf1.FIFOQueue(100, tf.int32, shapes=[[]])
            one = q.dequeue()
            with tf1.Session(config=CONFIG) as sess:
                sess.run(q.enqueue_many([list(range(40))]))
                sess.run(q.close())
                got: list[int] = []
                lock = threading.Lock()

                def take() -> None:
                    try:
                        while True:
                            value = int(sess.run(one))
                            with lock:
                                got.append(value)
                    except tf.errors.OutOfRangeError:
                        pass

                threads = [threading.Thread(target=take) for _ in range(3)]
                for thread in threads:
                    thread.start()
                for thread in threads:
                    thread.join(30)
                return sorted(got)

    assert program(BRIDGE) == program(LEGACY) == list(range(40))
