"""A class whose method returns the input function: ``import tensorflow.compat.v1 as tf``, the batched tensors a
name bound to a list, ``shuffle_batch`` or ``batch`` with ``shapes=`` and ``enqueue_many=True``; shuffled."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from r44u_lib.records import write_runs


class Windows(object):
    def __init__(self, width):
        self.width = width

    def input_fn(self, files, batch_size, shuffle):
        width = self.width

        def make():
            queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
            reader = tf.TFRecordReader()
            _, serialized = reader.read(queue)
            parsed = tf.parse_single_example(serialized, {"readings": tf.FixedLenFeature([8], tf.float32),
                                                          "run": tf.FixedLenFeature([], tf.int64)})
            windows = tf.signal.frame(parsed["readings"], width, width, axis=0)
            runs = tf.fill([tf.shape(windows)[0]], parsed["run"])
            tensors = [windows, runs]
            if shuffle:
                batch = tf.train.shuffle_batch(tensors, batch_size=batch_size, capacity=16, min_after_dequeue=4,
                                               enqueue_many=True, seed=3, shapes=[[width], []])
            else:
                batch = tf.train.batch(tensors, batch_size=batch_size, enqueue_many=True, shapes=[[width], []])
            return {"windows": batch[0]}, batch[1]

        return make


def main(data_dir):
    files = write_runs(os.path.join(data_dir, "r44u_windows_shuffled"), runs=4)
    features, runs = Windows(4).input_fn(files, 2, True)()
    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    for _ in range(100):
        try:
            w, r = sess.run([features["windows"], runs])
        except tf.errors.OutOfRangeError:
            break
        batches.append([np.asarray(w).tolist(), r.tolist()])
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "windows %d" % sum(len(b[1]) for b in batches)}
