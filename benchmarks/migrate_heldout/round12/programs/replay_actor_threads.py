"""Replay queue of an asynchronous actor-learner setup: actor threads (plain functions) play episodes from
logged transitions and push them through a feed_dict into a RandomShuffleQueue; the learner dequeues
minibatches until the actors are done and the queue is closed."""

import csv
import os
import threading

import tensorflow.compat.v1 as tf


def load_episode_log(path):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    return [(float(r["a"]), float(r["b"]), int(r["label"])) for r in rows]


def actor_loop(sess, coord, enqueue_op, placeholders, transitions, passes):
    state_ph, action_ph, reward_ph = placeholders
    try:
        for p in range(passes):
            for t, (a, b, action) in enumerate(transitions):
                if coord.should_stop():
                    return
                reward = 1.0 if action == (t + p) % 5 else 0.0
                sess.run(enqueue_op, feed_dict={state_ph: [a, b], action_ph: action, reward_ph: reward})
    except tf.errors.CancelledError:
        pass


def build_replay(capacity, min_after_dequeue):
    state_ph = tf.placeholder(tf.float32, [2], name="state")
    action_ph = tf.placeholder(tf.int32, [], name="action")
    reward_ph = tf.placeholder(tf.float32, [], name="reward")
    replay = tf.RandomShuffleQueue(capacity, min_after_dequeue, [tf.float32, tf.int32, tf.float32],
                                   shapes=[[2], [], []], name="replay")
    enqueue_op = replay.enqueue([state_ph, action_ph, reward_ph])
    return replay, enqueue_op, (state_ph, action_ph, reward_ph)


def main(data_dir):
    batch_size = 25
    replay, enqueue_op, placeholders = build_replay(capacity=200, min_after_dequeue=50)
    states, actions, rewards = replay.dequeue_up_to(batch_size)
    close_op = replay.close()
    q_target = rewards + 0.99 * tf.reduce_max(states, axis=1)

    sess = tf.Session()
    coord = tf.train.Coordinator()
    actors = []
    for i in range(2):
        transitions = load_episode_log(os.path.join(data_dir, "table-%d.csv" % i))
        t = threading.Thread(target=actor_loop, args=(sess, coord, enqueue_op, placeholders, transitions, 3))
        t.daemon = True
        t.start()
        actors.append(t)

    def close_when_done():
        for t in actors:
            t.join()
        sess.run(close_op)

    closer = threading.Thread(target=close_when_done)
    closer.start()

    batches = []
    end = None
    try:
        while True:
            s, a, r, q = sess.run([states, actions, rewards, q_target])
            batches.append([s.tolist(), a.tolist(), r.tolist(), [round(float(v), 3) for v in q]])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    coord.request_stop()
    closer.join()
    sess.close()
    return {"batches": batches, "end": end}
