"""LibSVM-style yarn-shop recommendation records in TFRecords (label, variable-length feature ids and values).

After an unnamed recommender excerpt (``logger = logging.getLogger("TFRecSYS")``, ``class
LibSVMInputReader(object)`` with ``__init__(self, file_queue, batch_size, capacity, min_after_dequeue)`` and
``read()``: ``TFRecordReader``, ``shuffle_batch`` of the serialized records, then ``parse_example`` with
``VarLenFeature`` ids / values; ``reader_test()`` with ``tf.initialize_all_variables()`` /
``tf.initialize_local_variables()``). Writer changes: a seed; ``os.environ["CUDA_VISIBLE_DEVICES"] = "2"`` dropped."""
import tensorflow.compat.v1 as tf

from yarn80.log import logger


class LibSVMInputReader(object):
    def __init__(self, file_queue, batch_size, capacity, min_after_dequeue):
        self.file_queue = file_queue
        self.batch_size = batch_size
        self.capacity = capacity
        self.min_after_dequeue = min_after_dequeue

    def read(self):
        reader = tf.TFRecordReader()
        _, serialized_example = reader.read(self.file_queue)
        shuffle_batch_example = tf.train.shuffle_batch([serialized_example],
                                        batch_size=self.batch_size, capacity=self.capacity,
                                        min_after_dequeue=self.min_after_dequeue, seed=80)
        features_map = {
            "label": tf.FixedLenFeature([], tf.float32),
            "feature_ids": tf.VarLenFeature(tf.int64),
            "feature_vals": tf.VarLenFeature(tf.float32)
        }
        features = tf.parse_example(shuffle_batch_example, features=features_map)
        batch_label = features["label"]
        batch_feature_ids = features["feature_ids"]
        batch_feature_vals = features["feature_vals"]
        logger.debug("reader built with batch size %d", self.batch_size)
        return batch_label, batch_feature_ids, batch_feature_vals
