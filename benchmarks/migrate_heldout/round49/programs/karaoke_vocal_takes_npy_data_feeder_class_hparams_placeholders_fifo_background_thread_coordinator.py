import os
import random
import threading
import time
import traceback

import numpy as np
import tensorflow.compat.v1 as tf

_pad = 0


class HParams(object):
  def __init__(self, **kw):
    self.__dict__.update(kw)


def _prepare_batch(batch):
  inputs = _prepare_inputs([x[0] for x in batch])
  input_lengths = np.asarray([len(x[0]) for x in batch], dtype=np.int32)
  targets = np.asarray([x[1] for x in batch], dtype=np.float32)
  return (inputs, input_lengths, targets)


def _prepare_inputs(inputs):
  max_len = max((len(x) for x in inputs))
  return np.stack([_pad_input(x, max_len) for x in inputs])


def _pad_input(x, length):
  return np.pad(x, (0, length - x.shape[0]), mode='constant', constant_values=_pad)


# TODO: maybe update to use tf thread handling?
class DataFeeder(object):
  '''Feeds batches of data into a queue on a background thread.'''

  def __init__(self, sess, coordinator, input_paths, hparams):
    self._coord = coordinator
    self._hparams = hparams
    self._session = sess
    self._offset = 0
    self._takes = []
    for path in input_paths:
      arr = np.load(path)
      for row in arr:
        self._takes.append((row[1:1 + int(row[0])].astype(np.int32), row[-1]))

    # Create placeholders for inputs and targets. Don't specify batch size because we want to
    # be able to feed different sized batches at eval time.
    self._placeholders = [
      tf.placeholder(tf.int32, [None, None], 'inputs'),
      tf.placeholder(tf.int32, [None], 'input_lengths'),
      tf.placeholder(tf.float32, [None], 'targets')
    ]

    # Create queue for buffering data:
    queue = tf.FIFOQueue(8, [tf.int32, tf.int32, tf.float32], name='input_queue')
    self._enqueue_op = queue.enqueue(self._placeholders)
    self._close_op = queue.close()
    self.inputs, self.input_lengths, self.targets = queue.dequeue()
    self.inputs.set_shape(self._placeholders[0].shape)
    self.input_lengths.set_shape(self._placeholders[1].shape)
    self.targets.set_shape(self._placeholders[2].shape)

  def start_in_session(self, session):
    self._session = session
    self._thread = threading.Thread(target=self.run)
    self._thread.daemon = True
    self._thread.start()
    return self._thread

  def run(self):
    try:
      while not self._coord.should_stop():
        if not self._enqueue_next_group():
          self._session.run(self._close_op)
          break
    except Exception as e:
      traceback.print_exc()
      self._coord.request_stop(e)

  def _enqueue_next_group(self):
    n = self._hparams.batch_size
    if self._offset >= len(self._takes):
      return False
    batch = self._takes[self._offset:self._offset + n]
    self._offset += n
    feed_dict = dict(zip(self._placeholders, _prepare_batch(batch)))
    self._session.run(self._enqueue_op, feed_dict=feed_dict)
    return True


def main(data_dir):
  folder = os.path.join(data_dir, 'h49_karaoke_takes')
  if not os.path.isdir(folder):
    os.makedirs(folder)
  rng = np.random.RandomState(4949)
  paths = []
  for singer in range(2):
    rows = np.zeros((5, 8), dtype=np.float32)
    for i in range(5):
      n = rng.randint(2, 6)
      rows[i, 0] = n
      rows[i, 1:1 + n] = rng.randint(48, 72, size=n)  # midi notes sung
      rows[i, -1] = np.round(rng.uniform(50, 100), 1)  # score shown on the screen
    p = os.path.join(folder, 'singer_%d.npy' % singer)
    np.save(p, rows)
    paths.append(p)

  hparams = HParams(batch_size=3)
  coord = tf.train.Coordinator()
  batches = []
  with tf.Session() as sess:
    feeder = DataFeeder(sess, coord, paths, hparams)
    feeder.start_in_session(sess)
    try:
      while not coord.should_stop():
        x, lens, y = sess.run([feeder.inputs, feeder.input_lengths, feeder.targets])
        batches.append([x.tolist(), lens.tolist(), np.round(y.astype(np.float64), 3).tolist()])
    except tf.errors.OutOfRangeError:
      coord.request_stop()
    coord.join([feeder._thread])
  return {"batches": batches, "end": "takes: %d" % sum(len(b[1]) for b in batches)}
