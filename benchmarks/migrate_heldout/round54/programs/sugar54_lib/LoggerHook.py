import tensorflow as tf


class LoggerHook(tf.compat.v1.train.SessionRunHook):
    """Logs the batch that went through each step."""

    def __init__(self, tensors, log_frequency=1):
        self._tensors = tensors
        self._log_frequency = log_frequency
        self.logged = []

    def begin(self):
        self._step = -1

    def before_run(self, run_context):
        self._step += 1
        return tf.compat.v1.train.SessionRunArgs(self._tensors)

    def after_run(self, run_context, run_values):
        if self._step % self._log_frequency == 0:
            self.logged.append(run_values.results)
