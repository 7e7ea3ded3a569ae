"""libsvm-style 'label idx:val idx:val ...' click log input, queue era."""
import tensorflow.compat.v1 as tf


def decode_libsvm(line, field_size):
    columns = tf.string_split([line], ' ')
    label = tf.string_to_number(columns.values[0], out_type=tf.float32)
    pairs = tf.string_split(columns.values[1:], ':')
    id_vals = tf.reshape(pairs.values, [field_size, 2])
    feat_ids, feat_vals = tf.split(id_vals, num_or_size_splits=2, axis=1)
    feat_ids = tf.reshape(tf.string_to_number(feat_ids, out_type=tf.int32), [field_size])
    feat_vals = tf.reshape(tf.string_to_number(feat_vals, out_type=tf.float32), [field_size])
    return {"feat_ids": feat_ids, "feat_vals": feat_vals}, label


class LibsvmInput(object):
    def __init__(self, config, filenames):
        self.config = config
        self.filenames = filenames

    def _read_line(self):
        filename_queue = tf.train.string_input_producer(
            self.filenames, num_epochs=self.config.num_epochs, shuffle=False)
        reader = tf.TextLineReader()
        _, line = reader.read(filename_queue)
        return line

    def build(self):
        with tf.name_scope("input"):
            features, label = decode_libsvm(self._read_line(), self.config.field_size)
            ids, vals, labels = tf.train.shuffle_batch(
                [features["feat_ids"], features["feat_vals"], label],
                batch_size=self.config.batch_size,
                num_threads=self.config.num_threads,
                capacity=self.config.capacity,
                min_after_dequeue=self.config.min_after_dequeue,
                seed=self.config.seed)
        return {"feat_ids": ids, "feat_vals": vals}, labels
