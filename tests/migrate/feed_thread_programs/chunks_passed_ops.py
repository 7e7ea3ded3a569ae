"""A "load_and_enqueue" script: a module-level feeding function handed the session, a coordinator, the enqueue
and close ops and the placeholders by its thread; it feeds row chunks read with `struct` by `enqueue_many`;
placeholders under a `variable_scope`; `dequeue_many` drops the short tail at the close. The feeding
function's parameters reuse the names of `main`'s ops (another scope)."""
import os
import struct
import threading

import numpy as np
import tensorflow.compat.v1 as tf

BATCH = 4


def write_records(path, n):
    with open(path, 'wb') as f:
        for i in range(n):
            f.write(struct.pack('<iff', i % 3, float(i), float(i) / 2))


def read_chunks(path, rows):
    features, labels = [], []
    with open(path, 'rb') as f:
        while True:
            rec = f.read(12)
            if len(rec) < 12:
                break
            label, a, b = struct.unpack('<iff', rec)
            features.append([a, b])
            labels.append(label)
            if len(labels) == rows:
                yield np.array(features, np.float32), np.array(labels, np.int32)
                features, labels = [], []
    if labels:
        yield np.array(features, np.float32), np.array(labels, np.int32)


def load_and_enqueue(sess, coord, enqueue_op, close_op, features_in, labels_in, chunks):
    try:
        for features, labels in chunks:
            if coord.should_stop():
                break
            sess.run(enqueue_op, feed_dict={features_in: features, labels_in: labels})
    except tf.errors.CancelledError:
        return
    sess.run(close_op)


def main(data_dir):
    path = os.path.join(data_dir, 'chunks_passed_ops.bin')
    write_records(path, 23)
    with tf.variable_scope('input'):
        features_in = tf.placeholder(tf.float32, [None, 2], name='features')
        labels_in = tf.placeholder(tf.int32, [None], name='labels')
    with tf.variable_scope('queue'):
        queue = tf.queue.FIFOQueue(capacity=12, dtypes=[tf.float32, tf.int32], shapes=[[2], []], name='rows')
        enqueue_op = queue.enqueue_many([features_in, labels_in], name='enqueue_op')
        features_batch, labels_batch = queue.dequeue_many(BATCH, name='dequeue_op')
        close_op = queue.close()
    total = tf.reduce_sum(features_batch, axis=1)
    out, end = [], None
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        thread = threading.Thread(target=load_and_enqueue,
                                  args=[sess, coord, enqueue_op, close_op, features_in, labels_in,
                                        read_chunks(path, 5)])
        thread.daemon = True
        thread.start()
        try:
            while True:
                f, l, t = sess.run([features_batch, labels_batch, total])
                out.append([f.tolist(), l.tolist(), t.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            sess.run(queue.close(cancel_pending_enqueues=True))
            thread.join(10)
    return {'batches': out, 'end': end}
