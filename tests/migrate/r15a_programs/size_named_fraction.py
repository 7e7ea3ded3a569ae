"""The file queue's fill as a fraction, a name bound to the size and read by a summary only; `import tensorflow
as tf` with `tf.compat.v1`; no merge_all."""

import glob
import os

import tensorflow as tf

CAPACITY = 8


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, "table-*.csv")))
    queue = tf.compat.v1.train.string_input_producer(files, num_epochs=1, shuffle=False, capacity=CAPACITY)
    queued = queue.size()
    tf.compat.v1.summary.scalar("fill", tf.cast(queued, tf.float32) * (1.0 / CAPACITY))
    _, line = tf.compat.v1.TextLineReader(skip_header_lines=1).read(queue)
    a, b, _ = tf.io.decode_csv(line, [[0], [0.0], [0]])
    xa, xb = tf.compat.v1.train.batch([a, b], batch_size=7, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                p, q = sess.run([xa, xb])
                batches.append([p.tolist(), q.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
