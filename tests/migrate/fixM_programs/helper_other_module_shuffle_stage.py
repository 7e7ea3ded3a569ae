"""Batches from a helper of another module whose pipeline runs through a RandomShuffleQueue stage (indexed
dequeue), called twice: once for each of two batch sizes."""
import tensorflow.compat.v1 as tf

from fixm_lib.shuffled import shuffled_batches
from fixm_lib.signals import signal_files


def main(data_dir):
    files = signal_files(data_dir, 'fixm_shuffled')
    letters, codes, millis = shuffled_batches(files, 4)
    pairs = shuffled_batches(files, 2, threads=1)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                l, c, m = sess.run([letters, codes, millis])
                batches.append([[x.decode() for x in l], c.tolist(), m.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'done'
        try:
            while True:
                l, c, m = sess.run(pairs)
                batches.append([[x.decode() for x in l], c.tolist(), m.tolist()])
        except tf.errors.OutOfRangeError:
            end += ' twice'
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
