"""A RandomShuffleQueue builder of another module, enqueue_many of each message's words and their lengths; the
caller takes one word at a time (`dequeue()`) into `train.batch(..., 4)`: 24 words, six batches."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

from r34s_lib import corpus, queues


def main(data_dir):
    path = corpus.write_messages(os.path.join(data_dir, "r34s_lengths"))
    queue = queues.word_lengths([path])
    word, length = queue.dequeue()
    words, lengths = train.batch([word, length], batch_size=4)
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        batches = corpus.drain(sess, [words, lengths])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "%d batches" % len(batches)}
