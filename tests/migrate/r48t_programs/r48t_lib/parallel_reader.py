"""slim's ``parallel_read`` as slim writes it: the whole body in ``with tf.name_scope(scope, 'parallel_read'):``,
its dtypes ``dtypes or [tf.string, tf.string]``, the common queue chosen by ``if shuffle``, the readers' records
enqueued whole (key, value) and the dequeue returned under an op name."""
import os

import tensorflow.compat.v1 as tf


def write_shards(folder, shards=3, per_shard=4):
    paths = []
    for s in range(shards):
        path = os.path.join(folder, "sales-%d.tfrecord" % s)
        with tf.python_io.TFRecordWriter(path) as w:
            for i in range(per_shard):
                n = s * per_shard + i
                w.write(tf.train.Example(features=tf.train.Features(feature={
                    "sale/id": tf.train.Feature(int64_list=tf.train.Int64List(value=[n])),
                    "sale/show": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"show-%d" % (n % 3)])),
                })).SerializeToString())
        paths.append(path)
    return paths


def parallel_read(data_sources, num_epochs=None, num_readers=4, shuffle=True, dtypes=None, capacity=256,
                  min_after_dequeue=128, seed=None, scope=None):
  """Reads records with `num_readers` readers into a common queue; returns its (key, value) dequeue."""
  with tf.name_scope(scope, 'parallel_read'):
    filename_queue = tf.train.string_input_producer(
        data_sources, num_epochs=num_epochs, shuffle=shuffle, seed=seed, name='filenames')
    dtypes = dtypes or [tf.string, tf.string]
    if shuffle:
      common_queue = tf.RandomShuffleQueue(
          capacity=capacity, min_after_dequeue=min_after_dequeue, dtypes=dtypes, seed=seed, name='common_queue')
    else:
      common_queue = tf.FIFOQueue(capacity=capacity, dtypes=dtypes, name='common_queue')
    enqueue_ops = []
    for _ in range(num_readers):
      reader = tf.TFRecordReader()
      enqueue_ops.append(common_queue.enqueue(reader.read(filename_queue)))
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(common_queue, enqueue_ops))
    return common_queue.dequeue(name='dequeue')
