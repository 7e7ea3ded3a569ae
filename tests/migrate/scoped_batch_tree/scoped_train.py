"""A trainer whose input function makes the file queue, calls the reader helper of another module, and batches
under `with tf.name_scope("batching"):` (the batch alone there). One epoch, in order."""

import os

import tensorflow.compat.v1 as tf

import reading_lib


def input_fn(data_dir, batch_size):
    paths = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in (1, 3)]
    filename_queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    x, label = reading_lib.read_and_decode(filename_queue)
    with tf.name_scope("batching"):
        xs, labels = tf.train.batch([x, label], batch_size=batch_size, allow_smaller_final_batch=True)
    return xs, labels


def main(data_dir):
    xs, labels = input_fn(data_dir, 6)
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([xs, labels])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
