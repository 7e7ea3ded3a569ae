"""Python feeding threads written as plain functions (`threading.Thread(target=load_and_enqueue, ...)`): two
threads each parse a share of the fixed-length binary files in Python and `enqueue_many` through placeholders
into one FIFOQueue; a closer thread closes the queue when both are done; the loop takes `dequeue_up_to` to the
end."""

import os
import struct
import threading

import tensorflow.compat.v1 as tf

RECORD = struct.Struct("<ii")


def read_records(path):
    with open(path, "rb") as f:
        data = f.read()[4:]
    return [RECORD.unpack_from(data, off) for off in range(0, len(data), RECORD.size)]


def load_and_enqueue(sess, coord, enqueue_op, index_ph, value_ph, paths, repeats):
    try:
        for r in range(repeats):
            for path in paths:
                records = read_records(path)
                if coord.should_stop():
                    return
                sess.run(enqueue_op, feed_dict={index_ph: [i + 100 * r for i, _ in records],
                                                value_ph: [[float(v), float(v) / 3.0] for _, v in records]})
    except Exception as exc:  # noqa: BLE001
        coord.request_stop(exc)


def close_when_done(sess, feeders, close_op):
    for t in feeders:
        t.join()
    sess.run(close_op)


def main(data_dir):
    index_ph = tf.placeholder(tf.int32, shape=[None])
    value_ph = tf.placeholder(tf.float32, shape=[None, 2])
    queue = tf.FIFOQueue(capacity=50, dtypes=[tf.int32, tf.float32], shapes=[[], [2]])
    enqueue_op = queue.enqueue_many([index_ph, value_ph])
    close_op = queue.close()
    index_batch, value_batch = queue.dequeue_up_to(16)
    paths = [os.path.join(data_dir, "fixed-%d.bin" % i) for i in range(3)]

    sess = tf.Session()
    coord = tf.train.Coordinator()
    feeders = [threading.Thread(target=load_and_enqueue,
                                args=(sess, coord, enqueue_op, index_ph, value_ph, paths[k::2], 6))
               for k in range(2)]
    for t in feeders:
        t.daemon = True
        t.start()
    closer = threading.Thread(target=close_when_done, args=(sess, feeders, close_op))
    closer.start()
    batches = []
    end = None
    try:
        while not coord.should_stop():
            idx, vals = sess.run([index_batch, value_batch])
            batches.append([idx.tolist(), vals.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    closer.join()
    sess.close()
    return {"batches": batches, "end": end}
