"""Producers spelled through `from tensorflow.compat.v1 import train`, the queue through `tf.queue.QueueBase`, the
index a computed int (1 - cast of a bool placeholder), dequeue_many read in the function that made it."""
import tensorflow as tf
from tensorflow.compat.v1 import train

ORDER = [False, True, True, False, True, False, False]


def main(data_dir):
    evens = train.input_producer(tf.constant([[0, 0], [2, 4], [4, 8], [6, 12]]), shuffle=False)
    odds = train.input_producer(tf.constant([[1, -1], [3, -3], [5, -5]]), num_epochs=3, shuffle=False)
    use_odds = tf.compat.v1.placeholder(tf.bool, [])
    index = 1 - tf.cast(tf.logical_not(use_odds), tf.int32)
    either = tf.queue.QueueBase.from_list(index, [evens, odds])
    pairs = either.dequeue_many(2)
    total = tf.reduce_sum(pairs, axis=1)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        for odd in ORDER:
            p, t = sess.run([pairs, total], {use_odds: odd})
            batches.append([p.tolist(), t.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "read %d" % len(batches)}
