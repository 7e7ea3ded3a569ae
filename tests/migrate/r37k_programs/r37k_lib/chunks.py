"""A stage that takes a queue: chunks of it, re-shuffled by its own RandomShuffleQueue (the queue's arguments
come through ``**queue_args``)."""
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def reshuffle_chunks(source_queue, chunk=8, **queue_args):
    rows = source_queue.dequeue_many(chunk)
    kinds = [rows.dtype]
    shapes = [rows.get_shape()[1:]]
    q = tf.RandomShuffleQueue(dtypes=kinds, shapes=shapes, **queue_args)
    put = q.enqueue_many([rows])
    train.add_queue_runner(train.QueueRunner(q, [put] * 2))
    return q.dequeue()
