"""One file: a prefetch queue handed with a tower function that reads the queue's size besides dequeuing it
(a queue's method an iterator has not): left, saying why; the plumbing stays."""
import os

import tensorflow.compat.v1 as tf


def prefetch(tensors, capacity=2, pad=False):
    if pad:
        q = tf.PaddingFIFOQueue(capacity, [t.dtype for t in tensors], shapes=[t.get_shape() for t in tensors])
    else:
        q = tf.FIFOQueue(capacity, [t.dtype for t in tensors], shapes=[t.get_shape() for t in tensors])
    tf.train.add_queue_runner(tf.train.QueueRunner(q, [q.enqueue(tensors)]))
    return q


def replicate(fn, args, count=1):
    return [fn(*args) for _ in range(count)]


def main(data_dir):
    path = os.path.join(data_dir, "f2_size.csv")
    with open(path, "w") as f:
        for i in range(12):
            f.write("%d,%d\n" % (i, 2 * i))
    names = tf.train.string_input_producer([path], shuffle=False)
    _, row = tf.TextLineReader().read(names)
    a, b = tf.decode_csv(row, record_defaults=[[0], [0]])
    xs, ys = tf.train.batch([a, b], batch_size=3, capacity=9)
    staged = prefetch([xs, ys], capacity=3)

    def model(queue):
        x, y = queue.dequeue()
        return x + y, queue.size()

    (out, _), = replicate(model, [staged])
    batches = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for _ in range(3):
            batches.append([sess.run(out).tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "three"}
