"""``as_dataset()`` of the eager queues: what has been and will be enqueued, read by tf.data in chunks,
ending when the queue is closed and drained, with ``dequeue_many`` / ``dequeue_up_to`` batch semantics."""

from __future__ import annotations

import collections
import threading
import warnings

import numpy as np
import pytest
import tensorflow as tf

import tfdata_bridge
from tfdata_bridge._src.warnings import BridgeWarning

WAIT_S = 10


def producer(q, items, many=False):
    """A thread that enqueues ``items`` then closes ``q``; joined with a timeout by ``finish``."""
    def run():
        if many:
            q.enqueue_many(items)
        else:
            for item in items:
                q.enqueue(item)
        q.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def finish(q, thread):
    thread.join(WAIT_S)
    alive = thread.is_alive()
    q.close(cancel_pending_enqueues=True)
    assert not alive, "the producer thread did not end"


def test_elements_arrive_in_order_while_a_thread_enqueues_and_the_dataset_ends_at_close():
    q = tfdata_bridge.FIFOQueue(8, [tf.int32, tf.float32], shapes=[[], [3]])
    thread = producer(q, [(i, [i, -i, 0.5]) for i in range(100)])
    try:
        ds = q.as_dataset()
        assert ds.element_spec == (tf.TensorSpec([], tf.int32), tf.TensorSpec([3], tf.float32))
        got = [(int(a), b.numpy().tolist()) for a, b in ds]
    finally:
        finish(q, thread)
    assert got == [(i, [i, -i, 0.5]) for i in range(100)]


def test_ready_elements_cross_into_tf_data_in_one_python_call_per_chunk():
    from tfdata_bridge._src.plan import CHUNK_LIMIT

    q = tfdata_bridge.FIFOQueue(400, tf.int64, shapes=[[]])
    q.enqueue_many((np.arange(CHUNK_LIMIT + 22),))
    q.close()
    calls = []
    take = q._channel.get_available

    def counted(*args, **kwargs):
        calls.append(1)
        return take(*args, **kwargs)

    q._channel.get_available = counted
    assert [int(v) for v in q.as_dataset()] == list(range(CHUNK_LIMIT + 22))
    assert len(calls) == 3  # a whole chunk, the 22 left, then the end


@pytest.mark.parametrize("allow_smaller", [False, True])
def test_batches_follow_dequeue_many_or_dequeue_up_to_at_the_end(allow_smaller):
    q = tfdata_bridge.FIFOQueue(20, tf.int32, shapes=[[2]])
    q.enqueue_many(([[i, i] for i in range(10)],))
    q.close()
    ds = q.as_dataset(batch_size=4, allow_smaller_final_batch=allow_smaller)
    assert ds.element_spec == tf.TensorSpec([None if allow_smaller else 4, 2], tf.int32)
    firsts = [b[:, 0].numpy().tolist() for b in ds]
    if allow_smaller:  # dequeue_up_to returns the tail
        assert firsts == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]] and q.size().numpy() == 0
    else:  # dequeue_many leaves it in the queue
        assert firsts == [[0, 1, 2, 3], [4, 5, 6, 7]] and q.size().numpy() == 2


def test_named_components_become_dict_elements():
    q = tfdata_bridge.FIFOQueue(10, [tf.int32, tf.string], shapes=[[], []], names=["label", "text"])
    thread = producer(q, {"label": [1, 2, 3], "text": ["a", "b", "c"]}, many=True)
    try:
        batches = list(q.as_dataset(batch_size=2, allow_smaller_final_batch=True))
    finally:
        finish(q, thread)
    assert [sorted(b) for b in batches] == [["label", "text"]] * 2
    assert [b["label"].numpy().tolist() for b in batches] == [[1, 2], [3]]
    assert [b["text"].numpy().tolist() for b in batches] == [[b"a", b"b"], [b"c"]]


def test_a_second_iteration_continues_from_where_the_queue_is():
    q = tfdata_bridge.FIFOQueue(10, tf.int32, shapes=[[]])
    q.enqueue_many(([0, 1, 2, 3, 4, 5],))
    ds = q.as_dataset(batch_size=2)
    assert [b.numpy().tolist() for b in ds.take(1)] == [[0, 1]]
    assert [b.numpy().tolist() for b in ds.take(1)] == [[2, 3]]
    assert q.dequeue().numpy() == 4  # direct dequeues share the queue with the dataset
    q.close()
    assert [b.numpy().tolist() for b in ds] == []  # one left: dequeue_many's tail stays
    assert [b.numpy().tolist() for b in q.as_dataset(batch_size=2, allow_smaller_final_batch=True)] == [[5]]


def test_elements_of_varying_shape_come_out_one_by_one_unbatched():
    q = tfdata_bridge.FIFOQueue(10, tf.int32)
    for value in ([1], [2, 3], [4, 5], 6):
        q.enqueue((value,))  # a list alone would be read as one value per component
    q.close()
    ds = q.as_dataset()
    assert ds.element_spec.shape.rank is None
    assert [v.numpy().tolist() for v in ds] == [[1], [2, 3], [4, 5], 6]


def test_batches_need_specified_shapes_as_dequeue_many_does():
    q = tfdata_bridge.FIFOQueue(10, tf.int32)
    with pytest.raises(tf.errors.InvalidArgumentError, match="DequeueMany and DequeueUpTo require"):
        q.as_dataset(batch_size=2)


def test_a_padding_queue_pads_each_batch_and_keeps_varying_dimensions_unknown():
    q = tfdata_bridge.PaddingFIFOQueue(10, [tf.int32], shapes=[[None]])
    for value in ([1], [2, 3, 4], [5, 6], [7]):
        q.enqueue((value,))
    q.close()
    ds = q.as_dataset(batch_size=2)
    assert ds.element_spec == tf.TensorSpec([2, None], tf.int32)
    assert [b.numpy().tolist() for b in ds] == [[[1, 0, 0], [2, 3, 4]], [[5, 6], [7, 0]]]


def test_a_random_shuffle_queue_delivers_each_element_once_in_a_shuffled_order():
    q = tfdata_bridge.RandomShuffleQueue(50, 10, tf.int32, shapes=[[]], seed=3)
    thread = producer(q, (list(range(200)),), many=True)
    try:
        got = [int(v) for v in q.as_dataset()]
    finally:
        finish(q, thread)
    assert collections.Counter(got) == collections.Counter(range(200)) and got != list(range(200))


def test_a_priority_queue_reads_the_priority_as_the_first_component():
    q = tfdata_bridge.PriorityQueue(10, [tf.string], shapes=[[]])
    q.enqueue_many(([3, 1, 2], ["c", "a", "b"]))
    q.close()
    assert [(int(p), s.numpy()) for p, s in q.as_dataset()] == [(1, b"a"), (2, b"b"), (3, b"c")]


def test_arguments_that_mean_nothing_are_refused_or_warned_about():
    q = tfdata_bridge.FIFOQueue(10, tf.int32, shapes=[[]])
    with pytest.raises(ValueError, match=r"batch_size \(0\) must be a positive int"):
        q.as_dataset(batch_size=0)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        q.as_dataset(allow_smaller_final_batch=True)
    assert [w.category for w in caught] == [BridgeWarning]
