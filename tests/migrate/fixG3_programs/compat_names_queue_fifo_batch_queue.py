"""``import tensorflow as tf`` spelling ``tf.compat.v1``: the filename queue helper's FIFOQueue with scalar shapes
and an inline runner (``[op] * 1``), a text reader in the caller, and a batch helper's hand-built FIFOQueue with one
thread: the lines in order, in batches of three, the short tail dropped as ``dequeue_many`` does."""
import os

import tensorflow as tf


def write_lines(folder):
    os.makedirs(folder, exist_ok=True)
    paths = []
    for f in range(2):
        path = os.path.join(folder, "lines%d.txt" % f)
        with open(path, "w") as out:
            for i in range(7):
                out.write("%d,%d\n" % (f * 10 + i, (f * 10 + i) * 3))
        paths.append(path)
    return paths


def name_queue(paths):
    string_tensor = tf.convert_to_tensor(paths, dtype=tf.string)
    fq = tf.compat.v1.FIFOQueue(capacity=4, dtypes=[tf.string], shapes=[[]])
    fq_op = fq.enqueue_many([tf.compat.v1.train.limit_epochs(string_tensor, num_epochs=1)])
    tf.compat.v1.train.add_queue_runner(tf.compat.v1.train.QueueRunner(fq, [fq_op] * 1))
    return fq


def fifo_queue_batch(a, b, size):
    q = tf.compat.v1.FIFOQueue(capacity=10, dtypes=[tf.int32, tf.int32], shapes=[a.get_shape(), b.get_shape()])
    op = q.enqueue([a, b])
    tf.compat.v1.train.add_queue_runner(tf.compat.v1.train.QueueRunner(q, [op]))
    first, second = q.dequeue_many(size)
    return first, second


def main(data_dir):
    paths = write_lines(os.path.join(data_dir, "g3_compat"))
    reader = tf.compat.v1.TextLineReader()
    _, line = reader.read(name_queue(paths))
    a, b = tf.io.decode_csv(line, [[0], [0]])
    xs, ys = fifo_queue_batch(a, b, 3)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([xs, ys])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
