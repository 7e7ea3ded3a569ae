"""im2txt's shape (round 32): the model keeps its reader on `self.reader`, calls the prefetch helper of another
module, dequeues the returned queue once per preprocessing thread in a for-loop and hands the copies to a batch
helper whose join pads; the helper's values are bound to attributes of `self` (a tuple of attributes)."""
import os

import tensorflow.compat.v1 as tf

from r32i_lib import inputs as input_ops
from r32i_lib.data import drain, write_shards


class Model(object):
    def __init__(self, pattern, mode):
        self.pattern = pattern
        self.mode = mode
        self.num_preprocess_threads = 2
        self.reader = tf.TextLineReader()

    def is_training(self):
        return self.mode == "train"

    def build_inputs(self):
        input_queue = input_ops.prefetch_input_data(
            self.reader, self.pattern, is_training=self.is_training(), batch_size=4, values_per_shard=6,
            num_reader_threads=2)
        pairs = []
        for thread_id in range(self.num_preprocess_threads):
            line = input_queue.dequeue()
            ident, seq = input_ops.parse_line(line)
            pairs.append([ident * 1, seq])
        queue_capacity = 2 * self.num_preprocess_threads * 4
        (self.ids, self.seqs, self.mask) = (
            input_ops.batch_with_dynamic_pad(pairs, batch_size=4, queue_capacity=queue_capacity))


def main(data_dir):
    root = os.path.join(data_dir, "r32i_model")
    write_shards(root, 2, 6)
    model = Model(os.path.join(root, "shard-?.csv"), mode="train")
    model.build_inputs()
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        batches = drain(sess, [model.ids, model.seqs, model.mask], "train")
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
