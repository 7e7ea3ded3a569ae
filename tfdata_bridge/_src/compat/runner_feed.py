"""A hand-built ``QueueRunner`` whose enqueue ops can run inside tf.data: its queue filled a chunk at a time.

The "prefetch input data" pattern of large image and captioning models builds its own queue and runner:
``k`` readers each ``read()`` a record, ``examples.enqueue([value])`` per reader, and
``QueueRunner(examples, enqueue_ops)``. Legacy runs one Python thread per enqueue op, one ``sess.run``
per element. Run that way through the drop-in, each ``read()`` is also a tf.data iterator's ``get_next``
(and, with ``k`` readers on one input producer, a shared stream read through TensorFlow's reader kernels
one record per call): it measured at a third of legacy's speed.

Those enqueue ops are exactly the tensor lists of a ``tf.train.batch_join`` (``k`` producers, each
running its ops once per element it enqueues into one queue), so ``feed`` builds that pipeline
(``graph_batch.build``: the lists lifted into tf.data, readers splitting their input producer's file
names, no Python per element) batched in chunks, and the runner runs one ``enqueue_many`` of the chunk
instead of the ``k`` per-element ops. The user's queue is still TensorFlow's queue kernel: its
shuffling (a ``RandomShuffleQueue``'s ``min_after_dequeue``), capacity, ``close`` and ``size``, and every
reader of it (several dequeues compete for its elements, as legacy) are legacy's. What changes: the
enqueue ops themselves never run (running one by hand fails, saying its reads were taken over, rather
than read every record twice), and up to two chunks are read ahead of the queue's capacity. At the end
of the producers, the last, smaller chunk goes in, and the runner closes the queue as legacy's last
thread did. Where a record fails part way through a chunk (a missing file, a corrupt record, a
per-record op), the records of the chunk before it still go in (``runner``), then the error.

Only where nothing changes what arrives: a ``FIFOQueue`` or ``RandomShuffleQueue`` of the drop-in, every
op a plain ``enqueue`` into it with fully known shapes and no control dependency, and every tensor list
liftable (``lifting.analyze``); else the runner runs the enqueue ops as legacy did.
"""

from __future__ import annotations

import logging
from typing import Any

from tfdata_bridge._src import plan
from tfdata_bridge._src.compat import batch_retry, lifting
from tfdata_bridge._src.tf import tf

logger = logging.getLogger("tfdata_bridge")
tf1 = tf.compat.v1

FED_QUEUES = frozenset({"FIFOQueueV2", "RandomShuffleQueueV2"})


def runner(sess: Any, op: Any) -> Any:
    """How the runner thread runs ``op`` (what ``feed`` made): its callable, and where a run fails, the
    drop-in's recovery (``batch_retry.recover``): a chunk whose read fails part way still enqueues the
    records before the failure (``partial_replay.py``), as legacy's runner had enqueued each one, and the
    error reaches the runner next (through the ``Coordinator``'s ``OutOfRangeError`` where the program
    gave one), every time it runs again."""
    call = sess.make_callable(op)

    def run() -> Any:
        failed = batch_retry.failed_before(sess, op)
        if isinstance(failed, batch_retry.Pending):
            return sess.run(op, feed_dict=failed.feeds)
        if failed is not None:
            raise failed
        try:
            return call()
        except tf.errors.OpError as e:
            recovered, outcome = batch_retry.recover(sess, e, lambda feeds: sess.run(op, feed_dict=feeds))
            if recovered:
                return outcome
            batch_retry.remember(sess, e, outcome)  # its later runs raise it too (legacy's runner had stopped)
            if outcome is e:
                raise
            raise outcome from e

    return run


chunk_size = plan.runner_feed_chunk  # elements per enqueue_many (the decision and its reason: plan/)


def _tensor_lists(queue: Any, enqueue_ops: list[Any]) -> list[list[Any]] | None:
    """The values each of ``enqueue_ops`` enqueues into ``queue`` (component order), or None where one is
    not a plain ``enqueue`` of fully known shapes into it."""
    ref = getattr(queue, "queue_ref", None)
    if getattr(queue, "_tfdb_reopen", None) is None or ref is None or ref.op.type not in FED_QUEUES:
        return None
    lists = []
    for op in enqueue_ops:
        if not isinstance(op, tf1.Operation) or op.type != "QueueEnqueueV2" or op.control_inputs:
            return None
        if op.inputs[0].name != ref.name:
            return None
        values = list(op.inputs[1:])
        if not values or not all(v.shape.is_fully_defined() for v in values):
            return None
        if lists and [(v.dtype, v.shape) for v in values] != [(v.dtype, v.shape) for v in lists[0]]:
            return None  # (a queue without shapes takes elements of several shapes: no batch of them)
        lists.append(values)
    return lists


def feed(queue: Any, enqueue_ops: list[Any], name: str) -> Any | None:
    """One ``enqueue_many`` op putting into ``queue`` what running ``enqueue_ops`` would, a chunk at a time,
    from a tf.data pipeline (see the module docstring), or None where that could change what arrives."""
    from tfdata_bridge._src.compat import graph_batch

    if tf.executing_eagerly() or not enqueue_ops:
        return None
    lists = _tensor_lists(queue, list(enqueue_ops))
    if lists is None:
        return None
    for values in lists:
        lift = lifting.analyze(values, python_producers=True)
        if isinstance(lift, lifting.Blocker):
            logger.debug("QueueRunner %s runs its enqueue ops: %s", name, lift.describe())
            return None
    chunk = chunk_size(queue.queue_ref.op.get_attr("capacity"))
    graph = lists[0][0].graph
    with graph.as_default(), tf1.name_scope(f"{name}_tfdata_feed") as scope, tf1.device("/device:CPU:0"):
        req = graph_batch.GraphBatch(
            api="train.QueueRunner", tensor_lists=lists, threads=1, keep=None,
            dtypes=[v.dtype for v in lists[0]], shapes=[v.shape for v in lists[0]], enqueue_many=False,
            batch_size=chunk, capacity=2 * chunk, dynamic_pad=False, allow_smaller_final_batch=True,
            shuffle=None, scope=scope)
        built = graph_batch.build(req, stacklevel=4)
        with tf1.device(queue.queue_ref.device or None):
            return tf.raw_ops.QueueEnqueueManyV2(handle=queue.queue_ref, components=built.tensors,
                                                 name="enqueue_chunk")
