import tensorflow.compat.v1 as tf

from r28d_lib.memory import STATE_DIM


class DQNAgent(object):
    """Builds the Q network on a minibatch dequeued from the experience queue."""

    def __init__(self, memory, batch_size=4, gamma=0.9, num_actions=2):
        self.memory = memory
        self.batch_size = batch_size
        self.gamma = gamma
        self.num_actions = num_actions

    def _q(self, states, reuse):
        with tf.variable_scope('q_net', reuse=reuse):
            w = tf.get_variable('w', [STATE_DIM, self.num_actions],
                                initializer=tf.constant_initializer([[0.5, -0.5]] * STATE_DIM))
            return tf.matmul(states, w)

    def build(self):
        with tf.name_scope('minibatch'):
            s, a, r, s2, done = self.memory.queue.dequeue_many(self.batch_size)
        q = self._q(s, reuse=False)
        q_next = self._q(s2, reuse=True)
        target = r + self.gamma * tf.reduce_max(q_next, axis=1) * (1.0 - tf.cast(done, tf.float32))
        q_taken = tf.reduce_sum(q * tf.one_hot(a, self.num_actions), axis=1)
        self.actions = a
        self.rewards = r
        self.td_error = target - q_taken
        return self
