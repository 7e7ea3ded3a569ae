"""A subclass's ``next_batch`` returning the abstract base's batch of its tensors (and one two levels down)."""
import os

import tensorflow.compat.v1 as tf

from g4_lib.queues import PairQueue, PanelQueue
from g4_lib.rows import write_rows


def main(data_dir):
    path = write_rows(os.path.join(data_dir, "g4_rows"))
    ids, levels = PanelQueue(path, batch_size=3).next_batch()
    more = PairQueue(write_rows(os.path.join(data_dir, "g4_rows2"), 8), batch_size=2).next_batch(100)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            for _ in range(3):
                a, b = sess.run([ids, levels])
                c, d = sess.run(list(more))
                batches.append([a.tolist(), b.tolist(), c.tolist(), d.tolist()])
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "done"}
