"""The book's form: a filename FIFOQueue filled name by name from a placeholder and closed, a helper making a
reader and returning the named enqueue op into a RandomShuffleQueue, called four times for a hand-made
QueueRunner started by create_threads, read by dequeue_up_to(2) until OutOfRange (12 rows)."""
import os

import tensorflow.compat.v1 as tf


def write(path, count, start):
    with open(path, "w") as f:
        f.write("a,b,label\n")
        for i in range(count):
            k = start + i
            f.write("%d.5,%d,%d\n" % (k, k * 3, k % 2))
    return path


def read_and_push(filename_queue, instance_queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    _, value = reader.read(filename_queue)
    a, b, label = tf.decode_csv(value, record_defaults=[[0.], [0.], [0]])
    features = tf.stack([a, b])
    push = instance_queue.enqueue([features, label])
    return push


def main(data_dir):
    out = os.path.join(data_dir, "r41h_book")
    os.makedirs(out, exist_ok=True)
    paths = [write(os.path.join(out, "p%d.csv" % i), 4, 10 * i) for i in range(3)]
    filename_queue = tf.FIFOQueue(capacity=10, dtypes=[tf.string], shapes=[()])
    filename = tf.placeholder(tf.string)
    enqueue_filename = filename_queue.enqueue([filename])
    close_filename_queue = filename_queue.close()
    instance_queue = tf.RandomShuffleQueue(capacity=10, min_after_dequeue=2, dtypes=[tf.float32, tf.int32],
                                           shapes=[[2], []], seed=7)
    ops = [read_and_push(filename_queue, instance_queue) for _ in range(4)]
    runner = tf.train.QueueRunner(instance_queue, ops)
    xs, ys = instance_queue.dequeue_up_to(2)
    batches = []
    with tf.Session() as sess:
        for path in paths:
            sess.run(enqueue_filename, feed_dict={filename: path})
        sess.run(close_filename_queue)
        coord = tf.train.Coordinator()
        threads = runner.create_threads(sess, coord=coord, start=True)
        try:
            while True:
                x, y = sess.run([xs, ys])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rows: %d" % sum(len(b[1]) for b in batches)}
