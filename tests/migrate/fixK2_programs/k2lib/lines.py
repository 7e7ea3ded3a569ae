"""Two subclasses of the reader base; the program makes only the first."""
import tensorflow.compat.v1 as tf

from .base import Reader


class LineReader(Reader):

    def __init__(self, pattern, batch_size, training, queue=None):
        super(LineReader, self).__init__(batch_size, training, queue)
        self.pattern = pattern

    def get_record(self):
        names = sorted(tf.gfile.Glob(self.pattern))
        if self.queue is None:
            self.queue = tf.train.string_input_producer(names, num_epochs=self.epochs, shuffle=False)
        _, text = tf.TextLineReader(skip_header_lines=1).read(self.queue)
        return text

    def decode_record(self, record):
        who, count = tf.decode_csv(record, record_defaults=[[''], [0]])
        return {'who': who, 'count': count * 2}


class WordReader(Reader):

    def __init__(self, pattern, batch_size):
        super(WordReader, self).__init__(batch_size, False)
        self.pattern = pattern

    def get_record(self):
        self.queue = tf.train.string_input_producer([self.pattern], num_epochs=1, shuffle=False)
        reader = tf.WholeFileReader()
        _, text = reader.read(self.queue)
        return text

    def decode_record(self, record):
        return {'text': record}
