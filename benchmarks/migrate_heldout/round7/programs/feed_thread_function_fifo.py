"""A FIFOQueue fed from Python: a feeding function run by threading.Thread, enqueue_many of chunks of rows
read with the csv module, dequeue_many in the training loop for a fixed number of steps."""

import csv
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf

CHUNK = 5
BATCH = 6
STEPS = 10


def load_rows(path):
    with open(path) as f:
        reader = csv.reader(f)
        next(reader)
        return [(float(a), float(b), int(label)) for a, b, label in reader]


def next_chunk(rows, position, size):
    picked = [rows[(position + k) % len(rows)] for k in range(size)]
    data = np.array([[a, b] for a, b, _ in picked], dtype=np.float32)
    target = np.array([label for _, _, label in picked], dtype=np.int32)
    return data, target, (position + size) % len(rows)


def load_and_enqueue(sess, enqueue_op, coord, rows, data_input, target_input):
    position = 0
    while not coord.should_stop():
        data, target, position = next_chunk(rows, position, CHUNK)
        try:
            sess.run(enqueue_op, feed_dict={data_input: data, target_input: target})
        except tf.errors.CancelledError:
            return


def main(data_dir):
    rows = load_rows(os.path.join(data_dir, 'table-2.csv'))

    with tf.variable_scope('input'):
        data_input = tf.placeholder(tf.float32, [None, 2], name='input_data')
        target_input = tf.placeholder(tf.int32, [None], name='input_target')
        queue = tf.FIFOQueue(capacity=50, dtypes=[tf.float32, tf.int32], shapes=[[2], []])
        enqueue_op = queue.enqueue_many([data_input, target_input])
        data_batch, target_batch = queue.dequeue_many(BATCH)

    batches = []
    sess = tf.Session()
    coord = tf.train.Coordinator()
    t = threading.Thread(target=load_and_enqueue,
                         args=(sess, enqueue_op, coord, rows, data_input, target_input))
    t.daemon = True
    t.start()
    for step in range(STEPS):
        data, target = sess.run([data_batch, target_batch])
        batches.append([data.tolist(), target.tolist()])
    coord.request_stop()
    sess.run(queue.close(cancel_pending_enqueues=True))
    coord.join([t])
    sess.close()
    return {'batches': batches, 'end': 'steps'}
