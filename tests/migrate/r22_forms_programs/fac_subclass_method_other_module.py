"""The data set object (a subclass) is made here and passed through two functions of another module to the one
that calls its documented ``reader()`` method."""

import tensorflow.compat.v1 as tf

from r22f_lib import inputs as image_inputs
from r22f_lib.shards import RecordShards


def main(data_dir):
    dataset = RecordShards(data_dir)
    xs, labels = image_inputs.inputs(dataset, batch_size=6)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([xs, labels])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
