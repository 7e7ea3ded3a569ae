"""Replays recorded Pong paddle frames through a Dopamine-style DQN agent's replay memory."""

import os

import numpy as np
import tensorflow.compat.v1 as tf

from dopa67_lib.agents.dqn import dqn_agent


def record_rallies(path):
  rng = np.random.RandomState(67)
  frames, actions, rewards, terminals = [], [], [], []
  for rally in range(3):
    n = 6
    for t in range(n):
      frame = np.zeros((2, 2), np.uint8)
      frame[t % 2, (t + rally) % 2] = 10 * (t + 1) + rally
      frame[1 - t % 2, 0] = 200 + rally
      frames.append(frame)
      actions.append(int(rng.randint(0, 3)))
      rewards.append(1.0 if t == n - 1 and rally != 1 else 0.0)
      terminals.append(1 if t == n - 1 else 0)
  np.savez(path, frames=np.array(frames), actions=np.array(actions, np.int32),
           rewards=np.array(rewards, np.float32), terminals=np.array(terminals, np.uint8))


def main(data_dir):
  folder = os.path.join(data_dir, 'h67_pong')
  if not os.path.exists(folder):
    os.makedirs(folder)
  path = os.path.join(folder, 'pong_rallies.npz')
  record_rallies(path)
  log = np.load(path)

  np.random.seed(67)  # the replay samples indices with np.random
  sess = tf.Session()
  agent = dqn_agent.DQNAgent(sess, num_actions=3, min_replay_history=8, update_period=2,
                             replay_capacity=64, batch_size=3, use_staging=False)
  sess.run(tf.global_variables_initializer())

  batches = []
  for t in range(len(log['actions'])):
    agent._store_transition(log['frames'][t], log['actions'][t], log['rewards'][t],
                            log['terminals'][t])
    fetched = agent._train_step()
    if fetched is None:
      continue
    _, transition, target = fetched
    batches.append([transition['state'].tolist(), transition['action'].tolist(),
                    transition['reward'].tolist(), transition['next_state'].tolist(),
                    transition['terminal'].tolist(), transition['indices'].tolist(),
                    np.round(target, 4).tolist()])
  sess.close()
  return {'batches': batches,
          'end': {'training_steps': agent.training_steps,
                  'add_count': int(agent._replay.memory.add_count)}}
