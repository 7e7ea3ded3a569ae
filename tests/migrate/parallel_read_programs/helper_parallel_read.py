"""slim's `parallel_read` written as a helper of the module (defaults, a FIFOQueue, readers made in the loop,
each enqueuing its whole read), called by position from a class's method that parses and batches."""
import os

import tensorflow as tf


def parallel_read(data_sources, num_epochs=None, num_readers=2, capacity=32):
    filename_queue = tf.compat.v1.train.string_input_producer(data_sources, num_epochs=num_epochs, shuffle=False)
    common_queue = tf.compat.v1.FIFOQueue(capacity, dtypes=[tf.string, tf.string])
    enqueue_ops = []
    for _ in range(num_readers):
        reader = tf.compat.v1.TFRecordReader()
        enqueue_ops.append(common_queue.enqueue(reader.read(filename_queue)))
    tf.compat.v1.train.add_queue_runner(tf.compat.v1.train.QueueRunner(common_queue, enqueue_ops))
    return common_queue.dequeue()


class Inputs(object):
    def __init__(self, data_dir):
        self.sources = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in (0, 2, 3)]

    def batches(self, batch_size):
        _, data = parallel_read(self.sources, 2, 3)
        parsed = tf.compat.v1.parse_single_example(data, {"x": tf.compat.v1.FixedLenFeature([3], tf.float32),
                                                          "label": tf.compat.v1.FixedLenFeature([], tf.int64)})
        return tf.compat.v1.train.batch([parsed["x"] * 2.0, parsed["label"]], batch_size,
                                        allow_smaller_final_batch=True)


def main(data_dir):
    xs, labels = Inputs(data_dir).batches(16)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                a, b = sess.run([xs, labels])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
