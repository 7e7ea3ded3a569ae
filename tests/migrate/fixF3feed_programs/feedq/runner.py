"""A queue runner that feeds each enqueue op from a feed function (a small one of our own)."""
import tensorflow.compat.v1 as tf


class FeedRunner(tf.train.QueueRunner):
    """Runs each enqueue op with the dict its feed function makes, until the function raises OutOfRangeError."""

    def __init__(self, queue, enqueue_ops, feed_fns):
        super(FeedRunner, self).__init__(queue, enqueue_ops)
        self._feed_fns = feed_fns

    def _run(self, sess, enqueue_op, coord=None):
        feed_fn = self._feed_fns[[op is enqueue_op for op in self._enqueue_ops].index(True)]
        try:
            while not (coord and coord.should_stop()):
                sess.run(enqueue_op, feed_dict=feed_fn())
        except (tf.errors.OutOfRangeError, tf.errors.CancelledError):
            with self._lock:
                self._runs_per_session[sess] -= 1
                if self._runs_per_session[sess] == 0:
                    sess.run(self._close_op)
