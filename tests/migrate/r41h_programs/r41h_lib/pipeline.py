"""The book's form in a package function given the file names, its session made by ``tf.Session()``."""
import tensorflow.compat.v1 as tf


def push_record(fq, q):
    _, value = tf.TextLineReader().read(fq)
    a, b = tf.decode_csv(value, record_defaults=[[0.], [0]])
    push = q.enqueue([a, b])
    return push


def run(paths, readers, batch_size):
    filename_queue = tf.FIFOQueue(capacity=len(paths), dtypes=[tf.string], shapes=[[]])
    filename = tf.placeholder(tf.string, shape=[])
    enqueue_filename = filename_queue.enqueue(filename)
    close_filename_queue = filename_queue.close()
    q = tf.RandomShuffleQueue(capacity=16, min_after_dequeue=4, dtypes=[tf.float32, tf.int32], shapes=[[], []])
    ops = [push_record(filename_queue, q) for i in range(readers)]
    runner = tf.train.QueueRunner(q, ops)
    xs, ys = q.dequeue_up_to(batch_size)
    batches = []
    sess = tf.Session()
    for name in paths:
        sess.run(enqueue_filename, feed_dict={filename: name})
    sess.run(close_filename_queue)
    coord = tf.train.Coordinator()
    threads = runner.create_threads(sess, coord, start=True)
    try:
        while True:
            x, y = sess.run([xs, ys])
            batches.append([x.tolist(), y.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return batches
