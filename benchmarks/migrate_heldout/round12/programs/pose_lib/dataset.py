"""Wrapper for providing human pose estimation data: images and keypoint annotations from TFRecords.

The PoseDataset class reads the records with several readers and joins them into shuffled batches of dicts."""

import tensorflow as tf

NUM_KEYPOINTS = 3


class PoseDataset(object):
    """Represents the input data set of a pose estimation model."""

    def __init__(self, tfrecord_files, batch_size, num_readers=2, num_epochs=None, is_training=True):
        self.tfrecord_files = tfrecord_files
        self.batch_size = batch_size
        self.num_readers = num_readers
        self.num_epochs = num_epochs
        self.is_training = is_training
        self._filename_queue = None

    @property
    def filename_queue(self):
        if self._filename_queue is None:
            self._filename_queue = tf.compat.v1.train.string_input_producer(
                self.tfrecord_files, num_epochs=self.num_epochs, shuffle=self.is_training)
        return self._filename_queue

    def _parse_example(self, serialized):
        features = tf.compat.v1.parse_single_example(serialized, features={
            "x": tf.compat.v1.FixedLenFeature([NUM_KEYPOINTS], tf.float32),
            "label": tf.compat.v1.FixedLenFeature([], tf.int64),
        })
        keypoints = tf.reshape(features["x"], [NUM_KEYPOINTS])
        visible = tf.cast(tf.greater(keypoints, 10.0), tf.int32)
        return {"keypoints": keypoints, "visible": visible, "person_id": features["label"]}

    def _read_one(self):
        reader = tf.compat.v1.TFRecordReader()
        _, serialized = reader.read(self.filename_queue)
        return self._parse_example(serialized)

    def get_batch(self):
        examples = [self._read_one() for _ in range(self.num_readers)]
        min_after_dequeue = 4 * self.batch_size
        capacity = min_after_dequeue + 3 * self.batch_size
        return tf.compat.v1.train.shuffle_batch_join(
            examples, batch_size=self.batch_size, capacity=capacity, min_after_dequeue=min_after_dequeue,
            allow_smaller_final_batch=True)
