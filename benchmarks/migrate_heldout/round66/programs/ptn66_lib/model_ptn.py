"""The model's input side (after research/ptn/model_ptn.py get_inputs / preprocess, views fixed by the writer where
the original draws them at random)."""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import tensorflow.compat.v1 as tf

from ptn66_lib import input_generator


def preprocess(raw_inputs, step_size):
  """Selects the subset of viewpoints to train on."""
  (quantity, num_views) = raw_inputs['images'].get_shape().as_list()[:2]
  inputs = dict()
  inputs['voxels'] = raw_inputs['voxels']
  inputs['object_id'] = raw_inputs['object_id']

  for k in range(step_size):
    inputs['images_%d' % (k + 1)] = []
    inputs['matrix_%d' % (k + 1)] = []

  for n in range(quantity):
    selected_views = [k % num_views for k in range(step_size)]
    for k in range(step_size):
      view_selected = selected_views[k]
      inputs['images_%d' % (k + 1)].append(raw_inputs['images'][n, view_selected, :, :, :])
      inputs['matrix_%d' % (k + 1)].append(tf.one_hot(view_selected, num_views))

  for k in range(step_size):
    inputs['images_%d' % (k + 1)] = tf.stack(inputs['images_%d' % (k + 1)])
    inputs['matrix_%d' % (k + 1)] = tf.stack(inputs['matrix_%d' % (k + 1)])
  return inputs


def get_inputs(dataset_dir, dataset_name, split_name, batch_size, image_size,
               vox_size, is_training=True):
  """Loads data for a specified dataset and split."""
  del image_size, vox_size
  with tf.variable_scope('data_loading_%s/%s' % (dataset_name, split_name)):
    common_queue_min = 64
    common_queue_capacity = 256
    num_readers = 4

    inputs = input_generator.get(
        dataset_dir,
        dataset_name,
        split_name,
        shuffle=is_training,
        num_readers=num_readers,
        common_queue_min=common_queue_min,
        common_queue_capacity=common_queue_capacity,
        num_epochs=1)

    images, voxels, object_ids = tf.train.batch(
        [inputs['images'], inputs['voxels'], inputs['object_id']],
        batch_size=batch_size,
        num_threads=2,
        capacity=8 * batch_size,
        name='batching_queues/%s/%s' % (dataset_name, split_name))

    outputs = dict()
    outputs['images'] = images
    outputs['voxels'] = voxels
    outputs['object_id'] = object_ids
    outputs['num_samples'] = inputs['num_samples']
  return outputs
