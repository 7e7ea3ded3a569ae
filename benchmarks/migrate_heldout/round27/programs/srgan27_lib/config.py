"""Super-resolution training configuration (an easydict-style object, as in SRGAN repos)."""


class Config(object):
    def __init__(self, **kw):
        self.__dict__.update(kw)


config = Config(
    batch_size=3,
    hr_size=4,
    scale=2,
    n_epoch=1,
    data_subdir="DIV2K_train_HR",
)
