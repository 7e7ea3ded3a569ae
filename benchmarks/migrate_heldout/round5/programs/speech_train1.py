"""A voice-conversion style training script: the batch comes from a helper module's get_batch."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import tensorflow.compat.v1 as tf

from speech_lib import data_load
from speech_lib.data_load import hp


class Net1(object):
  def __init__(self, data_dir, mode='train1'):
    self.x_mfcc, self.y_ppgs, self.num_batch = data_load.get_batch(data_dir, mode=mode)


def main(data_dir):
  data_load.write_features(data_dir)
  model = Net1(data_dir)

  batches = []
  end = None
  with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while not coord.should_stop():
        mfcc, ppgs = sess.run([model.x_mfcc, model.y_ppgs])
        batches.append([mfcc.tolist(), ppgs.tolist()])
    except tf.errors.OutOfRangeError:
      end = 'OutOfRangeError'
    finally:
      coord.request_stop()
      coord.join(threads)
  assert hp.batch_size == 3
  return {'batches': batches, 'end': end}
