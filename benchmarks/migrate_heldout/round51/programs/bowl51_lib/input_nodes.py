"""
The heatmaps have been precomputed and saved in the tfrecord file.
"""

import numpy as np
import tensorflow as tf

from bowl51_lib.inputs import distort_color, flip_parts_left_right, flip_heatmaps_left_right

tf1 = tf.compat.v1


def input_nodes(

  tfrecords,

  num_parts,

  # number of times to read the tfrecords
  num_epochs=None,

  # Data queue feeding the model
  batch_size=32,
  num_threads=2,
  shuffle_batch = True,
  capacity = 1000,
  min_after_dequeue = 96,

  # Tensorboard Summaries
  add_summaries = True,

  # Global configuration
  cfg=None):

  with tf.name_scope('inputs'):

    # A producer to generate tfrecord file paths
    filename_queue = tf1.train.string_input_producer(
      tfrecords,
      num_epochs=num_epochs,
      shuffle=shuffle_batch
    )

    # Construct a Reader to read examples from the tfrecords file
    reader = tf1.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)

    features = tf1.parse_single_example(
      serialized_example,
      features = {
        'image/id' : tf1.FixedLenFeature([], tf.string),
        'image/encoded' : tf1.FixedLenFeature([], tf.string),
        'image/height' : tf1.FixedLenFeature([], tf.int64),
        'image/width' : tf1.FixedLenFeature([], tf.int64),
        'image/parts/heatmaps' : tf1.FixedLenFeature([], tf.string),
        'image/parts/v' : tf1.FixedLenFeature([num_parts], tf.int64),
        'image/frame/score' : tf1.FixedLenFeature([], tf.int64, default_value=0)
      }
    )

    image = tf1.decode_raw(features['image/encoded'], tf.uint8)
    image = tf.reshape(image, [cfg.INPUT_SIZE, cfg.INPUT_SIZE, 3])
    image = tf.cast(image, tf.float32) / 255.

    heatmaps = tf1.decode_raw(features['image/parts/heatmaps'], tf.float32)
    heatmaps = tf.reshape(heatmaps, [cfg.HEATMAP_SIZE, cfg.HEATMAP_SIZE, num_parts])

    parts_visibility = tf.cast(features['image/parts/v'], tf.int32)

    if cfg.DO_RANDOM_FLIP:
      # flip with probability 0.5 (only when training)
      image = tf.image.flip_left_right(image)
      heatmaps = flip_heatmaps_left_right(heatmaps, cfg.PARTS_FLIPPED)
    if cfg.DO_COLOR_DISTORTION:
      image = distort_color(image)

    image_id = features['image/id']
    score = tf.cast(features['image/frame/score'], tf.int32)

    if shuffle_batch:
      batched_images, batched_heatmaps, batched_visibility, batched_ids, batched_scores = tf1.train.shuffle_batch(
        [image, heatmaps, parts_visibility, image_id, score],
        batch_size=batch_size,
        num_threads=num_threads,
        capacity= capacity, #batch_size * 10,
        min_after_dequeue= min_after_dequeue, #batch_size * 4,
        seed = cfg.RANDOM_SEED,
        enqueue_many=False
      )
    else:
      batched_images, batched_heatmaps, batched_visibility, batched_ids, batched_scores = tf1.train.batch(
        [image, heatmaps, parts_visibility, image_id, score],
        batch_size=batch_size,
        num_threads=num_threads,
        capacity= capacity, #batch_size * 10,
        enqueue_many=False,
        allow_smaller_final_batch=True
      )

  # return a batch of images and their labels
  return batched_images, batched_heatmaps, batched_visibility, batched_ids, batched_scores
