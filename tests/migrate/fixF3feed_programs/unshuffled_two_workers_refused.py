"""Bell tower peals fed to a FIFO queue by two unshuffled feeding threads: the threads' chunks interleave in an
order that varies between runs, so the queue is left (refused), and runs as it did."""
import numpy as np
import tensorflow.compat.v1 as tf

from feedq import feeders


def main(data_dir):
    peals = np.arange(16, dtype=np.int32).reshape(8, 2)
    queue = feeders.fill_queue(peals, 32, workers=2, chunk=2, epochs=1)
    batch = queue.dequeue_up_to(4)
    index, rows = batch
    batches = []
    sess = tf.Session()
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess, coord=coord)
    try:
        while True:
            i, r = sess.run([index, rows])
            batches.append([i.tolist(), r.tolist()])
    except tf.errors.OutOfRangeError:
        end = 'OutOfRangeError'
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': end}
