"""The reader and the attributes made inside `with tf.name_scope("input"):` in `__init__` (the scope goes with
its statements); `batch(batch_size)` batches them. One epoch."""

import os

import tensorflow.compat.v1 as tf


class ScopedInput(object):
    def __init__(self, data_dir, epochs=1):
        paths = [os.path.join(data_dir, 'records-%d.tfrecord' % i) for i in range(2)]
        with tf.name_scope("input"):
            queue = tf.train.string_input_producer(paths, num_epochs=epochs, shuffle=False)
            reader = tf.TFRecordReader()
            _, serialized = reader.read(queue)
            parsed = tf.parse_single_example(serialized, {'x': tf.FixedLenFeature([3], tf.float32),
                                                          'label': tf.FixedLenFeature([], tf.int64)})
            self.x = parsed['x'] * 2.0
            self.label = tf.cast(parsed['label'], tf.int32)

    def batch(self, batch_size):
        return tf.train.batch([self.x, self.label], batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    x, label = ScopedInput(data_dir).batch(7)
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([x, label])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': out, 'end': end}
