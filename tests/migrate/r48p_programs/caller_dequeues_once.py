"""The returned queue dequeued once by its caller, parsed and batched there (`from tensorflow.compat.v1 import
train`); the helper, in another module and imported by name, takes an eval (FIFO) input, one reader."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

from r48p_lib.ops import prefetch_input_data
from r48p_lib.data import drain, write_shards


def build(pattern):
    queue = prefetch_input_data(tf.TextLineReader(), pattern, False, 4, 4)
    line = queue.dequeue()
    ident, length = tf.decode_csv(tf.reshape(line, []), [[0], [0]])
    return train.batch([ident, length + 100], batch_size=4)


def main(data_dir):
    pattern = write_shards(os.path.join(data_dir, "r48p_once"), 2, 6, start=40)
    ident, value = build(pattern)
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        batches = drain(sess, [ident, value], "eval")
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
