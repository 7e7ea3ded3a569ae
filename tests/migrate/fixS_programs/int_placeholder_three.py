"""Three input producers (values, a range, file names) selected by an int placeholder fed directly; one dequeue()
per run, the first producer ending after two epochs."""
import tensorflow.compat.v1 as tf

SEQUENCE = [0, 1, 2, 2, 0, 1, 0, 2, 1, 0, 0, 2, 0, 0, 0, 0]


def main(data_dir):
    words = tf.constant([10, 11, 12], dtype=tf.int32)
    first = tf.train.input_producer(words, num_epochs=2, shuffle=False)
    second = tf.train.range_input_producer(5, shuffle=False)
    third = tf.train.input_producer(tf.constant([100, 200], dtype=tf.int32), shuffle=False, capacity=4)
    which = tf.placeholder(tf.int32, [], name="which")
    queue = tf.QueueBase.from_list(which, [first, second, third])
    value = queue.dequeue()
    batches, end = [], None
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for k in SEQUENCE:
                batches.append([[k], [int(sess.run(value, feed_dict={which: k}))]])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end or "done"}
