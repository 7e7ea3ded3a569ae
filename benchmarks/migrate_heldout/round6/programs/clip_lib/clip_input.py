"""Input pipeline of a clip model: several readers of one filename queue joined by `shuffle_batch_join`.

The pipeline function runs `local_variables_initializer` itself through the default session, as the
video-prediction code this shape comes from did ("or it'll raise uninitialized problem").
"""

import argparse

import tensorflow.compat.v1 as tf

_parser = argparse.ArgumentParser()
_parser.add_argument('--num_epochs', type=int, default=1)
_parser.add_argument('--read_threads', type=int, default=2)
_parser.add_argument('--clip_threshold', type=float, default=60.0)
FLAGS, _ = _parser.parse_known_args([])


def read_my_file_format(filename_queue):
  reader = tf.TFRecordReader()
  _, serialized_example = reader.read(filename_queue)
  features = tf.parse_single_example(
      serialized_example,
      features={
          'x': tf.FixedLenFeature([3], tf.float32),
          'label': tf.FixedLenFeature([], tf.int64),
      })
  clip = tf.reshape(features['x'], [3, 1])
  # masks: which frames of the clip are past the threshold, and which count in the loss
  img_mask = tf.cast(tf.greater(clip, FLAGS.clip_threshold), tf.float32)
  loss_mask = tf.cast(tf.equal(tf.mod(features['label'], 2), 0), tf.int32)
  return clip, img_mask, loss_mask


def input_pipeline(filenames, batch_size, read_threads=4, num_epochs=None):
  filename_queue = tf.train.string_input_producer(
      filenames, num_epochs=FLAGS.num_epochs, shuffle=True)
  # initialize local variables if num_epochs is not None or it'll raise uninitialized problem
  tf.get_default_session().run(tf.local_variables_initializer())

  example_list = [read_my_file_format(filename_queue)
                  for _ in range(read_threads)]

  min_after_dequeue = 30
  capacity = min_after_dequeue + 3 * batch_size
  clip_batch, img_mask_batch, loss_mask_batch = tf.train.shuffle_batch_join(
      example_list, batch_size=batch_size, capacity=capacity,
      min_after_dequeue=min_after_dequeue)

  return clip_batch, img_mask_batch, loss_mask_batch
