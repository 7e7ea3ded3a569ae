"""
Small image helpers shared by the pose input nodes.
"""
import tensorflow as tf

tf1 = tf.compat.v1


def distort_color(image, color_ordering=0, fast_mode=True, scope=None):
  with tf.name_scope(scope or 'distort_color'):
    if color_ordering == 0:
      image = tf1.image.random_brightness(image, max_delta=32. / 255.)
    return tf.clip_by_value(image, 0.0, 1.0)


def flip_parts_left_right(parts, flipped_parts, width):
  # parts: [num_parts * 2] as x, y
  x = tf.cast(width, tf.float32) - 1. - parts[0::2]
  y = parts[1::2]
  xy = tf.reshape(tf.stack([x, y], axis=1), [-1])
  return tf.gather(tf.reshape(xy, [-1, 2]), flipped_parts)


def flip_heatmaps_left_right(heatmaps, flipped_parts):
  heatmaps = tf.reverse(heatmaps, [1])
  return tf.gather(heatmaps, flipped_parts, axis=2)
