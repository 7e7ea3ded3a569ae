"""Two functions each build a reader-fed FIFOQueue and its QueueRunner under the same local names (`q`,
`enqueue_op`, `qr`, `filename_queue`, `reader`)."""
import os

import tensorflow.compat.v1 as tf


def write(data_dir, name, lo):
    path = os.path.join(data_dir, name)
    with open(path, 'w') as f:
        for i in range(lo, lo + 8):
            f.write('%d\n' % i)
    return path


def train_input(path):
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    key, value = reader.read(filename_queue)
    value = tf.strings.to_number(value, out_type=tf.int64)
    q = tf.FIFOQueue(16, [tf.int64], shapes=[[]])
    enqueue_op = q.enqueue([value])
    qr = tf.train.QueueRunner(q, [enqueue_op])
    tf.train.add_queue_runner(qr)
    return q.dequeue_many(4)


def eval_input(path):
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    key, value = reader.read(filename_queue)
    value = tf.strings.to_number(value, out_type=tf.int64)
    q = tf.FIFOQueue(16, [tf.int64], shapes=[[]])
    enqueue_op = q.enqueue([value])
    qr = tf.train.QueueRunner(q, [enqueue_op])
    tf.train.add_queue_runner(qr)
    return q.dequeue_many(2)


def main(data_dir):
    a = write(data_dir, 'fixn_a.txt', 0)
    b = write(data_dir, 'fixn_b.txt', 100)
    train = train_input(a)
    evals = eval_input(b)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for _ in range(2):
            out.append([sess.run(train).tolist()])
        for _ in range(4):
            out.append([sess.run(evals).tolist()])
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': 'steps'}
