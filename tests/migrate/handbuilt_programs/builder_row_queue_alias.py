"""A FIFO queue made by a builder of another module reached through a module alias (`import
hb_lib.queue_builders as builders`), given an inline file producer; the builder registers its runner itself and
returns the queue alone; `queue` also names another function's local."""

import os

import tensorflow.compat.v1 as tf

import hb_lib.queue_builders as builders


def describe():
    queue = "not a queue"  # the same name in another scope
    return queue


def main(data_dir):
    files = [os.path.join(data_dir, "table-%d.csv" % i) for i in range(2)]
    queue = builders.row_queue(tf.train.string_input_producer(files, num_epochs=1, shuffle=False), 16)
    features, labels = queue.dequeue_up_to(7)
    batches = []
    end = None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                f, l = sess.run([features, labels])
                batches.append([f.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end, "name": describe()}
