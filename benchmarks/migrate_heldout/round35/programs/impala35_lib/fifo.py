import tensorflow.compat.v1 as tf


class FIFOQueue:
    def __init__(self, trajectory, input_shape, output_size, queue_size, batch_size, num_actors):
        self.trajectory = trajectory
        self.input_shape = input_shape
        self.output_size = output_size
        self.batch_size = batch_size
        self.num_actors = num_actors

        self.unrolled_state = tf.placeholder(tf.uint8, [self.trajectory, *self.input_shape])
        self.unrolled_reward = tf.placeholder(tf.float32, [self.trajectory])
        self.unrolled_done = tf.placeholder(tf.bool, [self.trajectory])
        self.unrolled_action = tf.placeholder(tf.int32, [self.trajectory])

        self.queue = tf.FIFOQueue(
            queue_size,
            [self.unrolled_state.dtype, self.unrolled_reward.dtype,
             self.unrolled_done.dtype, self.unrolled_action.dtype],
            shapes=[[self.trajectory, *self.input_shape], [self.trajectory],
                    [self.trajectory], [self.trajectory]])
        self.enqueue_ops = self.queue.enqueue(
            [self.unrolled_state, self.unrolled_reward, self.unrolled_done, self.unrolled_action])
        self.dequeue = self.queue.dequeue_many(self.batch_size)
        self.close = self.queue.close()

    def append_to_queue(self, sess, state, reward, done, action):
        sess.run(self.enqueue_ops, feed_dict={
            self.unrolled_state: state,
            self.unrolled_reward: reward,
            self.unrolled_done: done,
            self.unrolled_action: action})

    def sample_batch(self, sess):
        return sess.run(self.dequeue)
