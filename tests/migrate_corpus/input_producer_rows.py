"""tf.train.input_producer over the rows of a constant matrix, dequeued and batched."""

import numpy as np
import tensorflow.compat.v1 as tf


def main(data_dir):
    table = np.arange(24, dtype=np.float32).reshape(12, 2)
    rows = tf.train.input_producer(tf.constant(table), num_epochs=2, shuffle=False, capacity=8)
    row = rows.dequeue()
    doubled = row * 2.0
    batch = tf.train.batch([doubled], batch_size=5, allow_smaller_final_batch=True)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out.append([sess.run(batch).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
