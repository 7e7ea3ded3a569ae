"""A file-name queue (`tf.queue.FIFOQueue`, no shapes) filled and closed by inline session runs
(`sess.run(q.enqueue_many([paths]))`, `sess.run(q.close())`) after the initialiser; a CSV reader reads it."""

import os

import tensorflow.compat.v1 as tf


def main(data_dir):
    paths = [os.path.join(data_dir, "table-%d.csv" % i) for i in (2, 0, 1)]
    q = tf.queue.FIFOQueue(10, [tf.string])
    reader = tf.TextLineReader(skip_header_lines=1)
    _, line = reader.read(q)
    a, b, label = tf.decode_csv(line, [[0], [0.0], [0]])
    batch = tf.train.batch([a, b * 2.0, label], batch_size=8, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        sess.run(q.enqueue_many([paths]))
        sess.run(q.close())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                got = sess.run(batch)
                batches.append([g.tolist() for g in got])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
