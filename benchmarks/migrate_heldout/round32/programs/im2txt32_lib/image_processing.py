import tensorflow.compat.v1 as tf


def process_image(encoded_image, is_training, height, width, thread_id=0, image_format="raw"):
  with tf.name_scope("decode", values=[encoded_image]):
    image = tf.decode_raw(encoded_image, tf.uint8)
    image = tf.reshape(image, [height, width, 3])
  image = tf.image.convert_image_dtype(image, dtype=tf.float32)
  image = tf.subtract(image, 0.5)
  image = tf.multiply(image, 2.0)
  return image
