"""Module to load the NSynth notes."""

import tensorflow.compat.v1 as tf


class NSynthDataset(object):
    """Dataset object to help manage the TFRecord loading."""

    def __init__(self, tfrecord_path, is_training=True, num_epochs=None):
        self.is_training = is_training
        self.record_path = tfrecord_path
        self.num_epochs = num_epochs

    def get_example(self, batch_size):
        """Get a single example from the tfrecord file.

        Args:
          batch_size: Int, minibatch size.

        Returns:
          tf.Example protobuf parsed from tfrecord.
        """
        reader = tf.TFRecordReader()
        num_epochs = self.num_epochs
        capacity = batch_size
        path_queue = tf.train.input_producer(
            [self.record_path],
            num_epochs=num_epochs,
            shuffle=self.is_training,
            capacity=capacity)
        unused_key, serialized_example = reader.read(path_queue)
        features = {
            "note_str": tf.FixedLenFeature([], dtype=tf.string),
            "pitch": tf.FixedLenFeature([1], dtype=tf.int64),
            "velocity": tf.FixedLenFeature([1], dtype=tf.int64),
            "audio": tf.FixedLenFeature([16], dtype=tf.float32),
            "instrument_family": tf.FixedLenFeature([1], dtype=tf.int64),
        }
        example = tf.parse_single_example(serialized_example, features)
        return example

    def get_wavenet_batch(self, batch_size, length=12):
        """Get the Tensor expressions from the reader.

        Args:
          batch_size: The integer batch size.
          length: Number of timesteps of a cropped sample to produce.

        Returns:
          A dict of key:tensor pairs. This includes "pitch", "wav", and "key".
        """
        example = self.get_example(batch_size)
        wav = example["audio"]
        wav = tf.slice(wav, [0], [16])
        pitch = tf.squeeze(example["pitch"])
        key = tf.squeeze(example["note_str"])

        if self.is_training:
            # random crop
            crop = tf.random_crop(wav, [length])
            crop = tf.reshape(crop, [1, length])
            key, crop, pitch = tf.train.shuffle_batch(
                [key, crop, pitch],
                batch_size,
                num_threads=4,
                capacity=500 * batch_size,
                min_after_dequeue=200 * batch_size)
        else:
            # fixed center crop
            offset = (16 - length) // 2  # 2
            crop = tf.slice(wav, [offset], [length])
            crop = tf.reshape(crop, [1, length])
            key, crop, pitch = tf.train.batch(
                [key, crop, pitch],
                batch_size,
                num_threads=4,
                capacity=500 * batch_size)

        crop = tf.reshape(tf.cast(crop, tf.float32), [batch_size, length])
        return {"pitch": pitch, "wav": crop, "key": key}
