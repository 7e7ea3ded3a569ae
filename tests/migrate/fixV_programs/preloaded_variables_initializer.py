"""Preloaded variables set by one run of `tf.compat.v1.variables_initializer([...])` with a feed (`import
tensorflow as tf`, tf.compat.v1 spellings, a name scope); num_epochs=None, in order, read by a fixed loop of two
epochs' steps; the placeholders' dtypes differ from the arrays' (the feed converts them)."""
import numpy as np
import tensorflow as tf


def build_and_read(values, codes, steps):
    with tf.compat.v1.name_scope('preloaded'):
        values_init = tf.compat.v1.placeholder(tf.float32, shape=values.shape)
        codes_init = tf.compat.v1.placeholder(tf.int32, shape=codes.shape)
        values_var = tf.compat.v1.Variable(values_init, trainable=False, collections=[])
        codes_var = tf.compat.v1.Variable(codes_init, trainable=False, collections=[])
        value, code = tf.compat.v1.train.slice_input_producer([values_var, codes_var], shuffle=False)
        value_batch, code_batch = tf.compat.v1.train.batch([value * 0.5, code], batch_size=3)
    out = []
    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.variables_initializer([values_var, codes_var]),
             feed_dict={values_init: values, codes_init: codes})
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    for _ in range(steps):
        v, c = sess.run([value_batch, code_batch])
        out.append([v.tolist(), c.tolist(), str(v.dtype), str(c.dtype)])
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return out


def main(data_dir):
    values = np.linspace(0.0, 5.5, 12).reshape(6, 2)
    codes = np.arange(6, dtype=np.int64) * 7
    batches = build_and_read(values, codes, 4)
    return {"batches": batches, "end": "steps: %d" % len(batches)}
