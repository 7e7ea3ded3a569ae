"""A FIFOQueue builder of another module imported by name (`from r34s_lib.queues import ordered_words`),
enqueue_many of each message's words; the caller reads `dequeue_up_to(5)`: 22 words, the last batch of 2 kept,
in the file's order; `from tensorflow.compat.v1 import train` style here."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

from r34s_lib.corpus import drain, write_messages
from r34s_lib.queues import ordered_words


def build(path):
    queue = ordered_words([path])
    words, labels = queue.dequeue_up_to(5)
    return words, labels


def main(data_dir):
    path = write_messages(os.path.join(data_dir, "r34s_ordered"), odd=True)
    words, labels = build(path)
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        batches = drain(sess, [words, labels])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "%d batches" % len(batches)}
