import tensorflow.compat.v1 as tf


class pmt_reader():
    """Reads blocks of events from the photomultiplier pulse dumps (one text line per event)."""

    def __init__(self, queue, feature_dict, batch=1):
        self._queue = queue
        self._feature_dict = feature_dict
        self._batch = batch
        self._reader = tf.TextLineReader()

    def batch(self):
        _, lines = self._reader.read_up_to(self._queue, self._batch)
        ncols = sum([len(self._feature_dict[k]) for k in sorted(self._feature_dict.keys())])
        columns = tf.decode_csv(lines, record_defaults=[[0.]] * ncols)
        result = {}
        index = 0
        for feature_name in sorted(self._feature_dict.keys()):
            size = len(self._feature_dict[feature_name])
            result[feature_name] = tf.stack(columns[index:index + size], axis=1)
            index += size
        return result
