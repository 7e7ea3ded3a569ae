"""The replay buffer: one enqueue op per actor, each enqueuing the one tensor its actor makes."""
import tensorflow.compat.v1 as tf

from r35r_lib import actors


def build(filenames, batch_size):
  queue = tf.FIFOQueue(capacity=8, dtypes=[actors.dtype], shapes=[actors.shape],
                       shared_name='replay_buffer')
  enq_ops = []
  for i, filename in enumerate(filenames):
    input = actors.actor_input(filename, i)
    enq_ops.append(queue.enqueue(input, name='enq_input_{}'.format(i)))
  tf.train.add_queue_runner(tf.train.QueueRunner(queue, enq_ops))
  dequeued = queue.dequeue_many(batch_size, name='dequeued')
  return dequeued
