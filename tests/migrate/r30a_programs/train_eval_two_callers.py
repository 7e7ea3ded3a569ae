"""One helper handed a file queue, called for training and for evaluation with different files and epochs (the
eval call makes its producer in the call, passed by keyword): each producer becomes its own dataset of names."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def _write(path, start, count):
    with tf.io.TFRecordWriter(path) as w:
        for i in range(start, start + count):
            w.write(np.array([i, i * i], np.int32).tobytes())


def read_and_batch(filename_queue, batch_size):
    reader = tf.TFRecordReader()
    _, value = reader.read(filename_queue)
    pair = tf.reshape(tf.decode_raw(value, tf.int32), [2])
    return tf.train.batch([pair[0], pair[1]], batch_size=batch_size, allow_smaller_final_batch=True)


def train_inputs(data_dir):
    path = os.path.join(data_dir, "r30a_train.tfrecords")
    _write(path, 0, 7)
    queue = tf.train.string_input_producer([path], num_epochs=2)
    return read_and_batch(queue, 3)


def eval_inputs(data_dir):
    path = os.path.join(data_dir, "r30a_eval.tfrecords")
    _write(path, 100, 5)
    return read_and_batch(batch_size=2, filename_queue=tf.train.string_input_producer([path], num_epochs=1,
                                                                                      shuffle=False))


def main(data_dir):
    x, y = train_inputs(data_dir)
    ex, ey = eval_inputs(data_dir)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([ex, ey])
                batches.append(["eval", a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        try:
            while True:
                a, b = sess.run([x, y])
                batches.append(["train", a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
