"""The same helper, the producer made in the call (two files, one epoch, in order)."""
import os

import tensorflow.compat.v1 as tf

import r51q_lib.records as rec


def main(data_dir):
    root = os.path.join(data_dir, 'r51q_inline')
    os.makedirs(root, exist_ok=True)
    paths = [os.path.join(root, 'p%d.tfrecords' % k) for k in range(2)]
    for k, p in enumerate(paths):
        rec.write_records(p, 4, 10 * k)
    values, names = rec.read_and_batch(tf.train.string_input_producer(paths, num_epochs=1, shuffle=False))
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                v, n = sess.run([values, names])
                batches.append([v.tolist(), [x.decode() for x in n]])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
