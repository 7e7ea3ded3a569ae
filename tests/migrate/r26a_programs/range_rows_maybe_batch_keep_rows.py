"""``range_input_producer(...).dequeue()`` made into rows per element (``tf.fill``), enqueued many into a
``maybe_batch`` whose ``keep_input`` is a vector: one flag per row."""
import tensorflow.compat.v1 as tf


def main(data_dir):
    rows = tf.train.range_input_producer(6, num_epochs=1, shuffle=False)
    n = rows.dequeue()
    values = tf.fill([n + 1], n) * 10 + tf.range(n + 1)
    keep = tf.not_equal(values % 3, 0)
    batch = tf.train.maybe_batch([values], keep, 4, enqueue_many=True, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append([sess.run(batch).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
