"""`from tensorflow.compat.v1 import train`: a tf.numpy_function of a class's method on each index, its outputs
shaped in a loop-free pair of lines, enqueued whole into a FIFOQueue (one enqueue thread) and read by
dequeue_many."""
import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


class Codebook(object):
    def __init__(self, n):
        self.codes = np.arange(n, dtype=np.int32) * 3
        self.weights = (np.arange(n, dtype=np.float64) / 4.0).astype(np.float32)

    def row_of(self, i):
        return self.codes[i], self.weights[i]


def main(data_dir):
    book = Codebook(10)
    index = train.range_input_producer(10, num_epochs=1, shuffle=False).dequeue()
    looked = tf.numpy_function(book.row_of, [index], [tf.int32, tf.float32])
    looked[0].set_shape([])
    looked[1].set_shape([])
    queue = tf.FIFOQueue(8, [tf.int32, tf.float32], shapes=[[], []])
    train.add_queue_runner(train.QueueRunner(queue, [queue.enqueue(looked)]))
    codes, weights = queue.dequeue_many(2)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                c, w = sess.run([codes, weights])
                batches.append([c.tolist(), w.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "done"}
