"""A record class whose `get_example` makes its own file queue as `input_producer(..., element_shape=[])` (the
scalar file names a reader dequeues, stated) and whose object a module function calls for its batch.
`import tensorflow.compat.v1 as tf`; evaluation mode: one epoch, 12 records in batches of 4."""

import os

import tensorflow.compat.v1 as tf


class Notes(object):
    def __init__(self, path, is_training=False):
        self.path = path
        self.is_training = is_training

    def get_example(self, batch_size):
        reader = tf.TFRecordReader()
        num_epochs = None if self.is_training else 1
        path_queue = tf.train.input_producer([self.path], num_epochs=num_epochs, shuffle=self.is_training,
                                             capacity=batch_size, element_shape=[])
        _, serialized = reader.read(path_queue)
        return tf.parse_single_example(serialized, {'x': tf.FixedLenFeature([3], tf.float32),
                                                    'label': tf.FixedLenFeature([], tf.int64)})


def get_batch(path, batch_size):
    notes = Notes(path)
    example = notes.get_example(batch_size)
    return tf.train.batch([example['x'] + 1.0, example['label']], batch_size)


def main(data_dir):
    batch = get_batch(os.path.join(data_dir, 'records-1.tfrecord'), 4)
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                x, label = sess.run(batch)
                out.append([x.tolist(), label.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': end}
