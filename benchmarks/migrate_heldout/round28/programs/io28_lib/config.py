class InputConfig(object):
    """What the input_fn reads; `reader` picks the reader class by name."""

    def __init__(self, **kwargs):
        self.reader = 'text'
        self.file_pattern = None
        self.batch_size = 4
        self.num_epochs = 1
        self.columns = ('station', 'temp', 'humidity', 'rain_tomorrow')
        self.__dict__.update(kwargs)

    def replace(self, **kwargs):
        new = InputConfig(**self.__dict__)
        new.__dict__.update(kwargs)
        return new
