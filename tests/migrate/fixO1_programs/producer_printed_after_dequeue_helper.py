"""A range producer made in a helper, printed after its dequeue (logging with %s): one index per run."""
import logging

import tensorflow.compat.v1 as tf


def indices(limit):
    epochs = tf.train.range_input_producer(limit, num_epochs=2, shuffle=False)
    index = epochs.dequeue()
    logging.info("%s", epochs)
    print(epochs)
    return index


def main(data_dir):
    index = indices(4) * 10
    seen = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                seen.append(int(sess.run(index)))
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": seen, "end": end}
