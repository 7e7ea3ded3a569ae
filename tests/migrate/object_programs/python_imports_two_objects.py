"""`tensorflow.python.*` imports of the queue APIs; two objects of one class, each with its own pipeline
(legacy: each object its own queues), each batched once; `queue` and `reader` also name module-level values."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.python.ops import io_ops
from tensorflow.python.training import input as tf_input

queue = 'not a queue'
reader = None


class Split(object):
    def __init__(self, data_dir, index):
        queue = tf_input.string_input_producer([os.path.join(data_dir, 'records-%d.tfrecord' % index)],
                                               num_epochs=1, shuffle=False)
        reader = io_ops.TFRecordReader()
        _, serialized = reader.read(queue)
        features = tf.parse_single_example(serialized, {'label': tf.FixedLenFeature([], tf.int64)})
        self.label = features['label'] + 1000 * index

    def batches(self, size):
        return tf_input.batch([self.label], batch_size=size, allow_smaller_final_batch=True)


def main(data_dir):
    first = Split(data_dir, 0).batches(10)
    second = Split(data_dir, 1).batches(10)
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([first, second])
                out.append([a.tolist(), b.tolist(), queue, reader])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': end}
