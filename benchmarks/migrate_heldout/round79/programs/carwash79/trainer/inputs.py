"""Input function object for the bay-log models: a callable that builds the reading graph when the
trainer asks for (features, labels)."""
import tensorflow.compat.v1 as tf

from carwash79.trainer import featurizer


class CsvInputFn(object):
    """Reads CSV shards in chunks of `read_size` lines and re-batches them."""

    def __init__(self, file_names, batch_size=16, num_epochs=None, read_size=4, shuffle=False):
        self._file_names = file_names
        self._batch_size = batch_size
        self._num_epochs = num_epochs
        self._read_size = read_size
        self._shuffle = shuffle

    def _decode(self, rows):
        columns = tf.decode_csv(rows, record_defaults=featurizer.CSV_COLUMN_DEFAULTS)
        features = dict(zip(featurizer.CSV_COLUMNS, columns))
        for col in featurizer.UNUSED_COLUMNS:
            features.pop(col)
        return features

    def __call__(self):
        filename_queue = tf.train.string_input_producer(
            self._file_names, num_epochs=self._num_epochs, shuffle=self._shuffle)
        reader = tf.TextLineReader()
        _, rows = reader.read_up_to(filename_queue, num_records=self._read_size)
        features = self._decode(rows)
        if self._shuffle:
            features = tf.train.shuffle_batch(
                features, self._batch_size, capacity=10 * self._batch_size,
                min_after_dequeue=2 * self._batch_size, enqueue_many=True, num_threads=2)
        else:
            features = tf.train.batch(
                features, self._batch_size, capacity=10 * self._batch_size,
                enqueue_many=True, allow_smaller_final_batch=True)
        labels = features.pop(featurizer.LABEL_COLUMN)
        return features, labels
