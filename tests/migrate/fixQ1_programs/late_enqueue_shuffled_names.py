"""A RandomShuffleQueue of names dequeued one at a time, the dequeue made before the enqueue op; three copies of
``enqueue_many`` of the same constant names, run by a runner from the default collection; a fixed number of reads,
the set of names seen returned."""
import tensorflow.compat.v1 as tf


def main(data_dir):
    names = ["crate_%d.jpg" % (i * 13 % 9) for i in range(6)]
    rows = tf.constant(names)
    pool = tf.RandomShuffleQueue(40, 10, [tf.string], seed=5)
    picked = pool.dequeue()
    fill = pool.enqueue_many([rows])
    tf.train.add_queue_runner(tf.train.QueueRunner(pool, [fill] * 3))
    seen = set()
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for _ in range(80):
            seen.add(sess.run(picked).decode())
        coord.request_stop()
        coord.join(threads)
    return {"batches": [[n] for n in sorted(seen)], "end": "names: %d" % len(seen)}
