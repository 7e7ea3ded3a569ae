"""tf.train.batch over a constant tensor list with enqueue_many=True: rows cycle forever, a fixed number of steps."""
import os

import numpy as np
import tensorflow as tf

STEPS = 4


def main(data_dir):
    root = os.path.join(data_dir, 'h29_tensor_list_enqueue_many_constant_cycle_steps')
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'tensor_list.txt')
    np.savetxt(path, np.arange(1, 21).reshape(5, 4), fmt='%d')
    tensor_list = np.loadtxt(path, dtype=np.int32)
    row_ids = np.arange(5, dtype=np.int32) * 10

    with tf.compat.v1.Session() as sess:
        x2, ids = tf.compat.v1.train.batch([tf.constant(tensor_list), tf.constant(row_ids)], batch_size=4,
                                           enqueue_many=True, capacity=8)
        row_sum = tf.reduce_sum(x2, axis=1)

        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)

        batches = []
        for step in range(STEPS):
            v, i, s = sess.run([x2, ids, row_sum])
            batches.append([v.tolist(), i.tolist(), s.tolist()])

        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': '%d steps' % STEPS}
