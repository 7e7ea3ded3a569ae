"""Training input of a large image model from `imagenet_lib.image_processing.RecordInputs` (another module,
a class): two readers fill a RandomShuffleQueue of serialized examples through a QueueRunner, two
preprocessing copies dequeue and parse, `batch_join` batches them. Runs until the epoch ends.
"""

import glob
import os
import sys

import tensorflow.compat.v1 as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from imagenet_lib.image_processing import RecordInputs  # noqa: E402

FLAGS = {'batch_size': 16, 'num_readers': 2, 'num_preprocess_threads': 2}


def distorted_inputs(data_dir, batch_size=None, num_preprocess_threads=None):
  if not batch_size:
    batch_size = FLAGS['batch_size']
  files = sorted(glob.glob(os.path.join(data_dir, 'records-*.tfrecord')))
  # Force all input processing onto CPU in order to reserve the GPU for the forward inference and back-prop.
  with tf.device('/cpu:0'):
    inputs = RecordInputs(files, batch_size, num_readers=FLAGS['num_readers'],
                          num_preprocess_threads=num_preprocess_threads or FLAGS['num_preprocess_threads'])
    images, labels = inputs.build(train=True)
  return images, labels


def main(data_dir):
  images, labels = distorted_inputs(data_dir)
  batches = []
  end = None
  with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while not coord.should_stop():
        im, lab = sess.run([images, labels])
        batches.append([im.tolist(), lab.tolist()])
    except tf.errors.OutOfRangeError:
      end = 'OutOfRangeError'
    finally:
      coord.request_stop()
    coord.join(threads)
  return {"batches": batches, "end": end}
