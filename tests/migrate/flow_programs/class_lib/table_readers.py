"""A base reader class and its one subclass, in a module of their own: the base's `__init__` makes the file
queue, its `rows()` batches what the subclass's `parse_line()` reads."""

from tensorflow.compat.v1 import TextLineReader
from tensorflow.compat.v1 import decode_csv
from tensorflow.compat.v1 import train


class LineTable(object):

    def __init__(self, files, batch_size):
        self.batch_size = batch_size
        self.filename_queue = train.string_input_producer(files, num_epochs=1, shuffle=False)

    def parse_line(self):
        raise NotImplementedError

    def rows(self):
        features, label = self.parse_line()
        return train.batch([features, label], batch_size=self.batch_size, allow_smaller_final_batch=True)


class ScaledLineTable(LineTable):

    def parse_line(self):
        _, line = TextLineReader(skip_header_lines=1).read(self.filename_queue)
        a, b, label = decode_csv(line, record_defaults=[[0], [0.0], [0]])
        return b * 0.5, label
