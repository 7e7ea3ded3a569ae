"""A TextLineReader helper imported by name under another name (``read_row as next_row``), its
``skip_header_lines`` its module's literal constant, shuffled (multiset)."""
import os

import tensorflow.compat.v1 as tf

from r36k_lib.rows import read_row as next_row
from r36k_lib.rows import write_rows


def main(data_dir):
    out = os.path.join(data_dir, "r36k_text_aliased")
    os.makedirs(out, exist_ok=True)
    paths = [write_rows(out, s, 6, 10 * k) for k, s in enumerate(["h", "i"])]
    queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    ident, total = next_row(queue)
    batch = tf.train.shuffle_batch([ident, total], batch_size=3, capacity=12, min_after_dequeue=3, seed=4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                i, t = sess.run(batch)
                batches.append([i.tolist(), t.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
