"""Ids from a `slice_input_producer` batched with a shuffled index that a function of the package `fixc1_lib`
dequeues (`from tensorflow.compat.v1 import train`)."""
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

from fixc1_lib.indices import shuffled_index


def main(data_dir):
    ids = tf.constant(list(range(100, 112)), dtype=tf.int64)
    one_id = train.slice_input_producer([ids], shuffle=False, num_epochs=1)[0]
    index = shuffled_index(5, 13)
    b_ids, b_index = train.batch([one_id, index], batch_size=3, num_threads=1, capacity=9)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                i, x = sess.run([b_ids, b_index])
                batches.append([i.tolist(), x.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "ids: %d" % (3 * len(batches))}
