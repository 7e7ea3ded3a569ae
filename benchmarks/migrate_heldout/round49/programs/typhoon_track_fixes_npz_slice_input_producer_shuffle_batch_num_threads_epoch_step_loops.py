#! /usr/bin/env python
#
#
#       Module: TF_fifo
#
#       Description: best-track fixes of western Pacific typhoons
#
#       Dependence: numpy, tensorflow
#
#       Usage: main(data_dir)
#

import os

import tensorflow as tf
import numpy as np
from six.moves import xrange
N_SAMPES=12
N_THREADS=2
BATCHSIZE=3


def main(data_dir):
    folder = os.path.join(data_dir, "h49_typhoon_fixes")
    if not os.path.isdir(folder):
        os.makedirs(folder)
    np.random.seed(49)
    all_x = np.round(np.stack([10 + 25 * np.random.rand(N_SAMPES), 120 + 30 * np.random.rand(N_SAMPES),
                               np.random.randint(920, 1000, size=N_SAMPES)], axis=1), 1).astype(np.float32)
    all_y = np.random.randint(1, 6, size=N_SAMPES).astype(np.int32)  # saffir-simpson-like category
    np.savez(os.path.join(folder, "best_track.npz"), x=all_x, y=all_y)
    arrs = np.load(os.path.join(folder, "best_track.npz"))
    all_x, all_y = arrs["x"], arrs["y"]

    # dataset=tf.data.Dataset.from_tensor_slices((all_x,all_y))
    # tf.random_shuffle([all_x,all_y])

    # queue = tf.FIFOQueue(capacity=1000, dtypes=[tf.float32,tf.int32],shapes=[[8],[]])
    queue = tf.compat.v1.train.slice_input_producer([all_x,all_y],num_epochs=1,shuffle=True,seed=7)
    x=queue[0]
    y=queue[1]
    x_batch, y_batch = tf.compat.v1.train.batch([x,y],batch_size=BATCHSIZE,num_threads=N_THREADS)
    # enqueue_op = queue.enqueue_many([all_x,all_y])

    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord=tf.compat.v1.train.Coordinator()
        enqueue_threads = tf.compat.v1.train.start_queue_runners(sess, coord=coord, start=True)
        for epoch in xrange(1):
            for step in xrange(N_SAMPES//BATCHSIZE+(N_SAMPES%BATCHSIZE!=0)):
                # if coord.should_stop():
                #     break
                one_data, one_label = sess.run([x_batch,y_batch])
                batches.append([np.round(one_data.astype(np.float64), 2).tolist(), one_label.tolist()])
        coord.request_stop()
        coord.join(enqueue_threads)
    return {"batches": batches, "end": "fixes: %d" % sum(len(b[1]) for b in batches)}
