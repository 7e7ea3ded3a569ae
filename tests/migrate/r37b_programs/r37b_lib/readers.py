"""slim-style parallel readers in a library module: the common queue chosen by the ``shuffle`` parameter."""
import os

import tensorflow.compat.v1 as tf

CAPACITY = 12
MIN_AFTER_DEQUEUE = 3


def write_shards(folder, shards=3, per_shard=4):
    paths = []
    for s in range(shards):
        path = os.path.join(folder, "train-%05d-of-%05d.tfrecords" % (s, shards))
        with tf.python_io.TFRecordWriter(path) as w:
            for i in range(per_shard):
                w.write(tf.train.Example(features=tf.train.Features(feature={
                    "id": tf.train.Feature(int64_list=tf.train.Int64List(value=[s * per_shard + i])),
                    "name": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"%d_left.jpeg" % (s + i)])),
                })).SerializeToString())
        paths.append(path)
    return paths


def parallel_read(data_sources, shuffle=True, num_readers=4, num_epochs=1):
    filename_queue = tf.train.string_input_producer(data_sources, num_epochs=num_epochs, shuffle=shuffle)
    if shuffle:
        common_queue = tf.RandomShuffleQueue(capacity=CAPACITY, min_after_dequeue=MIN_AFTER_DEQUEUE,
                                             dtypes=[tf.string])
    else:
        common_queue = tf.FIFOQueue(capacity=CAPACITY, dtypes=[tf.string])
    enqueue_ops = []
    for _ in range(num_readers):
        reader = tf.TFRecordReader()
        _, value = reader.read(filename_queue)
        enqueue_ops.append(common_queue.enqueue([value]))
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(common_queue, enqueue_ops))
    return common_queue.dequeue()
