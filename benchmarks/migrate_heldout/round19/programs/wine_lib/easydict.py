"""A small attribute dictionary, as the `easydict` package offers: `cfg.TRAIN.BATCH_SIZE` reads `cfg["TRAIN"]["BATCH_SIZE"]`."""


class EasyDict(dict):
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name)

    def __setattr__(self, name, value):
        self[name] = value
