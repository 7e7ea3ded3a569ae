"""Numpy arrays unpacked from another module's loader (``x_train, y_train = arrays.load()``), sliced, and the
batch assigned back to the arrays' own names, a comment above each statement (held-out round 23: the batch's
own targets were called "a rebinding", the comment quoted as the statement)."""

import tensorflow.compat.v1 as tf

from r23_lib import arrays


def inputs(batch_size):
    x_train, y_train = arrays.load()
    # one example per slice, two epochs, unshuffled
    x, y = tf.train.slice_input_producer([x_train, y_train], num_epochs=2, shuffle=False)
    x = x * 2.0
    # the batches, under the arrays' names
    x_train, y_train = tf.train.batch([x, y], batch_size)
    return x_train, y_train


def main(data_dir):
    batch = inputs(6)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                xs, ys = sess.run(batch)
                batches.append([xs.tolist(), ys.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
