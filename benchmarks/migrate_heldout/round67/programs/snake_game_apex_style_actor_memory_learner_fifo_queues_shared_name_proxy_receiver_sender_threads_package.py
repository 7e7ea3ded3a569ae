"""Ape-X on recorded Snake games: actor -> in-queue -> memory -> out-queue -> learner, in one process."""

import os
import threading

import numpy as np
import tensorflow as tf

from erl67_lib.agents import ApexAgent

config = {
    "obs_dim": 3,              # head x, head y, food distance
    "batch_size": 4,
    "buffer_size": 50,
    "prioritized_replay": True,
    "seed": 67,
    "scheduled_timesteps": 1000,
}


def record_games(folder):
    rng = np.random.RandomState(67)
    paths = []
    for g in range(2):
        rows = []
        x, y = 5, 5
        for t in range(8):
            a = int(rng.randint(0, 4))
            dx, dy = [(1, 0), (-1, 0), (0, 1), (0, -1)][a]
            x2, y2 = x + dx, y + dy
            food = abs(x2 - 7) + abs(y2 - 3 - g)
            r = 1.0 if food == 0 else -0.1
            rows.append([x, y, abs(x - 7) + abs(y - 3 - g), a, r, x2, y2, food, float(t == 7)])
            x, y = x2, y2
        path = os.path.join(folder, "snake_game_%d.txt" % g)
        np.savetxt(path, np.array(rows, np.float32), fmt="%.2f")
        paths.append(path)
    return paths


def run_actor(agent, game_files):
    for path in game_files:
        for row in np.loadtxt(path, dtype=np.float32, ndmin=2):
            agent.send_experience(row[0:3], int(row[3]), row[4], row[5:8], row[8])
    agent.close_actor()


def main(data_dir):
    folder = os.path.join(data_dir, "h67_snake")
    os.makedirs(folder, exist_ok=True)
    game_files = record_games(folder)

    sess = tf.compat.v1.Session()
    agent = ApexAgent(config, sess)
    obs, actions, rewards, next_obs, dones, idxes = agent._de_out_queue
    q_target = rewards + 0.9 * (1.0 - dones) * tf.reduce_min(next_obs, axis=1)
    sess.run(tf.compat.v1.global_variables_initializer())
    agent._setup_communication()

    actor = threading.Thread(target=run_actor, args=(agent, game_files))
    actor.start()

    batches = []
    while True:
        try:
            fetched = sess.run([obs, actions, rewards, next_obs, dones, idxes, q_target])
        except tf.errors.OutOfRangeError:
            break
        batches.append([f.tolist() if f.dtype != np.float32 else np.round(f, 2).tolist() for f in fetched])

    actor.join()
    agent.join()
    sess.close()
    return {"batches": batches, "end": {"timesteps": agent._num_sampled_timesteps}}
