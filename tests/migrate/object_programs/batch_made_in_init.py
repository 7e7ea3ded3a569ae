"""The batch is made in `__init__` itself, through the batching method (`self.images = self.make_batch()`) after
the reader and the attribute it batches; the caller reads `model.images`."""

import os

import tensorflow.compat.v1 as tf


class Records(object):
    def __init__(self, data_dir, batch_size):
        files = [os.path.join(data_dir, 'records-%d.tfrecord' % i) for i in range(2)]
        queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        _, record = tf.TFRecordReader().read(queue)
        self.x = tf.parse_single_example(record, {'x': tf.FixedLenFeature([3], tf.float32)})['x']
        self.batch_size = batch_size
        self.images = self.make_batch()

    def make_batch(self):
        return tf.train.batch([self.x], self.batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    model = Records(data_dir, 5)
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out.append(sess.run(model.images).tolist())
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': end}
