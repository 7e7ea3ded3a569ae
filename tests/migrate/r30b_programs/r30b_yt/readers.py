import tensorflow.compat.v1 as tf


def resize_axis(tensor, axis, new_size, fill_value=0):
    """Truncates or pads a tensor to new_size on a given axis."""
    shape = tf.unstack(tf.shape(tensor))
    pad_shape = shape[:]
    pad_shape[axis] = tf.maximum(0, new_size - shape[axis])
    shape[axis] = tf.minimum(shape[axis], new_size)
    resized = tf.concat([tf.slice(tensor, tf.zeros_like(shape), shape),
                         tf.fill(tf.stack(pad_shape), tf.cast(fill_value, tensor.dtype))], axis)
    return resized


class BaseReader(object):
    def prepare_reader(self, unused_filename_queue):
        raise NotImplementedError()


class YT8MFrameFeatureReader(BaseReader):
    def __init__(self, num_classes=5, feature_size=2, feature_name="rgb", max_frames=4):
        self.num_classes = num_classes
        self.feature_size = feature_size
        self.feature_name = feature_name
        self.max_frames = max_frames

    def get_video_matrix(self, features, feature_size, max_frames):
        decoded = tf.reshape(tf.cast(tf.decode_raw(features, tf.uint8), tf.float32), [-1, feature_size])
        num_frames = tf.minimum(tf.shape(decoded)[0], max_frames)
        return decoded / 255.0, num_frames

    def prepare_reader(self, filename_queue):
        reader = tf.TFRecordReader()
        _, serialized_example = reader.read(filename_queue)
        contexts, features = tf.parse_single_sequence_example(
            serialized_example,
            context_features={"video_id": tf.FixedLenFeature([], tf.string),
                              "labels": tf.VarLenFeature(tf.int64)},
            sequence_features={self.feature_name: tf.FixedLenSequenceFeature([], dtype=tf.string)})
        labels = tf.cast(tf.sparse_to_indicator(contexts["labels"], self.num_classes), tf.float32)
        labels.set_shape([self.num_classes])
        video_matrix, num_frames = self.get_video_matrix(features[self.feature_name], self.feature_size,
                                                         self.max_frames)
        video_matrix = resize_axis(video_matrix, 0, self.max_frames)
        video_matrix.set_shape([self.max_frames, self.feature_size])
        return [contexts["video_id"], video_matrix, labels, num_frames]
