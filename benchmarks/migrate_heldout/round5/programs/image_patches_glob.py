"""A GAN data provider: matching_files, an inline WholeFileReader, and a batch helper that picks
shuffle_batch or batch by a flag."""

import os

import tensorflow.compat.v1 as tf


def normalize_image(image):
  """Rescales image from range [0, 255] to [-1, 1]."""
  return (tf.to_float(image) - 127.5) / 127.5


def batch_images(image, patch_height, patch_width, colors, batch_size, shuffle, num_threads):
  """Creates a batch of patches from an image."""
  image = image[:patch_height, :patch_width, :colors]
  image.set_shape([patch_height, patch_width, colors])
  if shuffle:
    return tf.train.shuffle_batch(
        [image],
        batch_size=batch_size,
        num_threads=num_threads,
        capacity=5 * batch_size,
        min_after_dequeue=batch_size)
  return tf.train.batch(
      [image],
      batch_size=batch_size,
      num_threads=1,  # no threads so it's deterministic
      capacity=5 * batch_size,
      allow_smaller_final_batch=True)


def provide_data(file_pattern, batch_size, shuffle=True, num_threads=1, patch_height=2, patch_width=3,
                 colors=1, num_epochs=None):
  """Provides a batch of image patches from the files matching file_pattern."""
  filename_queue = tf.train.string_input_producer(
      tf.matching_files(file_pattern),
      shuffle=shuffle,
      num_epochs=num_epochs,
      capacity=5 * batch_size)
  _, image_bytes = tf.WholeFileReader().read(filename_queue)
  return batch_images(
      image=normalize_image(tf.image.decode_png(image_bytes, channels=colors)),
      patch_height=patch_height,
      patch_width=patch_width,
      colors=colors,
      batch_size=batch_size,
      shuffle=shuffle,
      num_threads=num_threads)


def main(data_dir):
  images = provide_data(os.path.join(data_dir, 'image-*.png'), batch_size=4, shuffle=False, num_epochs=1)
  batches = []
  end = None
  with tf.Session() as sess:
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    tf.train.start_queue_runners()
    try:
      while True:
        batches.append([sess.run(images).tolist()])
    except tf.errors.OutOfRangeError:
      end = 'OutOfRangeError'
  return {'batches': batches, 'end': end}
