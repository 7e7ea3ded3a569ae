"""A TrainingBatch object holding the batched tensors, as in pose-estimation readers of 2017."""
import tensorflow.compat.v1 as tf

from pose27_lib.records import NUM_JOINTS


class TrainingBatch(object):
    def __init__(self, images, joint_indices, x_joints, y_joints, ids, batch_size):
        self._images = images
        self._joint_indices = joint_indices
        self._x_joints = x_joints
        self._y_joints = y_joints
        self._ids = ids
        self._batch_size = batch_size

    @property
    def images(self):
        return self._images

    @property
    def joints(self):
        return tf.stack([self._x_joints, self._y_joints], axis=-1)

    @property
    def ids(self):
        return self._ids


def _parse_example(serialized):
    features = tf.parse_single_example(serialized, {
        "image_jpeg": tf.FixedLenFeature([], tf.string),
        "joint_indices": tf.FixedLenFeature([NUM_JOINTS], tf.int64),
        "x_joints": tf.FixedLenFeature([NUM_JOINTS], tf.float32),
        "y_joints": tf.FixedLenFeature([NUM_JOINTS], tf.float32),
        "id": tf.FixedLenFeature([], tf.int64),
    })
    image = tf.reshape(tf.decode_raw(features["image_jpeg"], tf.uint8), [3, 3, 1])
    image = tf.image.per_image_standardization(tf.cast(image, tf.float32) + 1.0)
    return image, features["joint_indices"], features["x_joints"], features["y_joints"], features["id"]


def setup_train_inputs(data_filenames, batch_size, num_preprocess_threads=2):
    filename_queue = tf.train.string_input_producer(data_filenames, num_epochs=1)
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    example = _parse_example(serialized)
    tensors = tf.train.shuffle_batch(list(example), batch_size=batch_size, num_threads=num_preprocess_threads,
                                     capacity=20, min_after_dequeue=4)
    return TrainingBatch(*tensors, batch_size=batch_size)
