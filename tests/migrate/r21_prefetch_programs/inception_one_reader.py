"""The same Inception input with one reader (`num_readers=1`: the `else` of `if num_readers > 1:` reads the file
queue directly), its data set made in the call, through other import styles."""

import tensorflow as tf

import r21p_lib.processing as image_processing
from r21p_lib import records


def main(data_dir):
    xs, labels = image_processing.inputs(records.Shards(data_dir, shards=(2, 0)), batch_size=6, num_readers=1)
    batches, end = [], None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([xs, labels])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
