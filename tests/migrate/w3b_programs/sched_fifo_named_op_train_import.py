"""The one-tensor list of slice_input_producer (`from tensorflow.compat.v1 import train`), its enqueue op named,
into a FIFOQueue with shapes, read by dequeue_many (two runner threads: compared as a multiset)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

BATCH = 4


class Readings:
    def __init__(self, values):
        self.values = values

    def batches(self):
        sliced = train.slice_input_producer([tf.constant(self.values)], shuffle=False, num_epochs=1)
        queue = tf.FIFOQueue(20, [tf.float32], shapes=[[2]])
        op = queue.enqueue(sliced)
        train.add_queue_runner(train.QueueRunner(queue, [op] * 2))
        return queue.dequeue_many(BATCH)


def main(data_dir):
    values = np.arange(32, dtype=np.float32).reshape(16, 2)
    rows = Readings(values).batches()
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append([sess.run(rows).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rows: %d" % (BATCH * len(batches))}
