"""A package helper (imported ``from tensorflow.compat import v1``) extends its list under a flag that is off."""
import tensorflow.compat.v1 as tf

from h2_lib.slices import sliced_batches


def main(data_dir):
    rows = [(i, i * 0.5, i * 2.0) for i in range(5)]
    ids, values = sliced_batches(rows, with_weights=False)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([ids, values])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
