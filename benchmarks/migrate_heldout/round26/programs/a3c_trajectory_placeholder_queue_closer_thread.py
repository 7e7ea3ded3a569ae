"""A3C-style learner: actor threads feed unrolled trajectories through placeholders into a FIFOQueue; a closer
thread closes it once every actor is done, and the learner trains until the queue is drained."""
import os
import threading

import tensorflow as tf

from replay26_lib import actors
from replay26_lib.fifo_queue import A3CFIFOQueue

v1 = tf.compat.v1


class FLAGS(object):
    trajectory = 3
    num_actors = 2
    episodes_per_actor = 4
    batch_size = 2
    queue_size = 4


def write_logs(root):
    os.makedirs(root, exist_ok=True)
    paths = []
    for a in range(FLAGS.num_actors):
        path = os.path.join(root, "actor_%d.log" % a)
        with open(path, "w") as f:
            for t in range(FLAGS.trajectory * FLAGS.episodes_per_actor):
                k = a * 50 + t
                f.write("%d;%d;%d;%.2f;%d\n" % (k, k % 3, k % 4, k / 10.0, int(t % FLAGS.trajectory == 2)))
        paths.append(path)
    return paths


def main(data_dir):
    logs = write_logs(os.path.join(data_dir, "h26_a3c_trajectory_placeholder_queue_closer_thread"))
    queue = A3CFIFOQueue(FLAGS.trajectory, [2], FLAGS.queue_size, FLAGS.batch_size)
    batch = queue.dequeue
    discounted = tf.reduce_sum(batch.reward * tf.constant([1.0, 0.9, 0.81]), axis=1)

    sess = v1.Session()
    workers = [actors.Actor(i, logs[i], sess, queue, FLAGS.trajectory) for i in range(FLAGS.num_actors)]
    for w in workers:
        w.start()
    closer = threading.Thread(target=actors.close_when_done, args=(sess, queue, workers), daemon=True)
    closer.start()
    batches, end = [], "running"
    while True:
        try:
            state, action, ret, done = sess.run([batch.state, batch.action, discounted, batch.done])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
            break
        batches.append([state.tolist(), action.tolist(), [round(float(r), 4) for r in ret],
                        [[bool(d) for d in row] for row in done]])
    closer.join()
    sess.close()
    return {"batches": batches, "end": end}
