"""A Python thread that reads binary records with `struct` and feeds them, a few rows at a time, to a
`tf.queue.FIFOQueue` through placeholders and `enqueue_many`; the model side takes `dequeue_many` batches.
The feeder closes the queue when its data ends, so the consumer stops at `OutOfRangeError`.
"""

from __future__ import print_function

import logging
import os
import struct
import threading

import numpy as np
import tensorflow.compat.v1 as tf

batch_size = 6
chunk_rows = 5
data_cols = 1


def next_train_chunks(data_dir, rows_per_chunk):
    """Yields (data, target) chunks of the fixed-length files, in file order."""
    data, target = [], []
    for i in range(3):
        with open(os.path.join(data_dir, 'fixed-%d.bin' % i), 'rb') as f:
            f.read(4)  # header
            while True:
                rec = f.read(8)
                if len(rec) < 8:
                    break
                label, value = struct.unpack('<ii', rec)
                data.append([float(value)])
                target.append(label)
                if len(data) == rows_per_chunk:
                    yield np.array(data, np.float32), np.array(target, np.int32)
                    data, target = [], []
    if data:
        yield np.array(data, np.float32), np.array(target, np.int32)


def load_and_enqueue(sess, coord, enqueue_op, close_op, placeholder_input_data, placeholder_input_target,
                     chunks):
    try:
        for batch_data, batch_target in chunks:
            if coord.should_stop():
                break
            sess.run(enqueue_op, feed_dict={placeholder_input_data: batch_data,
                                            placeholder_input_target: batch_target})
    except tf.errors.CancelledError:
        return
    sess.run(close_op)
    logging.info("finished enqueueing")


def main(data_dir):
    with tf.variable_scope("input"):
        placeholder_input_data = tf.placeholder('float', [None, data_cols], name='input_data')
        placeholder_input_target = tf.placeholder(tf.int32, [None], name='input_target')

    with tf.variable_scope("queue"):
        queue = tf.queue.FIFOQueue(capacity=20, dtypes=[tf.float32, tf.int32], shapes=[[data_cols], []],
                                   name='feed_queue')
        enqueue_op = queue.enqueue_many([placeholder_input_data, placeholder_input_target], name='enqueue_op')
        dequeue_data_op, dequeue_target_op = queue.dequeue_many(batch_size, name='dequeue_op')
        close_op = queue.close()

    prediction = tf.reduce_sum(dequeue_data_op, axis=1)

    batches = []
    end = None
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        enqueue_thread = threading.Thread(
            target=load_and_enqueue,
            args=[sess, coord, enqueue_op, close_op, placeholder_input_data, placeholder_input_target,
                  next_train_chunks(data_dir, chunk_rows)])
        enqueue_thread.daemon = True
        enqueue_thread.start()
        try:
            while True:
                d, t, p = sess.run([dequeue_data_op, dequeue_target_op, prediction])
                batches.append([d.tolist(), t.tolist(), p.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            sess.run(queue.close(cancel_pending_enqueues=True))
            enqueue_thread.join(10)
    return {"batches": batches, "end": end}
