"""The same TextLineReader helper called through its module (``rows.read_row``): its constant reached as
``rows.HEADER_LINES`` (in order)."""
import os

import tensorflow.compat.v1 as tf

from r36k_lib import rows


def main(data_dir):
    out = os.path.join(data_dir, "r36k_text_module")
    os.makedirs(out, exist_ok=True)
    paths = [rows.write_rows(out, s, 4, 7 * k) for k, s in enumerate(["j", "k"])]
    queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    ident, total = rows.read_row(queue)
    batch = tf.train.batch([ident, total], batch_size=2)
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
