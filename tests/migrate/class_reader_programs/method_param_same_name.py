"""A reader method given the file queue and a `scale` its caller passes under the same name; the caller's
object is made in a function, the method decodes with the scale after the read. (The inlined method once
began with `scale = scale`, which raised UnboundLocalError when tf.data traced it.)"""

import os

import tensorflow as tf


class Parser(object):
    def parse(self, filename_queue, scale):
        _, serialized = tf.compat.v1.TFRecordReader().read(filename_queue)
        x = tf.compat.v1.parse_single_example(serialized, {'x': tf.compat.v1.FixedLenFeature([3], tf.float32)})['x']
        return x * scale


def inputs(files, scale):
    parser = Parser()
    queue = tf.compat.v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    x = parser.parse(queue, scale)
    return tf.compat.v1.train.batch([x], 6, allow_smaller_final_batch=True)


def main(data_dir):
    files = [os.path.join(data_dir, 'records-%d.tfrecord' % i) for i in (2, 3)]
    xs = inputs(files, 0.5)
    out, end = [], None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out.append(sess.run(xs).tolist())
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': end}
