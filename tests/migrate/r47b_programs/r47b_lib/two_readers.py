import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

from r47b_lib.stub_base import LogReader


class CsvLogReader(LogReader):
    def _decode(self, queue):
        _, line = tf.TextLineReader().read(queue)
        site, level = tf.decode_csv(line, record_defaults=[[""], [0]])
        return site, level

    def batches(self):
        queue = train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        site, level = self._decode(queue)
        return train.batch([site, level], batch_size=self.batch_size)


class TsvLogReader(LogReader):
    def _decode(self, queue):
        _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
        site, level = tf.decode_csv(line, record_defaults=[[""], [0]], field_delim="\t")
        return site, level * 10

    def batches(self):
        queue = train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        site, level = self._decode(queue)
        return train.batch([site, level], batch_size=self.batch_size)
