"""IMPALA-style learner: actor threads push unrolled trajectories through placeholders into a queue class."""
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf

from impala35_lib.actor import Actor, write_rollouts
from impala35_lib.fifo import FIFOQueue

TRAJECTORY = 3
NUM_ACTORS = 3
EPISODES = 4
BATCH_SIZE = 3


def main(data_dir):
    root = os.path.join(data_dir, "h35_impala")
    os.makedirs(root, exist_ok=True)
    rollout_files = []
    for i in range(NUM_ACTORS):
        rollout_files.append(os.path.join(root, "actor_%d_rollouts.npz" % i))
        write_rollouts(rollout_files[-1], i, TRAJECTORY, EPISODES)
    queue = FIFOQueue(TRAJECTORY, [2, 2], 4, queue_size=16, batch_size=BATCH_SIZE, num_actors=NUM_ACTORS)
    sess = tf.Session()
    coord = tf.train.Coordinator()
    actors = [Actor(i, queue, TRAJECTORY, EPISODES, rollout_files[i]) for i in range(NUM_ACTORS)]
    threads = [threading.Thread(target=a.run, args=(sess, coord)) for a in actors]
    for t in threads:
        t.start()
    coord.join(threads)
    sess.run(queue.close)
    batches = []
    try:
        while True:
            state, reward, done, action = queue.sample_batch(sess)
            batches.append([state.tolist(), np.round(reward, 2).tolist(), done.tolist(), action.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    sess.close()
    return {"batches": batches, "end": "learner steps: %d" % len(batches)}
