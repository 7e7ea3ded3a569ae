"""Whisky cask tasting scores classified the way early Scikit Flow (tensorflow/skflow) fitted its
TensorFlowEstimator: a DataFeeder over numpy arrays builds the input / output placeholders (input_builder), hands
out a feed-dict function that slices a seeded permutation batch by batch, one-hot encodes the classes and keys the
feed dict by placeholder *names*, and TensorFlowTrainer.train runs a fixed number of steps with it."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from skflow66_lib import io as skflow_io
from skflow66_lib import trainer as skflow_trainer

N_CLASSES = 3  # bourbon cask, sherry cask, port cask


def _load_tastings(out_dir):
  rng = np.random.RandomState(6631)
  path = os.path.join(out_dir, 'cask_tastings.csv')
  with open(path, 'w') as f:
    f.write('peat,vanilla,dried_fruit,spice,cask\n')
    for i in range(10):
      scores = rng.randint(0, 10, size=4)
      f.write('%s,%d\n' % (','.join(str(s) for s in scores), i % N_CLASSES))
  data = np.loadtxt(path, delimiter=',', skiprows=1)
  return data[:, :4].astype(np.float32), data[:, 4].astype(np.int64)


def logistic_regression(X, y):
  weights = tf.get_variable('weights', [X.get_shape()[1], N_CLASSES],
                            initializer=tf.zeros_initializer())
  bias = tf.get_variable('bias', [N_CLASSES], initializer=tf.zeros_initializer())
  logits = tf.matmul(X, weights) + bias
  loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=logits))
  return tf.nn.softmax(logits), loss


def main(data_dir):
  out_dir = os.path.join(data_dir, 'h66_whisky_casks')
  if not os.path.isdir(out_dir):
    os.makedirs(out_dir)
  X, y = _load_tastings(out_dir)

  data_feeder = skflow_io.DataFeeder(X, y, N_CLASSES, batch_size=4,
                                     random_state=np.random.RandomState(42))
  global_step = tf.Variable(0, name="global_step", trainable=False)
  inp, out = data_feeder.input_builder()
  predictions, loss = logistic_regression(inp, out)
  trainer = skflow_trainer.TensorFlowTrainer(
      loss=loss, global_step=global_step,
      optimizer=tf.train.GradientDescentOptimizer, learning_rate=0.1)

  sess = tf.Session()
  trainer.initialize(sess)
  fetched = trainer.train(sess, data_feeder.get_feed_dict_fn(), steps=6, fetches=[inp, out])
  sess.close()
  batches = [[np.round(x, 3).tolist(), labels.tolist()] for _, _, (x, labels) in fetched]
  return {'batches': batches, 'end': 'steps: %d, epochs: %d, first loss: %.4f' % (
      len(fetched), data_feeder.epoch, fetched[0][1])}
