"""SMS spam words: sms34_lib splits each message and enqueue_many's its words into a RandomShuffleQueue."""
import os

import tensorflow.compat.v1 as tf

from sms34_lib import corpus, pipeline


def main(data_dir):
    path = corpus.write_corpus(os.path.join(data_dir, "h34_sms"))
    queue = pipeline.word_queue([path])
    words, labels = queue.dequeue_many(4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                w, l = sess.run([words, labels])
                batches.append([[x.decode() for x in w], l.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "sms words in %d batches" % len(batches)}
