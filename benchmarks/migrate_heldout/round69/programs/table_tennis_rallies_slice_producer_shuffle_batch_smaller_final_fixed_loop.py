# -*- coding: utf-8 -*-

"""
@Software:   PyCharm
@File    :   batch_test.py
@Desc    :   table tennis rallies: shots per rally and the winning side
"""
# Student test script, after fengkuang-yu/hybrid_model `batch_test.py`: numpy data reshaped into rows,
# `slice_input_producer`, a `shuffle_batch` with `allow_smaller_final_batch`, a fixed `for i in range(...)` loop.

import os

import numpy as np
import tensorflow.compat.v1 as tf


def main(data_dir):
    out = os.path.join(data_dir, "h69_ttrally")
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(69)
    rallies = rng.randint(1, 30, size=(12, 4))  # shots, serves, net touches, edge balls
    np.save(os.path.join(out, "rallies.npy"), rallies)

    data = np.load(os.path.join(out, "rallies.npy"))
    label = np.array([x % 2 for x in range(1, 13)]).reshape(12, 1)
    batch_size = 3
    capacity = 100 + 3 * batch_size
    input_queue = tf.train.slice_input_producer([data, label], num_epochs=1, seed=69)
    label = input_queue[1]
    image = input_queue[0]  # read img from a queue
    image_batch, label_batch = tf.train.shuffle_batch([image, label],
                                                      batch_size=batch_size,
                                                      num_threads=4,
                                                      capacity=capacity,
                                                      min_after_dequeue=5,
                                                      seed=69,
                                                      allow_smaller_final_batch=True)
    # 重新排列label，行数为[batch_size]
    # label_batch = tf.reshape(label_batch, [batch_size])

    batches = []
    with tf.Session() as sess:
        tf.global_variables_initializer().run()
        tf.local_variables_initializer().run()
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for i in range(4):
            cur_example_batch, cur_label_batch = sess.run([image_batch, label_batch])
            print(cur_example_batch, cur_label_batch)
            batches.append([cur_example_batch.tolist(), cur_label_batch.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rallies: %d" % sum(len(b[1]) for b in batches)}
