"""A class whose __init__ makes an input_producer over a tensor, the per-element ops and a FIFOQueue filled by
two threads of one enqueue op; a method dequeues batches of 4 (order across threads varies: a multiset; 12 rows,
so which rows the dropped tail would hold does not vary)."""
import tensorflow.compat.v1 as tf


class Feeder(object):
    def __init__(self, table):
        rows = tf.train.input_producer(tf.constant(table), num_epochs=1, shuffle=False)
        row = rows.dequeue() * 2
        total = tf.reduce_sum(row)
        self.queue = tf.FIFOQueue(32, [tf.float32, tf.float32], shapes=[[3], []])
        self.enqueue_op = self.queue.enqueue([row, total])
        tf.train.add_queue_runner(tf.train.QueueRunner(self.queue, [self.enqueue_op] * 2))

    def batches(self, n):
        return self.queue.dequeue_many(n)


def main(data_dir):
    table = [[float(i), float(i) + 0.5, float(-i)] for i in range(12)]
    rows, totals = Feeder(table).batches(4)
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([rows, totals])
                out.append([[r + [t] for r, t in zip(a.tolist(), b.tolist())]])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': end}
