"""A module constant list of keys, a comprehension over it wrapped in tuple(), the slices kept under one name
(``sliced``, a name another function reuses for a plain list) spread by ``*sliced[1:]`` into the batch."""
import numpy as np
import tensorflow as tf

KEYS = ["x", "y"]
tf1 = tf.compat.v1


def other():
    sliced = [1, 2, 3]
    return sliced[1:]


def build(table):
    tensors = tuple(tf.constant(table[k]) for k in KEYS)
    sliced = tf1.train.slice_input_producer(tensors, shuffle=False, num_epochs=2)
    total = sliced[0] + sliced[1]
    return tf1.train.batch([total, *sliced[0:]], batch_size=3, allow_smaller_final_batch=True)


def main(data_dir):
    total, x, y = build({"x": np.arange(5.0), "y": np.arange(5.0) * -3.0})
    out = [other()]
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out.append([a.tolist() for a in sess.run([total, x, y])])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
