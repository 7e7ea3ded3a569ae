"""An image-to-image translation loader: a WholeFileReader over sorted paths, each image split into an input
and a target half, a namedtuple of batches, a Supervisor loop for a number of epochs' steps."""

import argparse
import collections
import glob
import math
import os

import tensorflow as tf

Examples = collections.namedtuple('Examples', 'paths, inputs, targets, count, steps_per_epoch')

a = argparse.Namespace(batch_size=2, max_epochs=2, mode='test', scale_size=4, seed=None)


def preprocess(image):
  with tf.compat.v1.name_scope('preprocess'):
    # [0, 1] => [-1, 1]
    return image * 2 - 1


def load_examples(input_dir):
  if input_dir is None or not os.path.exists(input_dir):
    raise Exception('input_dir does not exist')

  input_paths = glob.glob(os.path.join(input_dir, '*.png'))
  decode = tf.image.decode_png

  if len(input_paths) == 0:
    raise Exception('input_dir contains no image files')

  def get_name(path):
    name, _ = os.path.splitext(os.path.basename(path))
    return name

  # if the image names are numbers, sort by the value rather than asciibetically
  # having sorted inputs means that the outputs are sorted in test mode
  if all(get_name(path).isdigit() for path in input_paths):
    input_paths = sorted(input_paths, key=lambda path: int(get_name(path)))
  else:
    input_paths = sorted(input_paths)

  with tf.compat.v1.name_scope('load_images'):
    path_queue = tf.compat.v1.train.string_input_producer(input_paths, shuffle=a.mode == 'train')
    reader = tf.compat.v1.WholeFileReader()
    paths, contents = reader.read(path_queue)
    raw_input = decode(contents)
    raw_input = tf.image.convert_image_dtype(raw_input, dtype=tf.float32)
    raw_input.set_shape([a.scale_size, a.scale_size, 1])

    # break apart image pair and move to range [-1, 1]
    width = tf.shape(raw_input)[1]  # [height, width, channels]
    a_images = preprocess(raw_input[:, :width // 2, :])
    b_images = preprocess(raw_input[:, width // 2:, :])
    a_images.set_shape([a.scale_size, a.scale_size // 2, 1])
    b_images.set_shape([a.scale_size, a.scale_size // 2, 1])

  inputs, targets = [a_images, b_images]

  paths_batch, inputs_batch, targets_batch = tf.compat.v1.train.batch(
      [paths, inputs, targets], batch_size=a.batch_size)
  steps_per_epoch = int(math.ceil(len(input_paths) / a.batch_size))

  return Examples(
      paths=paths_batch,
      inputs=inputs_batch,
      targets=targets_batch,
      count=len(input_paths),
      steps_per_epoch=steps_per_epoch,
  )


def main(data_dir):
  examples = load_examples(data_dir)
  fetches = {'paths': examples.paths, 'inputs': examples.inputs, 'targets': examples.targets}

  batches = []
  sv = tf.compat.v1.train.Supervisor(logdir=None, save_summaries_secs=0, saver=None, summary_op=None)
  with sv.managed_session() as sess:
    max_steps = 2**32
    if a.max_epochs is not None:
      max_steps = examples.steps_per_epoch * a.max_epochs
    for step in range(max_steps):
      if sv.should_stop():
        break
      results = sess.run(fetches)
      batches.append({
          'paths': [os.path.basename(p.decode('utf8')) for p in results['paths']],
          'inputs': results['inputs'].tolist(),
          'targets': results['targets'].tolist(),
      })
  return {'batches': batches, 'end': 'steps'}
