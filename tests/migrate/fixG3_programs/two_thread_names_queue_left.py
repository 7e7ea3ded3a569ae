"""A returned filename FIFOQueue filled by two runner threads (``[op] * 2``): the names may come out of order, which
no input producer does, so it is left with its note."""
import os

import tensorflow.compat.v1 as tf


def names_queue(paths):
    q = tf.FIFOQueue(10, tf.string)
    op = q.enqueue_many([tf.train.limit_epochs(tf.constant(paths), 1)])
    tf.train.add_queue_runner(tf.train.QueueRunner(q, [op] * 2))
    return q


def main(data_dir):
    folder = os.path.join(data_dir, "g3_left")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "a.txt")
    with open(path, "w") as out:
        out.write("1\n2\n3\n4\n")
    _, line = tf.TextLineReader().read(names_queue([path]))
    batch = tf.train.batch([line], 2)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append([x.decode() for x in sess.run(batch)])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
