"""A pipeline class in a module of its own: the queue, its op and its runner on ``self``, the element from a
module helper (a tuple), the runner's threads started by ``launch``."""
from tensorflow.compat.v1 import train as tft
import tensorflow.compat.v1 as tf

from p2_lib.records import read_row


class ShuffledRows:

    def __init__(self, files, batch_size, threads=3):
        files_q = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        row = read_row(files_q)
        self._q = tf.RandomShuffleQueue(32, 4, dtypes=(tf.int64, tf.float32, tf.string),
                                        shapes=([], [2], []), seed=5)
        self._op = self._q.enqueue(row)
        self.batch = self._q.dequeue_many(batch_size)
        self._runner = tft.QueueRunner(self._q, threads * [self._op])

    def launch(self, sess, coord):
        return self._runner.create_threads(sess, coord=coord, start=True)
