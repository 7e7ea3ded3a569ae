"""``train.batch(enqueue_many=True)`` over a name's default and an inline ``placeholder_with_default`` of a list
(exact); ``tf.compat.v1.placeholder_with_default`` spelled from ``import tensorflow as tf``."""
import numpy as np
import tensorflow as tf

v1 = tf.compat.v1


def main(data_dir):
    ids = np.arange(8, dtype=np.int32)
    id_tensor = tf.compat.v1.placeholder_with_default(ids, shape=[None])
    id_batch, score_batch = v1.train.batch(
        [id_tensor * 2, tf.compat.v1.placeholder_with_default(np.linspace(0.0, 3.5, 8), shape=[None])],
        batch_size=4, enqueue_many=True, capacity=8)
    batches = []
    with v1.Session() as sess:
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        for _ in range(2):
            i, s = sess.run([id_batch, score_batch])
            batches.append([i.tolist(), s.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "two batches"}
