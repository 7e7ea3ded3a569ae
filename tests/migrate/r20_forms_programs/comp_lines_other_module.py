"""Three line readers made and read inline in a comprehension (`.read(queue)[1]`), the per-line code in
`r20f_lib.rows`; `batch_join` of the dicts."""

import os

import tensorflow.compat.v1 as tf

from r20f_lib import rows


def main(data_dir):
    queue = tf.train.string_input_producer([os.path.join(data_dir, "table-%d.csv" % i) for i in range(3)],
                                           num_epochs=1, shuffle=False)
    parsed = [rows.parse_row(tf.TextLineReader(skip_header_lines=1).read(queue)[1]) for _ in range(3)]
    batch = tf.train.batch_join(parsed, batch_size=8, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                b = sess.run(batch)
                batches.append({k: v.tolist() for k, v in b.items()})
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
