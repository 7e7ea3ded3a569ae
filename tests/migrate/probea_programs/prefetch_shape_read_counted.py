"""A prefetch queue (FIFOQueue, one enqueue op, one QueueRunner, one dequeue) whose enqueued tensor has its static
shape set after the enqueue (runs nothing), the consumer counting its dequeues under a control dependency on
the dequeued tensor (`from tensorflow.compat.v1 import train` style)."""

import glob
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def build(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, 'records-*.tfrecord')))
    filename_queue = train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader()
    _, value = reader.read(filename_queue)
    label = tf.parse_single_example(value, {'label': tf.FixedLenFeature([], tf.int64)})['label']
    queue = tf.FIFOQueue(10, dtypes=[tf.int64])
    enqueue_op = queue.enqueue([label])
    label.set_shape([])
    train.add_queue_runner(train.QueueRunner(queue, [enqueue_op]))
    got = queue.dequeue()
    return got


def main(data_dir):
    counter = tf.Variable(0, dtype=tf.int64)
    got = build(data_dir)
    with tf.control_dependencies([got]):
        count = tf.assign_add(counter, 1)
    out, end = [], None
    with tf.Session() as sess:
        sess.run([tf.local_variables_initializer(), tf.global_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([got, count])
                out.append([[int(a)], [int(b)]])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': end}
