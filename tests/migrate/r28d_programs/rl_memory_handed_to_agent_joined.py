"""Round 28's shape: experience pushed by one thread of a class of another module, whose `join` only joins
it; minibatches dequeued in the `build()` of an agent class (a third module) handed the instance."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from r28d_lib import memory as rl_memory
from r28d_lib.agent import DQNAgent


def main(data_dir):
    log_dir = os.path.join(data_dir, 'r28d_rl')
    os.makedirs(log_dir, exist_ok=True)
    transitions = rl_memory.rollout(num_steps=12)
    np.save(os.path.join(log_dir, 'rewards.npy'), np.array([t[2] for t in transitions]))

    mem = rl_memory.ExperienceQueue(capacity=8)
    agent = DQNAgent(mem, batch_size=4).build()

    batches = []
    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    mem.start(sess, transitions)
    updates = 0
    while True:
        try:
            acts, rews, td = sess.run([agent.actions, agent.rewards, agent.td_error])
        except tf.errors.OutOfRangeError:
            break
        updates += 1
        batches.append([acts.tolist(), np.round(rews, 4).tolist(), np.round(td, 4).tolist()])
    mem.join()
    sess.close()
    return {'batches': batches, 'end': 'memory closed after %d updates' % updates}
