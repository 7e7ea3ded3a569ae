"""The memory class of another module joins its thread behind `is not None`; the agent class of the program's
module is handed the instance (positionally) and dequeues it, and its `finish()` calls the memory's `join`."""
import numpy as np
import tensorflow.compat.v1 as tf

from r28d_lib.learner import Replay


class Agent(object):

    def __init__(self, replay, pairs=2):
        self.replay = replay
        self.pairs = pairs

    def sums(self):
        batch = self.replay.queue.dequeue_many(self.pairs)
        return tf.reduce_sum(batch, axis=1)

    def finish(self):
        self.replay.join()


def main(data_dir):
    replay = Replay()
    agent = Agent(replay)
    sums = agent.sums()
    batches = []
    sess = tf.Session()
    replay.start(sess, [np.full([2], i, np.float32) for i in range(7)])
    while True:
        try:
            batches.append(sess.run(sums).tolist())
        except tf.errors.OutOfRangeError:
            break
    agent.finish()
    sess.close()
    return {"batches": batches, "end": "OutOfRangeError"}
