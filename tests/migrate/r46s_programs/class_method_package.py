"""The helper is a method of a class in another module (`r46s_lib/stem_input.py`): its feature dicts are bound in
the method above the file queue, parsed by keyword, and batched with dynamic padding."""
import os

import tensorflow.compat.v1 as tf

from r46s_lib import stem_input
from r46s_lib.stems import drain, write_stems


def main(data_dir):
    batch = stem_input.StemInput(write_stems(os.path.join(data_dir, "r46s_cls"), 12, 500), 4).batches()
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        batches = drain(sess, batch)
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
