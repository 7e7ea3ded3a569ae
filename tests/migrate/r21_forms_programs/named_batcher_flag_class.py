"""A class picks `shuffle_batch` or `batch` by a flag known only when it runs (`import tensorflow as tf`)."""

import glob
import os

import tensorflow as tf


class Loader:
    def __init__(self, data_dir, shuffle):
        self.files = sorted(glob.glob(os.path.join(data_dir, "records-*.tfrecord")))
        self.shuffle = shuffle

    def batches(self, shuffle):
        queue = tf.compat.v1.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        _, serialized = tf.compat.v1.TFRecordReader().read(queue)
        parsed = tf.io.parse_single_example(serialized, {"label": tf.io.FixedLenFeature([], tf.int64)})
        batch_fn = tf.compat.v1.train.shuffle_batch if shuffle else tf.compat.v1.train.batch
        return batch_fn([parsed["label"]], batch_size=9, capacity=40, allow_smaller_final_batch=True)


def main(data_dir, shuffle=False):
    labels = Loader(data_dir, shuffle).batches(shuffle)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append(sess.run(labels)[0].tolist())
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
