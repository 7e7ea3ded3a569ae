"""The ResNet input as a method of a class in the program's module (``from tensorflow.compat.v1 import train``),
sizes from a dataset switch with a guard ``raise``, the reader built from them; the training branch taken."""

import os

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


class Inputs(object):

    def __init__(self, dataset):
        self.dataset = dataset

    def build(self, data_files, batch_size, training):
        if self.dataset == 'small':
            header = 1
        else:
            raise ValueError('unknown dataset')
        size = header + 4
        size_note = 'record of %d bytes' % size
        reader = tf.FixedLengthRecordReader(size)
        _, value = reader.read(train.string_input_producer(data_files, num_epochs=1, shuffle=False))
        record = tf.decode_raw(value, tf.uint8)
        record.set_shape([size])
        label = tf.cast(record[:1], tf.int32)
        image = tf.cast(record[header:], tf.float32)
        if training:
            image = image + 10.0
            queue = tf.RandomShuffleQueue(40, 8, dtypes=[tf.float32, tf.int32], shapes=[[4], [1]])
            threads = 2
        else:
            queue = tf.FIFOQueue(40, dtypes=[tf.float32, tf.int32], shapes=[[4], [1]])
            threads = 1
        op = queue.enqueue([image, label])
        train.add_queue_runner(train.QueueRunner(queue, [op] * threads))
        return queue.dequeue_many(batch_size)


def main(data_dir):
    from w3a_lib import inputs as helpers
    paths = [os.path.join(data_dir, 'w3a-train-%d.bin' % i) for i in range(3)]
    for p in paths:
        helpers.write_records(p, 4)
    images, labels = Inputs('small').build(paths, 3, True)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord=coord)
        try:
            while True:
                x, y = sess.run([images, labels])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
