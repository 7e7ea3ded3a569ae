# coding=utf-8
import tensorflow as tf
from .reader import Reader


class CSVReader(Reader):
    """ Read csv format

    Args:

        input_glob : input file fp
        batch_size : input batch size
        is_training : True or False

    """

    def __init__(self, input_glob, batch_size, is_training, **kwargs):
        super(CSVReader, self).__init__(input_glob, batch_size, is_training, **kwargs)
        self.column_names = []
        self.record_defaults = []
        for schema in self.input_schema.split(","):
            name, type_ = schema.split(":")
            self.column_names.append(name)
            self.record_defaults.append([""] if type_ == "str" else [0] if type_ == "int" else [0.0])

    def _read_one(self):
        files = sorted(tf.io.gfile.glob(self.input_glob))
        filename_queue = tf.compat.v1.train.string_input_producer(
            files, num_epochs=self.num_epochs, shuffle=self.is_training)
        reader = tf.compat.v1.TextLineReader(skip_header_lines=1)
        _, value = reader.read(filename_queue)
        columns = tf.io.decode_csv(value, record_defaults=self.record_defaults, field_delim="\t")
        output_dict = dict(zip(self.column_names, columns))
        return output_dict
