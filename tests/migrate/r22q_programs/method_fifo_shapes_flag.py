"""A class whose input method passes the parsed tensors through its own FIFOQueue stage method (shapes given to
the queue, one thread, the dequeue returned) when `self.prefetch` is set; a plain `train.batch`, in order."""

import os

import tensorflow.compat.v1 as tf


class Input(object):
    def __init__(self, files, batch_size, prefetch=True):
        self.files = files
        self.batch_size = batch_size
        self.prefetch = prefetch

    def _prefetch_stage(self, tensors, capacity=20):
        queue = tf.FIFOQueue(capacity, dtypes=[tf.float32, tf.int64], shapes=[[3], []])
        enqueue = queue.enqueue(tensors)
        tf.train.add_queue_runner(tf.train.QueueRunner(queue, [enqueue]))
        return queue.dequeue()

    def build(self):
        queue = tf.train.string_input_producer(self.files, shuffle=False, num_epochs=1)
        reader = tf.TFRecordReader()
        _, record = reader.read(queue)
        parsed = tf.parse_single_example(record, {'x': tf.FixedLenFeature([3], tf.float32),
                                                  'label': tf.FixedLenFeature([], tf.int64)})
        pair = [parsed['x'] * 2.0, parsed['label']]
        if self.prefetch:
            pair = self._prefetch_stage(pair, capacity=self.batch_size * 4)
        return tf.train.batch(pair, self.batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    files = [os.path.join(data_dir, 'records-%d.tfrecord' % i) for i in range(3)]
    x, label = Input(files, 7).build()
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord=coord)
        try:
            while True:
                a, b = sess.run([x, label])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}
