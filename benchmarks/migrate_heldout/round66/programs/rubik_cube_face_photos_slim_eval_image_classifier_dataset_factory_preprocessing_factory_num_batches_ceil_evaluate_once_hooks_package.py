"""Rubik's cube face photos evaluated by TF-Slim's eval_image_classifier.py: dataset_factory.get_dataset, a
DatasetDataProvider with `shuffle=False` and `common_queue_capacity=2 * batch_size`, preprocessing_factory's
preprocessing, a `train.batch` with `num_preprocessing_threads` threads, streaming accuracy, `num_batches =
math.ceil(dataset.num_samples / float(FLAGS.batch_size))` and slim.evaluation.evaluate_once (vendored: a
MonitoredSession with a StopAfterNEvalsHook and a FinalOpsHook; no checkpoint). The provider has no epoch limit, so
the last batch wraps round to the first faces, as it did in slim."""
import math
import os

import numpy as np
import tensorflow.compat.v1 as tf

from slim66_lib import dataset_data_provider
from slim66_lib import evaluation
from slimeval66_lib.datasets import cube_faces
from slimeval66_lib.datasets import dataset_factory
from slimeval66_lib.preprocessing import preprocessing_factory


class FLAGS(object):
  batch_size = 4
  max_num_batches = None
  dataset_name = 'cube_faces'
  dataset_split_name = 'test'
  dataset_dir = None
  labels_offset = 0
  model_name = 'lenet'
  preprocessing_name = None
  eval_image_size = None
  num_preprocessing_threads = 1


class _BatchCollector(tf.train.SessionRunHook):
  """Keeps each evaluated batch (the writer's hook; slim wrote summaries instead)."""

  def __init__(self, fetches):
    self._fetches = fetches
    self.batches = []

  def before_run(self, run_context):
    return tf.train.SessionRunArgs(self._fetches)

  def after_run(self, run_context, run_values):
    images, labels, predictions = run_values.results
    self.batches.append([np.round(images, 4).tolist(), labels.tolist(), predictions.tolist()])


def main(data_dir):
  FLAGS.dataset_dir = os.path.join(data_dir, 'h66_cube_faces')
  if not os.path.isdir(FLAGS.dataset_dir):
    os.makedirs(FLAGS.dataset_dir)
  cube_faces.make_cube_faces(FLAGS.dataset_dir)

  tf_global_step = tf.train.get_or_create_global_step()

  ######################
  # Select the dataset #
  ######################
  dataset = dataset_factory.get_dataset(
      FLAGS.dataset_name, FLAGS.dataset_split_name, FLAGS.dataset_dir)

  ##############################################################
  # Create a dataset provider that loads data from the dataset #
  ##############################################################
  provider = dataset_data_provider.DatasetDataProvider(
      dataset,
      shuffle=False,
      common_queue_capacity=2 * FLAGS.batch_size,
      common_queue_min=FLAGS.batch_size)
  [image, label] = provider.get(['image', 'label'])
  label -= FLAGS.labels_offset

  #####################################
  # Select the preprocessing function #
  #####################################
  preprocessing_name = FLAGS.preprocessing_name or FLAGS.model_name
  image_preprocessing_fn = preprocessing_factory.get_preprocessing(
      preprocessing_name,
      is_training=False)

  eval_image_size = FLAGS.eval_image_size or 3

  image = image_preprocessing_fn(image, eval_image_size, eval_image_size)

  images, labels = tf.train.batch(
      [image, label],
      batch_size=FLAGS.batch_size,
      num_threads=FLAGS.num_preprocessing_threads,
      capacity=5 * FLAGS.batch_size)

  ####################
  # Define the model #
  ####################
  centre = images[:, 1, 1, 0]
  logits = -tf.abs(tf.expand_dims(centre, 1) -
                   tf.constant([(40.0 * k - 128.0) / 128.0 for k in range(dataset.num_classes)]))
  predictions = tf.argmax(logits, 1)
  labels = tf.squeeze(labels)

  # Define the metrics:
  accuracy, accuracy_update = tf.metrics.accuracy(labels, predictions)
  names_to_updates = {'Accuracy': accuracy_update}

  # TODO(sguada) use num_epochs=1
  if FLAGS.max_num_batches:
    num_batches = FLAGS.max_num_batches
  else:
    # This ensures that we make a single pass over all of the data.
    num_batches = math.ceil(dataset.num_samples / float(FLAGS.batch_size))

  collector = _BatchCollector([images, labels, predictions])
  final = evaluation.evaluate_once(
      num_evals=num_batches,
      eval_op=list(names_to_updates.values()),
      final_op=[accuracy, tf_global_step],
      hooks=[collector])
  return {'batches': collector.batches,
          'end': 'batches: %d, accuracy: %.4f' % (len(collector.batches), final[0])}
