"""Actor threads (one per CSV) feed trajectories through placeholders into a `FIFOQueue` with `shared_name=`
(one graph, one session in the program); a closer thread joins the actors through the coordinator, then closes
the queue; the learner dequeues many (held-out round 56's bell tower, with its feeding in a function)."""
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf

UNROLL = 3
BATCH = 4
ACTORS = 3


def write_towers(root):
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(56)
    paths = []
    for tower in range(ACTORS):
        path = os.path.join(root, 'tower_%d.csv' % tower)
        rows = [[round(float(rng.uniform(0.1, 0.3)), 3), change % 2, rng.randint(0, 6), tower]
                for change in range(4 * UNROLL)]
        np.savetxt(path, np.array(rows), delimiter=',', fmt='%.3f')
        paths.append(path)
    return paths


def actor(sess, coord, enqueue_op, state_ph, action_ph, path):
    peal = np.loadtxt(path, delimiter=',', ndmin=2)
    try:
        for start in range(0, len(peal) - UNROLL + 1, UNROLL):
            if coord.should_stop():
                break
            chunk = peal[start:start + UNROLL]
            sess.run(enqueue_op, feed_dict={state_ph: chunk[:, :2], action_ph: chunk[:, 2].astype(np.int32)})
    except Exception as e:
        coord.request_stop(e)


def main(data_dir):
    paths = write_towers(os.path.join(data_dir, 'fixB2_closer_thread_shared'))
    state_ph = tf.placeholder(tf.float32, shape=[UNROLL, 2])
    action_ph = tf.placeholder(tf.int32, shape=[UNROLL])
    queue = tf.FIFOQueue(4, [tf.float32, tf.int32], shapes=[[UNROLL, 2], [UNROLL]], shared_name='peal_buffer')
    enqueue_op = queue.enqueue([state_ph, action_ph])
    close_op = queue.close()
    states, actions = queue.dequeue_many(BATCH)
    total = tf.reduce_sum(states, axis=[1, 2])

    sess = tf.Session()
    coord = tf.train.Coordinator()
    actors = [threading.Thread(target=actor, args=(sess, coord, enqueue_op, state_ph, action_ph, p)) for p in paths]
    for t in actors:
        t.start()

    def closer():
        coord.join(actors)
        sess.run(close_op)

    closing = threading.Thread(target=closer)
    closing.start()
    batches = []
    try:
        while True:
            s, a, n = sess.run([states, actions, total])
            batches.append([np.round(s.astype(np.float64), 5).tolist(), a.tolist(),
                            np.round(n.astype(np.float64), 4).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    closing.join()
    sess.close()
    return {"batches": batches, "end": "trajectories: %d" % sum(len(b[1]) for b in batches)}
