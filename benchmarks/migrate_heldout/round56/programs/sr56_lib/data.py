import tensorflow.compat.v1 as tf


def dataset(hr_flist, lr_flist, num_epochs, scale=2):
  """Build the TF sub graph for the input data pipeline."""
  with open(hr_flist) as f:
    hr_filename_list = f.read().splitlines()
  with open(lr_flist) as f:
    lr_filename_list = f.read().splitlines()
  filename_queue = tf.train.slice_input_producer(
      [hr_filename_list, lr_filename_list], num_epochs=num_epochs, shuffle=False)
  hr_image_file = tf.read_file(filename_queue[0])
  lr_image_file = tf.read_file(filename_queue[1])
  hr_image = tf.image.decode_png(hr_image_file, channels=3)
  lr_image = tf.image.decode_png(lr_image_file, channels=3)
  hr_grayscale = tf.image.rgb_to_grayscale(hr_image)
  lr_grayscale = tf.image.rgb_to_grayscale(lr_image)
  hr_grayscale.set_shape([4, 4, 1])
  lr_grayscale.set_shape([4 // scale, 4 // scale, 1])
  hr_grayscale = uint8_to_float32(hr_grayscale)
  lr_grayscale = uint8_to_float32(lr_grayscale)
  return hr_grayscale, lr_grayscale, filename_queue[0]


def uint8_to_float32(image):
  return tf.cast(image, tf.float32) * (1. / 255)


def batch(hr, lr, name, batch_size):
  return tf.train.batch([hr, lr, name], batch_size=batch_size, num_threads=1,
                        capacity=4 * batch_size, allow_smaller_final_batch=True)
