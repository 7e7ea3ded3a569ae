class HParams(object):
    def __init__(self, **kwargs):
        self.__dict__.update(kwargs)


HPARAMS = HParams(batch_size=3, num_epochs=1, learning_rate=0.05, label_column="income_bracket")
