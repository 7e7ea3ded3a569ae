"""im2txt's model side with `import tensorflow as tf` (v2) here while `r48p_lib/inputs.py` reads `tf` as
`tensorflow.compat.v1`: a model class, its reader on `self`, an eval (FIFO) input read by one thread, two
preprocessing copies handed to the batch helper of the other module."""
import os

import tensorflow as tf

from r48p_lib import inputs as input_ops
from r48p_lib.data import drain, write_shards


class Model(object):

    def __init__(self, pattern, mode):
        self.pattern = pattern
        self.mode = mode
        self.reader = tf.compat.v1.TextLineReader()

    def is_training(self):
        return self.mode == "train"

    def build_inputs(self):
        input_queue = input_ops.prefetch_input_data(
            self.reader, self.pattern, is_training=self.is_training(), batch_size=4, values_per_shard=4,
            num_reader_threads=1)
        idents_and_lengths = []
        for thread_id in range(2):
            line = input_queue.dequeue()
            ident, length = tf.io.decode_csv(tf.reshape(line, []), [[0], [0]])
            idents_and_lengths.append([ident, length])
        self.idents, self.seqs, self.mask = input_ops.batch_with_dynamic_pad(
            idents_and_lengths, batch_size=4, queue_capacity=16)


def main(data_dir):
    pattern = write_shards(os.path.join(data_dir, "r48p_v2_model"), 3, 4)
    model = Model(pattern, "eval")
    model.build_inputs()
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        batches = drain(sess, [model.idents, model.seqs, model.mask], "eval")
        coord.request_stop()
        coord.join(threads)
    # Two preprocessing copies make the batches' make-up free, and with it each batch's padded width: rows are
    # kept to their own length so that the same row compares equal whichever batch it came in.
    batches = [[idents, [s[:sum(m)] for s, m in zip(seqs, mask)], [m[:sum(m)] for m in mask]]
               for idents, seqs, mask in batches]
    return {"batches": batches, "end": "OutOfRangeError"}
