"""A trajectory queue for an A3C/IMPALA-style learner: placeholders for one unrolled trajectory."""
import collections

import tensorflow as tf

v1 = tf.compat.v1

Trajectory = collections.namedtuple("Trajectory", ["state", "action", "reward", "done"])


class A3CFIFOQueue(object):

    def __init__(self, trajectory_size, input_shape, queue_size, batch_size):
        self.trajectory_size = trajectory_size
        self.input_shape = input_shape
        self.batch_size = batch_size

        self.unrolled_state = v1.placeholder(tf.int32, shape=[trajectory_size, *self.input_shape])
        self.unrolled_action = v1.placeholder(tf.int32, shape=[trajectory_size])
        self.unrolled_reward = v1.placeholder(tf.float32, shape=[trajectory_size])
        self.unrolled_done = v1.placeholder(tf.bool, shape=[trajectory_size])

        self.queue = v1.FIFOQueue(
            queue_size,
            [self.unrolled_state.dtype, self.unrolled_action.dtype, self.unrolled_reward.dtype,
             self.unrolled_done.dtype],
            shapes=[[trajectory_size, *self.input_shape], [trajectory_size], [trajectory_size],
                    [trajectory_size]])
        self.enqueue_ops = self.queue.enqueue([self.unrolled_state, self.unrolled_action, self.unrolled_reward,
                                               self.unrolled_done])
        self.close_op = self.queue.close()
        self.dequeue = self.sample_batch()

    def append_to_queue(self, sess, trajectory):
        sess.run(self.enqueue_ops, feed_dict={
            self.unrolled_state: trajectory.state,
            self.unrolled_action: trajectory.action,
            self.unrolled_reward: trajectory.reward,
            self.unrolled_done: trajectory.done,
        })

    def sample_batch(self):
        batch = self.queue.dequeue_many(self.batch_size)
        return Trajectory(*batch)
