"""A queue on ``self`` also read by ``fill()`` (its size), and an enqueue op on ``self`` also run by ``top_up()``:
both left, with the reason."""
import tensorflow.compat.v1 as tf



class Watched(object):

    def __init__(self, files):
        q = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        self.queue = tf.RandomShuffleQueue(20, 2, dtypes=[tf.int64, tf.float32, tf.string], seed=1)
        _, value = tf.WholeFileReader().read(q)
        self.op = self.queue.enqueue([tf.size(value, out_type=tf.int64), tf.zeros([]), value])
        self.out = self.queue.dequeue_many(2)
        self.runner = tf.train.QueueRunner(self.queue, [self.op] * 2)

    def fill(self):
        return self.queue.size()

    def start(self, sess, coord):
        return self.runner.create_threads(sess, coord=coord, start=True)


class ToppedUp(object):

    def __init__(self, files):
        q = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        _, value = tf.WholeFileReader().read(q)
        self.queue = tf.FIFOQueue(20, [tf.string])
        self.op = self.queue.enqueue([value])
        self.out = self.queue.dequeue_many(2)
        self.runner = tf.train.QueueRunner(self.queue, [self.op])

    def top_up(self, sess):
        sess.run(self.op)

    def start(self, sess, coord):
        return self.runner.create_threads(sess, coord=coord, start=True)


def main(data_dir):
    w = Watched([data_dir])
    ToppedUp([data_dir])
    return {"batches": [], "end": str(w.fill())}
