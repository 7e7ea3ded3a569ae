"""A base whose stubs raise: each subclass reads its own format."""


class LogReader(object):
    def __init__(self, files, batch_size):
        self.files = files
        self.batch_size = batch_size

    def _decode(self, queue):
        raise NotImplementedError

    def batches(self):
        raise NotImplementedError
