"""A census-style input_fn of a package: read_up_to rows, decode_csv, a dict, unused columns popped in a loop over
a module constant, batch(enqueue_many=True) by a flag, the label popped after the batch."""
import os

import tensorflow.compat.v1 as tf

from fj3_lib import census


def run(features, labels):
    batches, end = [], "none"
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                f, l = sess.run([features, labels])
                batches.append([sorted(f), f['key'].ravel().tolist(), [x.decode() for x in f['kind'].ravel()],
                                f['weight'].ravel().tolist(), l.ravel().tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return batches, end


def main(data_dir):
    files = census.write_csv(os.path.join(data_dir, 'fj3_census'))
    features, labels = census.input_fn(files, num_epochs=1, shuffle=False, batch_size=3)
    batches, end = run(features, labels)
    return {"batches": batches, "end": end}
