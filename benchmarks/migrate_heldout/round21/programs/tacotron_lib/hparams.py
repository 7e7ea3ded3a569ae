"""Hyperparameters (an HParams-like holder, as tf.contrib.training.HParams was used)."""


class HParams(object):
    def __init__(self, **kwargs):
        self.__dict__.update(kwargs)

    def values(self):
        return dict(self.__dict__)


hparams = HParams(
    cleaners='basic_cleaners',
    num_mels=3,
    outputs_per_step=2,
    batch_size=3,
    seed=1234,
)
