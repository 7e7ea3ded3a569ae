"""A record class whose `get_example` makes its own reader and file queue (`input_producer` over one path,
`num_epochs` and `shuffle` from the object's mode) and returns the parsed dict; `get_batch` decodes its entries
and batches, returning a dict. `from tensorflow.compat import v1 as tf`; evaluation mode: one epoch."""

import os

from tensorflow.compat import v1 as tf


class Notes(object):
    def __init__(self, path, is_training=False):
        self.path = path
        self.is_training = is_training

    def get_example(self, batch_size):
        reader = tf.TFRecordReader()
        num_epochs = None if self.is_training else 1
        path_queue = tf.train.input_producer([self.path], num_epochs=num_epochs, shuffle=self.is_training,
                                             capacity=batch_size)
        unused_key, serialized = reader.read(path_queue)
        example = tf.parse_single_example(serialized, {'x': tf.FixedLenFeature([3], tf.float32),
                                                       'label': tf.FixedLenFeature([], tf.int64)})
        return example

    def get_batch(self, batch_size):
        example = self.get_example(batch_size)
        x = example['x'] * 2.0
        label = tf.cast(example['label'], tf.int32)
        x, label = tf.train.batch([x, label], batch_size, allow_smaller_final_batch=True)
        return {'x': x, 'label': label}


def main(data_dir):
    batch = Notes(os.path.join(data_dir, 'records-1.tfrecord')).get_batch(4)
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                got = sess.run(batch)
                out.append([got['x'].tolist(), got['label'].tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': end}
