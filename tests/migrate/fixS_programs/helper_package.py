"""Two range producers switched by a bool placeholder through tf.cond, the queue handed to a helper of another
module that dequeues up to n rows (the train producer ends after one epoch of 7: its last batch is short)."""
import tensorflow as tf

from fixS_lib.reading import next_rows

FLAGS = [True, False, True, False, True, True, True]


def main(data_dir):
    train = tf.compat.v1.train.range_input_producer(7, num_epochs=1, shuffle=False)
    valid = tf.compat.v1.train.range_input_producer(4, shuffle=False)
    training = tf.compat.v1.placeholder(tf.bool, shape=[])
    index = tf.cond(training, lambda: tf.constant(0), lambda: tf.constant(1))
    switched = tf.compat.v1.QueueBase.from_list(index, [train, valid])
    rows = next_rows(switched, 3)
    batches, end = [], "done"
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for flag in FLAGS:
                got = sess.run(rows, feed_dict={training: flag}).tolist()
                batches.append([["train" if flag else "valid"] * len(got), got])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
