# coding=utf-8
import tensorflow.compat.v1 as tf
from .reader import Reader


class CSVReader(Reader):
    """ Read csv format

    Args:
        input_glob : input path
        batch_size : input batch size
        is_training : True or False
    """

    def __init__(self, input_glob, batch_size, is_training, thread_num=1, input_queue=None, **kwargs):
        super(CSVReader, self).__init__(batch_size, is_training, thread_num, input_queue, **kwargs)
        self.input_glob = input_glob
        self.column_names = [t.split(':')[0] for t in self.input_schema.split(',')]
        type_map = {'str': '', 'int': 0, 'float': 0.0}
        self.record_defaults = [[type_map[t.split(':')[1]]] for t in self.input_schema.split(',')]

    def get_record(self):
        files = tf.gfile.Glob(self.input_glob)
        if self.input_queue is None:
            self.input_queue = tf.train.string_input_producer(sorted(files), num_epochs=self.num_epochs,
                                                              shuffle=False)
        reader = tf.TextLineReader(skip_header_lines=1)
        _, value = reader.read(self.input_queue)
        return value

    def decode_record(self, record):
        columns = tf.decode_csv(record, record_defaults=self.record_defaults, field_delim=',')
        return dict(zip(self.column_names, columns))
