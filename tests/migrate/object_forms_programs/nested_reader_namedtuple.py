"""Nested functions closing over the builder's arguments: `_read(queue)` makes the reader and calls `_parse`, which
scales by the builder's `scale`; the batch comes back as a namedtuple (`Batch(x=..., label=...)`) run whole."""

import collections
import glob
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

Batch = collections.namedtuple('Batch', ['x', 'label'])


def build(data_dir, batch_size=7, scale=3.0):
    files = sorted(glob.glob(os.path.join(data_dir, 'records-*.tfrecord')))

    def _parse(serialized):
        parsed = tf.parse_single_example(serialized, {
            'x': tf.FixedLenFeature([3], tf.float32),
            'label': tf.FixedLenFeature([1], tf.int64),
        })
        return parsed['x'] * scale, parsed['label'][0]

    def _read(queue):
        reader = tf.TFRecordReader()
        _, serialized = reader.read(queue)
        return _parse(serialized)

    queue = train.string_input_producer(files, num_epochs=1, shuffle=False)
    x, label = _read(queue)
    xs, labels = train.batch([x, label], batch_size, allow_smaller_final_batch=True)
    return Batch(x=xs, label=labels)


def main(data_dir):
    batch = build(data_dir)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                values = sess.run(batch)
                batches.append({k: v.tolist() for k, v in values._asdict().items()})
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}
