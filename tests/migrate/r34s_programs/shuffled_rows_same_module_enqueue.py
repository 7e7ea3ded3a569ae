"""The builder in the program's own module: one row per `enqueue` into a RandomShuffleQueue, returned and read by
its one caller with `dequeue_many(4)` (8 rows: two batches)."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

from r34s_lib import corpus


def row_queue(files):
    file_queue = train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(file_queue)
    ident, a, b, c = tf.decode_csv(line, [[0], [0], [0], [0]])
    queue = tf.RandomShuffleQueue(capacity=16, min_after_dequeue=2, dtypes=[tf.int32, tf.int32], shapes=[[], []])
    enqueue_op = queue.enqueue([ident, a + b + c])
    train.add_queue_runner(train.QueueRunner(queue, [enqueue_op]))
    return queue


def main(data_dir):
    path = corpus.write_rows(os.path.join(data_dir, "r34s_same"), rows=8)
    queue = row_queue([path])
    ids, sums = queue.dequeue_many(4)
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        batches = corpus.drain(sess, [ids, sums])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "%d batches" % len(batches)}
