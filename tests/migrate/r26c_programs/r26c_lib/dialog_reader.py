"""A SequenceReader: parse_single_sequence_example, then a batch with explicit shapes and dynamic padding."""
from tensorflow.compat import v1 as tf

from r26c_lib.records import CONTEXT_FEATURES, SEQUENCE_FEATURES


FEATURE_SHAPES = {"dialog_id": [], "act": [], "length": [], "tokens": [None], "speaker": [None]}


class ReaderConfig(object):
    def __init__(self, batch_size=4, capacity=32, num_epochs=1):
        self.batch_size = batch_size
        self.capacity = capacity
        self.num_epochs = num_epochs


class SequenceReader(object):

    def __init__(self, filenames, config):
        self._filenames = filenames
        self._config = config

    def _parse(self, serialized):
        context, sequence = tf.parse_single_sequence_example(
            serialized, context_features=CONTEXT_FEATURES, sequence_features=SEQUENCE_FEATURES)
        length = tf.cast(context["length"], tf.int32)
        return {
            "dialog_id": context["dialog_id"],
            "act": context["act"],
            "length": length,
            "tokens": sequence["tokens"],
            "speaker": sequence["speaker"],
        }

    def read(self):
        queue = tf.train.string_input_producer(self._filenames, num_epochs=self._config.num_epochs,
                                               shuffle=False)
        _, serialized = tf.TFRecordReader().read(queue)
        features = self._parse(serialized)
        keys = sorted(features)
        batched = tf.train.batch(
            [features[k] for k in keys], batch_size=self._config.batch_size, capacity=self._config.capacity,
            shapes=[FEATURE_SHAPES[k] for k in keys],
            dynamic_pad=True, allow_smaller_final_batch=True, name="dialog_batch")
        return dict(zip(keys, batched))
