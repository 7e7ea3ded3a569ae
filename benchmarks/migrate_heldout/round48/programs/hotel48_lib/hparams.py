"""Default hyperparameters for the room-night model (hand-rolled, no tf.contrib.training.HParams)."""


class HParams(object):
    def __init__(self, **kwargs):
        self.__dict__.update(kwargs)

    def values(self):
        return dict(self.__dict__)


hparams = HParams(
    batch_size=4,
    queue_capacity=8,
    num_rate_features=3,
    cleaners='lower_strip',
)


def hparams_debug_string():
    values = hparams.values()
    hp = ['  %s: %s' % (name, values[name]) for name in sorted(values)]
    return 'Hyperparameters:\n' + '\n'.join(hp)
