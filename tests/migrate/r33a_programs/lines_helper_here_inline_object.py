"""r33a_lib/lines.py's class, its object made inline where it is handed to this module's batching function
(`from r33a_lib import lines`, `lines.LineSource(...)`); 2 x 7 lines in batches of 4: the last 2 are never dequeued."""
import os

import tensorflow.compat.v1 as tf

from r33a_lib import lines


def fours(source, size):
    value, width = source.next_line()
    q = tf.FIFOQueue(capacity=12, dtypes=[tf.int32, tf.int32], shapes=[[], []])
    tf.train.add_queue_runner(tf.train.QueueRunner(q, [q.enqueue([value, width])]))
    return q.dequeue_many(size)


def main(data_dir):
    path = os.path.join(data_dir, "r33a_lines.txt")
    with open(path, "w") as f:
        f.write("\n".join(str(3 ** i) for i in range(7)) + "\n")
    values, widths = fours(lines.LineSource([path]), 4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                v, w = sess.run([values, widths])
                batches.append([v.tolist(), w.tolist()])
        except tf.errors.OutOfRangeError:
            end = "closed after %d batches" % len(batches)
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
