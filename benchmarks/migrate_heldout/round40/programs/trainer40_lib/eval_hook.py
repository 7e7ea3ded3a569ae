import tensorflow.compat.v1 as tf


class EvalSessionHook(tf.train.SessionRunHook):
    """Fetches the input batch beside every training step and keeps what came back."""

    def __init__(self, fetches):
        self._fetches = fetches
        self.results = []

    def before_run(self, run_context):
        return tf.train.SessionRunArgs(self._fetches)

    def after_run(self, run_context, run_values):
        self.results.append(run_values.results)
