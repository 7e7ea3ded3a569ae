"""The round-52 form: `main` makes the placeholders and hands them, with `queue_class=tf.FIFOQueue`, to a
`threading.Thread` subclass of a package module (fixH_lib.enqueue_feeder) whose queue's shapes come from a
helper over the placeholders; `prepare(sess, sample_fn)`, `start`, `dequeue_many` until `OutOfRangeError`; two
feeders (train and eval), each one thread."""
import functools

import tensorflow.compat.v1 as tf

from fixH_lib.enqueue_feeder import EnqueueThread, chunks


def drain(n, size, offset, batch_size):
    inputs = [tf.placeholder(tf.int64, [None], name='flight'),
              tf.placeholder(tf.float32, [None, 3], name='kg')]
    feeder = EnqueueThread(inputs, capacity=8, queue_class=tf.FIFOQueue)
    ids, kg = feeder.dequeue(batch_size)
    total = tf.reduce_sum(kg, axis=1)
    out = []
    sess = tf.Session()
    feeder.prepare(sess, functools.partial(chunks, n, size, offset))
    feeder.start()
    try:
        while True:
            i, k, t = sess.run([ids, kg, total])
            out.append([i.tolist(), k.tolist(), t.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    feeder.stop()
    feeder.join()
    sess.close()
    return out


def main(data_dir):
    with tf.Graph().as_default():
        batches = drain(12, 5, 500, 4)
    with tf.Graph().as_default():
        batches += drain(9, 4, 900, 3)
    return {"batches": batches, "end": "rows: %d" % sum(len(b[0]) for b in batches)}
