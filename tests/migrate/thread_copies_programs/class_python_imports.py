"""A class whose method builds the pipeline with `tensorflow.python.*` imports: the copies scale by a Python
list indexed by the thread's number (`tc_lib.distortions.scale_for`); the name `thread_id` is reused in
another scope; `batch_join` of a slice producer's elements, short final batch kept."""

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.python.framework import constant_op
from tensorflow.python.training import input as tf_input

from tc_lib.distortions import scale_for

thread_id = "module-level name, not the loop's"


class Inputs(object):
    def __init__(self, rows, num_preprocess_threads=4):
        self.rows = rows
        self.num_preprocess_threads = num_preprocess_threads

    def batches(self, batch_size):
        x_all = constant_op.constant(np.arange(self.rows * 3, dtype=np.float32).reshape(self.rows, 3))
        labels = constant_op.constant(np.arange(self.rows, dtype=np.int64))
        x, label = tf_input.slice_input_producer([x_all, labels], num_epochs=1, shuffle=False)
        pairs = []
        for thread_id in range(self.num_preprocess_threads):
            scaled, marked = scale_for(x, label, thread_id)
            pairs.append((scaled, marked))
        return tf_input.batch_join(pairs, batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    del data_dir
    x, label = Inputs(70).batches(8)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                xs, labels = sess.run([x, label])
                batches.append([xs.tolist(), labels.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end, "thread_id": thread_id}
