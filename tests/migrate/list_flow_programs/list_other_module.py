"""A helper of another module (`list_flow_lib.readers.read_fixed`, reached through its module) returns a
one-element list; the caller keeps it as `record`, unpacks it on another line (`pair, = record`) and batches
`[pair]`: a one-tensor list, a bare tensor back; exact."""

import os
import sys

import tensorflow.compat.v1 as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from list_flow_lib import readers  # noqa: E402


def main(data_dir):
    files = [os.path.join(data_dir, "fixed-%d.bin" % i) for i in range(3)]
    filename_queue = tf.train.string_input_producer(files, num_epochs=2, shuffle=False)
    record = readers.read_fixed(filename_queue)
    pair, = record
    pairs = tf.train.batch([pair], batch_size=5, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append(sess.run(pairs).tolist())
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
