"""The queue class handed in, in the class's own module, the placeholders made by the class itself; `import
tensorflow as tf` with `tf1 = tf.compat.v1`; positional arguments; a `sample_fn` that is a generator method of
another object."""
import threading

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1


class Feeder(threading.Thread):
    def __init__(self, queue_class, capacity):
        threading.Thread.__init__(self)
        self.daemon = True
        self.inputs = [tf1.placeholder(tf.int32, [None]), tf1.placeholder(tf.float64, [None, 2])]
        self.queue = queue_class(capacity, [i.dtype for i in self.inputs], shapes=[[], [2]])
        self.enqueue_op = self.queue.enqueue_many(self.inputs)
        self.close_op = self.queue.close()

    def prepare(self, sess, sample_fn):
        self.sess = sess
        self.sample_fn = sample_fn

    def dequeue(self, batch_size):
        return self.queue.dequeue_many(batch_size)

    def run(self):
        for data in self.sample_fn():
            self.sess.run(self.enqueue_op, feed_dict=dict(zip(self.inputs, data)))
        self.sess.run(self.close_op)


class Table:
    def __init__(self, rows):
        self.rows = rows

    def parts(self):
        for start in range(0, self.rows, 3):
            ids = np.arange(start, min(self.rows, start + 3), dtype=np.int32)
            yield ids, np.stack([ids * 0.25, ids * 4.0], axis=1)


def main(data_dir):
    feeder = Feeder(tf1.FIFOQueue, 6)
    ids, pairs = feeder.dequeue(2)
    batches = []
    with tf1.Session() as sess:
        feeder.prepare(sess, Table(10).parts)
        feeder.start()
        try:
            while True:
                i, p = sess.run([ids, pairs])
                batches.append([i.tolist(), p.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        feeder.join()
    return {"batches": batches, "end": "rows: %d" % sum(len(b[0]) for b in batches)}
