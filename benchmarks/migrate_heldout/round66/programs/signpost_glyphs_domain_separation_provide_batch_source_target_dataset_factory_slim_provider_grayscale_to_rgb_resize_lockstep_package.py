"""Signpost glyphs for a domain separation network (tensorflow/models research/domain_adaptation): dsn_train.py
takes a source batch (clean synthetic glyphs) and a target batch (weathered signpost photos) from
dataset_factory.provide_batch, which reads each through a slim DatasetDataProvider, scales to [-1, 1], batches with
`train.batch`, one-hot encodes the classes and turns the grayscale source into RGB of the target's size; the two
batches are concatenated with a domain selection mask and fetched together."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from dsn66_lib.datasets import dataset_factory
from dsn66_lib.datasets import signposts


class FLAGS(object):
  batch_size = 4
  source_dataset = 'signs_synth'
  target_dataset = 'signs_weathered'
  num_readers = 1
  num_preprocessing_threads = 1
  dataset_dir = None


def main(data_dir):
  FLAGS.dataset_dir = os.path.join(data_dir, 'h66_signpost_glyphs')
  if not os.path.isdir(FLAGS.dataset_dir):
    os.makedirs(FLAGS.dataset_dir)
  signposts.write_split('signs_synth', 'train', FLAGS.dataset_dir, seed=1)
  signposts.write_split('signs_weathered', 'train', FLAGS.dataset_dir, seed=2)

  with tf.device('/cpu:0'):
    # Load source dataset:
    source_images, source_labels = dataset_factory.provide_batch(
        FLAGS.source_dataset, 'train', FLAGS.dataset_dir, FLAGS.num_readers,
        FLAGS.batch_size, FLAGS.num_preprocessing_threads, shuffle=False, num_epochs=1)
    # Load target dataset:
    target_images, target_labels = dataset_factory.provide_batch(
        FLAGS.target_dataset, 'train', FLAGS.dataset_dir, FLAGS.num_readers,
        FLAGS.batch_size, FLAGS.num_preprocessing_threads, shuffle=False, num_epochs=1)

    # In the unsupervised case all the samples in the labeled
    # domain are from the source domain.
    domain_selection_mask = tf.fill((source_images.get_shape().as_list()[0],), True)

    # When using the semisupervised model we include labeled target data in
    # the source labelled data.
    images = tf.concat([source_images, target_images], 0)
    domain_selection_mask = tf.concat(
        [domain_selection_mask, tf.fill((target_images.get_shape().as_list()[0],), False)], 0)
    classes = tf.concat([source_labels['classes'], target_labels['classes']], 0)

  batches = []
  sess = tf.Session()
  sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
  coord = tf.train.Coordinator()
  threads = tf.train.start_queue_runners(sess=sess, coord=coord)
  try:
    while not coord.should_stop():
      np_images, np_mask, np_classes = sess.run([images, domain_selection_mask, classes])
      batches.append([np.round(np_images, 4).tolist(), np_mask.tolist(), np_classes.tolist()])
  except tf.errors.OutOfRangeError:
    pass
  finally:
    coord.request_stop()
  coord.join(threads)
  sess.close()
  return {'batches': batches, 'end': 'source + target glyphs: %d' % sum(len(b[1]) for b in batches)}
