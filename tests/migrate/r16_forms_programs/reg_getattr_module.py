"""The reader function found by name in a module of the tree, `getattr(formats, "read_" + kind)`; `kind` has the
default "fixed", and the one call passes nothing for it."""

import os

import tensorflow.compat.v1 as tf

from r16_lib import formats


def make_input(data_dir, kind="fixed"):
    files = sorted(tf.gfile.Glob(os.path.join(data_dir, "fixed-*.bin")))
    queue = tf.train.string_input_producer(files, num_epochs=2, shuffle=False)
    reader = getattr(formats, "read_" + kind)
    a, b = reader(queue)
    return tf.train.batch([a, b], batch_size=7, allow_smaller_final_batch=True)


def main(data_dir):
    a_batch, b_batch = make_input(data_dir)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([a_batch, b_batch])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
