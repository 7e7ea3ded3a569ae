"""A class builds its batches with a FIFOQueue typed by the tensors it holds (``dtypes=[t.dtype, ...]``), filled
by two runner threads (``[op] * 2``) and read by ``dequeue_many``; the train module imported by name."""
import os

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def _write_tiles(path, count):
    with tf.python_io.TFRecordWriter(path) as writer:
        for i in range(count):
            pixels = np.arange(6, dtype=np.float32) + i
            example = train.Example(features=train.Features(feature={
                'pixels': train.Feature(float_list=train.FloatList(value=pixels.tolist())),
                'label': train.Feature(int64_list=train.Int64List(value=[i])),
            }))
            writer.write(example.SerializeToString())


class TileInput(object):

    def __init__(self, path, batch_size, threads=2):
        self.path = path
        self.batch_size = batch_size
        self.threads = threads

    def batches(self):
        producer = train.string_input_producer([self.path], num_epochs=1, shuffle=False)
        reader = tf.TFRecordReader()
        _, value = reader.read(producer)
        feats = tf.parse_single_example(value, features={
            'pixels': tf.FixedLenFeature([6], tf.float32),
            'label': tf.FixedLenFeature([], tf.int64)})
        tile = tf.reshape(feats['pixels'], [2, 3]) / 4.0
        label = tf.cast(feats['label'], tf.int32)
        q = tf.FIFOQueue(32, dtypes=[tile.dtype, label.dtype], shapes=[tile.shape, label.shape])
        op = q.enqueue([tile, label])
        train.add_queue_runner(train.QueueRunner(q, [op] * self.threads))
        tiles, labels = q.dequeue_many(self.batch_size)
        return tiles, labels


def main(data_dir):
    root = os.path.join(data_dir, 'r66d_tiles')
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'tiles.tfrecord')
    _write_tiles(path, 12)
    tiles, labels = TileInput(path, 4).batches()
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                t, l = sess.run([tiles, labels])
                batches.append([t.reshape(len(l), -1).tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
