"""The image-folder tutorial shape: list files and labels in Python, slice_input_producer, read_file, batch."""

import os

import numpy as np
import tensorflow.compat.v1 as tf

IMG_W = 2
IMG_H = 2
BATCH_SIZE = 4
CAPACITY = 64


def get_files(file_dir):
  """Returns the list of image paths and their labels (even images are 'cats', odd ones 'dogs')."""
  cats, label_cats, dogs, label_dogs = [], [], [], []
  for file in sorted(os.listdir(file_dir)):
    if not (file.startswith('image-') and file.endswith('.png')):
      continue
    number = int(file[len('image-'):-len('.png')])
    if number % 2 == 0:
      cats.append(os.path.join(file_dir, file))
      label_cats.append(0)
    else:
      dogs.append(os.path.join(file_dir, file))
      label_dogs.append(1)
  image_list = np.hstack((cats, dogs))
  label_list = np.hstack((label_cats, label_dogs))
  image_list = list(image_list)
  label_list = [int(i) for i in label_list]
  return image_list, label_list


def get_batch(image, label, image_W, image_H, batch_size, capacity, num_epochs):
  image = tf.cast(image, tf.string)
  label = tf.cast(label, tf.int32)

  # make an input queue
  input_queue = tf.train.slice_input_producer([image, label], shuffle=False, num_epochs=num_epochs)

  label = input_queue[1]
  image_contents = tf.read_file(input_queue[0])
  image = tf.image.decode_png(image_contents, channels=1)

  image = tf.image.resize_image_with_crop_or_pad(image, image_W, image_H)
  image = tf.cast(image, tf.float32)

  image_batch, label_batch = tf.train.batch([image, label],
                                            batch_size=batch_size,
                                            num_threads=1,
                                            capacity=capacity)

  label_batch = tf.reshape(label_batch, [batch_size])
  return image_batch, label_batch


def main(data_dir):
  image_list, label_list = get_files(data_dir)
  image_batch, label_batch = get_batch(image_list, label_list, IMG_W, IMG_H, BATCH_SIZE, CAPACITY, num_epochs=2)

  batches = []
  end = None
  with tf.Session() as sess:
    sess.run(tf.local_variables_initializer())
    i = 0
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(coord=coord)
    try:
      while not coord.should_stop() and i < 100:
        img, label = sess.run([image_batch, label_batch])
        batches.append([img.tolist(), label.tolist()])
        i += 1
    except tf.errors.OutOfRangeError:
      end = 'OutOfRangeError'
    finally:
      coord.request_stop()
    coord.join(threads)
  return {'batches': batches, 'end': end}
