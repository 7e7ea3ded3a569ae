"""The returned queue handed to `ops.batch_rows` of another module, which dequeues it once and batches; a
training (RandomShuffleQueue) input filled by two readers; the prefetch helper reads its module's logger."""
import os

import tensorflow.compat.v1 as tf

from r48p_lib import ops
from r48p_lib.data import drain, write_shards


def main(data_dir):
    pattern = write_shards(os.path.join(data_dir, "r48p_consumer"), 4, 3, start=20)
    input_queue = ops.prefetch_input_data(tf.TextLineReader(), pattern, is_training=True, batch_size=4,
                                          values_per_shard=3, num_reader_threads=2)
    ident, value = ops.batch_rows(input_queue, 4)
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        batches = drain(sess, [ident, value], "train")
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
