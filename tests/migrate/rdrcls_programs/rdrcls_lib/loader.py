import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


class RecordLoader(object):
    """Holds the reader class it is given and the files; batches what that reader reads."""

    def __init__(self, files, reader_class, batch_size=3):
        self.files = files
        self._reader_class = reader_class
        self.batch_size = batch_size

    def inputs(self):
        queue = train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        ident, score = read_scores(queue, self._reader_class)
        return train.batch([ident, score + 0.5], batch_size=self.batch_size)


def read_scores(filename_queue, reader_class):
    _, value = reader_class().read(filename_queue)
    parsed = tf.parse_single_example(value, {'id': tf.FixedLenFeature([], tf.int64),
                                             'score': tf.FixedLenFeature([], tf.float32)})
    return parsed['id'], parsed['score']
