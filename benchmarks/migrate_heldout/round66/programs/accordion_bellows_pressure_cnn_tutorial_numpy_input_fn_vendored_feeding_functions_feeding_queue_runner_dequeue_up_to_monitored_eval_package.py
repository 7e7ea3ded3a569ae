"""Accordion bellows pressure traces evaluated the way TensorFlow's layers tutorial (cnn_mnist.py) evaluates MNIST:
`eval_input_fn = tf.estimator.inputs.numpy_input_fn(x={"x": eval_data}, y=eval_labels, num_epochs=1,
shuffle=False)` and the estimator's evaluation loop. The estimator package is gone from this TensorFlow, so
numpy_io / feeding_functions / feeding_queue_runner are vendored in est66_lib (a FIFOQueue filled by
`enqueue_many` of placeholders that a _FeedingQueueRunner feeds from an _OrderedDictNumpyFeedFn, read by
`dequeue_up_to`); the evaluation runs the input_fn's tensors in a MonitoredSession until it stops."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from est66_lib.inputs import numpy_io


def _load_bellows(out_dir):
  rng = np.random.RandomState(6626)
  path = os.path.join(out_dir, 'bellows_eval.npz')
  np.savez(path,
           pressure=rng.uniform(-1.0, 1.0, size=(10, 6)).astype(np.float32),
           register=(np.arange(10) % 3).astype(np.int32))
  data = np.load(path)
  return data['pressure'], data['register']


def cnn_model_fn(features, labels):
  """Model function for the pressure traces (a linear read-out in place of the CNN)."""
  input_layer = tf.reshape(features["x"], [-1, 6, 1])
  pooled = tf.reduce_max(input_layer, axis=1)
  logits = tf.concat([pooled, -pooled, tf.zeros_like(pooled)], axis=1)
  predictions = tf.argmax(input=logits, axis=1, output_type=tf.int32)
  correct = tf.reduce_sum(tf.cast(tf.equal(predictions, labels), tf.int32))
  return predictions, correct


def main(data_dir):
  out_dir = os.path.join(data_dir, 'h66_accordion_bellows')
  if not os.path.isdir(out_dir):
    os.makedirs(out_dir)
  eval_data, eval_labels = _load_bellows(out_dir)

  # Evaluate the model and print results
  eval_input_fn = numpy_io.numpy_input_fn(
      x={"x": eval_data},
      y=eval_labels,
      batch_size=4,
      num_epochs=1,
      shuffle=False)
  features, labels = eval_input_fn()
  predictions, correct = cnn_model_fn(features, labels)

  batches = []
  total_correct = 0
  with tf.train.MonitoredSession() as sess:
    while not sess.should_stop():
      np_x, np_y, np_pred, np_correct = sess.run([features["x"], labels, predictions, correct])
      batches.append([np.round(np_x, 4).tolist(), np_y.tolist(), np_pred.tolist()])
      total_correct += int(np_correct)
  return {'batches': batches, 'end': 'traces: %d, correct: %d' % (sum(len(b[1]) for b in batches), total_correct)}
