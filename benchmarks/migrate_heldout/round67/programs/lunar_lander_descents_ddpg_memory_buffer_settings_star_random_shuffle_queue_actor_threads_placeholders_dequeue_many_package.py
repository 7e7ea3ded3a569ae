
import os

import numpy as np
import tensorflow as tf

import lunar67_lib.settings as settings
from lunar67_lib.settings import *
from lunar67_lib.MemoryBuffer import MemoryBuffer
from lunar67_lib.Actor import Actor


def record_descents(folder):
    rng = np.random.RandomState(67)
    for n in range(NB_ACTORS):
        n_steps = 8
        states = np.zeros((n_steps + 1, 4), np.float32)
        states[0] = [0.1 * (n + 1), 1.4, 0.0, -0.2]
        actions = np.round(rng.uniform(-1, 1, size=(n_steps, ACTION_SIZE)), 2).astype(np.float32)
        for t in range(n_steps):
            x, y, vx, vy = states[t]
            vx = vx + 0.05 * actions[t, 1]
            vy = vy - 0.1 + 0.15 * max(actions[t, 0], 0.0)
            states[t + 1] = [x + 0.1 * vx, y + 0.1 * vy, vx, vy]
        states = np.round(states, 3)
        rewards = np.round(-np.abs(states[1:, 0]) * 10 - np.abs(states[1:, 3]) * 5 + 100 * n + t, 2)
        np.savez(os.path.join(folder, "descent_actor_%i.npz" % n),
                 states=states, actions=actions, rewards=rewards.astype(np.float32))


def main(data_dir):
    folder = os.path.join(data_dir, "h67_lunar")
    os.makedirs(folder, exist_ok=True)
    record_descents(folder)
    settings.DATA_DIR = folder

    sess = tf.compat.v1.Session()

    buffer = MemoryBuffer(sess)
    batch = buffer.dequeue

    # the learner's side: a critic target from the sampled batch
    s_batch, a_batch, r_batch, s2_batch, done_batch = batch
    target = r_batch + DISCOUNT * (1 - done_batch) * tf.reduce_sum(s2_batch, axis=1)

    sess.run(tf.compat.v1.global_variables_initializer())

    actors = []
    for i in range(NB_ACTORS):
        actors.append(Actor(i, buffer))

    for actor in actors:
        actor.start()

    def close_when_done():
        for actor in actors:
            actor.join()
        sess.run(buffer.close_op)

    closer = __import__("threading").Thread(target=close_when_done)
    closer.start()

    batches = []
    for step in range(TRAINING_STEPS):
        try:
            s, a, r, s_, d, y = sess.run([s_batch, a_batch, r_batch, s2_batch, done_batch, target])
        except tf.errors.OutOfRangeError:
            break
        batches.append([s.tolist(), a.tolist(), np.round(r, 2).tolist(), s_.tolist(), d.tolist(),
                        np.round(y, 2).tolist()])

    closer.join()
    left = len(buffer)
    sess.close()
    return {"batches": batches,
            "end": {"learner_steps": step, "transitions": sum(a.nb_steps for a in actors), "left": int(left)}}
