# -*- coding: utf-8 -*-
"""
Load image / label / name triples from a list file:
  path label
"""
import tensorflow as tf

from gate59_lib.data import data_prefetch


def load_image(path, cfg):
  content = tf.io.read_file(path)
  image = tf.image.decode_png(content, channels=3)
  image = tf.image.crop_to_bounding_box(image, 0, 0, cfg.output_height, cfg.output_width)
  image = tf.cast(image, tf.float32) / 255.0
  return image


def load_pair_from_files(cfg):
  with tf.name_scope('data_loader'):
    queue = tf.compat.v1.train.string_input_producer(
        [cfg.data_path], num_epochs=1, shuffle=False)
    reader = tf.compat.v1.TextLineReader()
    _, line = reader.read(queue)
    path, label = tf.compat.v1.decode_csv(line, record_defaults=[[''], [0]], field_delim=' ')
    image = load_image(path, cfg)
    name = tf.compat.v1.regex_replace(path, '.*/', '')
    return data_prefetch.generate_batch(image, label, name, cfg)
