"""Model / input configuration of the DeepFM-style CTR trainer (a plain config object, as in deep_ctr configs)."""


class CtrConfig(object):
    field_size = 3
    batch_size = 4
    num_threads = 2
    min_after_dequeue = 4
    num_epochs = 1
    seed = 60

    def __init__(self, **overrides):
        for key, value in overrides.items():
            setattr(self, key, value)

    @property
    def capacity(self):
        return self.min_after_dequeue + (self.num_threads + 1) * self.batch_size
