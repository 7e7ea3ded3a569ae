"""A function's tensor list: a local list plus a comprehension over range(2), bound to a name, the slices
unpacked into one name per tensor; the compat alias import."""
import numpy as np
import tensorflow.compat.v1 as tf


def inputs(values, batch_size):
    columns = [tf.constant(values), tf.constant(values * 10)]
    extra = [tf.constant(values + k) for k in range(2)]
    tensors = columns + extra
    value, tens, e0, e1 = tf.train.slice_input_producer(tensors, shuffle=False, num_epochs=1)
    value = value * 2
    return tf.train.batch([value, tens, e0 - e1], batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    v, t, d = inputs(np.arange(7, dtype=np.int64), 2)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b, c = sess.run([v, t, d])
                out.append([a.tolist(), b.tolist(), c.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
