"""``x_train, y_train = load()`` of numpy arrays (``from r23_lib.arrays import load``), sliced, shuffled with a
seed over three epochs, and the batch returned inside a tuple with the examples' count (held-out round 23:
"not part of a pipeline the rewrite recognises")."""

import tensorflow.compat.v1 as tf

from r23_lib.arrays import load


def inputs(batch_size):
    x_train, y_train = load()
    x, y = tf.train.slice_input_producer([x_train, y_train], num_epochs=3, shuffle=True, seed=4)
    return tf.train.batch([x, y], batch_size), len(x_train)


def main(data_dir):
    (xb, yb), count = inputs(5)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                xs, ys = sess.run([xb, yb])
                batches.append([xs.tolist(), ys.tolist(), [count] * len(ys)])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
