"""A registry whose classes make different readers (fixed-length records, TFRecords)."""
import tensorflow.compat.v1 as tf

from q4_lib import sources


class RecordSource(object):
    def __init__(self, folder):
        self.folder = folder

    def make_reader(self):
        return tf.TFRecordReader()


MIXED = {"alpha": sources.Alpha, "records": RecordSource}
