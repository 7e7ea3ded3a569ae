"""A function handed its placeholders by two callers: the queue's dtypes `[tf.float32] * len(placeholders)`,
its shapes a comprehension plus nothing else; fed from a generator by one thread."""
import threading

import tensorflow.compat.v1 as tf

from r43f_lib import rows


def run_queue(placeholders, path):
    queue = tf.FIFOQueue(capacity=12, dtypes=[tf.float32] * len(placeholders),
                         shapes=[p.shape[1:] for p in placeholders])
    enqueue_op = queue.enqueue_many(placeholders)
    close_op = queue.close()
    batch = queue.dequeue_many(2)

    def thread_main(sess):
        for data in rows.chunks(path, 4):
            sess.run(enqueue_op, feed_dict=dict(zip(placeholders, data)))
        sess.run(close_op)

    out = []
    sess = tf.Session()
    t = threading.Thread(target=thread_main, args=(sess,))
    t.start()
    try:
        while True:
            b = sess.run(batch)
            out.append([v.tolist() for v in b])
    except tf.errors.OutOfRangeError:
        out.append('OutOfRangeError')
    t.join()
    sess.close()
    return out


def main(data_dir):
    first = run_queue([tf.placeholder(tf.float32, [None, 3]), tf.placeholder(tf.float32, [None])],
                      rows.write_rows(data_dir, 'first'))
    second = run_queue([tf.placeholder(tf.float32, [None, 3]), tf.placeholder(tf.float32, [None])],
                       rows.write_rows(data_dir, 'second', n=8))
    return {'batches': first[:-1] + second[:-1], 'end': first[-1]}
