"""Lock-keeper's passage model: canal lock gate cycles read through the vendored learn_io, Estimator-style input_fn."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from canal52_lib import learn_io

LOCK_FEATURES = {
    'lock_id': tf.FixedLenFeature([1], tf.int64),
    'direction': tf.FixedLenFeature([1], tf.string, default_value=['up']),
    'lift_m': tf.FixedLenFeature([1], tf.float32),
    'vessels': tf.VarLenFeature(tf.int64),
    'passage_minutes': tf.FixedLenFeature([1], tf.float32),
}


def write_cycles(folder):
  rng = np.random.RandomState(4)
  if not os.path.isdir(folder):
    os.makedirs(folder)
  n = 0
  for part, count in (('a', 6), ('b', 4)):
    with tf.python_io.TFRecordWriter(os.path.join(folder, 'cycles-%s.tfrecord' % part)) as w:
      for _ in range(count):
        f = {
            'lock_id': tf.train.Feature(int64_list=tf.train.Int64List(value=[100 + n])),
            'lift_m': tf.train.Feature(float_list=tf.train.FloatList(value=[round(rng.uniform(1, 6), 2)])),
            'vessels': tf.train.Feature(int64_list=tf.train.Int64List(
                value=list(rng.randint(1, 9, size=1 + n % 3)))),
            'passage_minutes': tf.train.Feature(float_list=tf.train.FloatList(value=[10.0 + n])),
        }
        if n % 4 != 3:
          f['direction'] = tf.train.Feature(bytes_list=tf.train.BytesList(
              value=[b'down' if n % 2 else b'up']))
        w.write(tf.train.Example(features=tf.train.Features(feature=f)).SerializeToString())
        n += 1


def get_input_fn(file_pattern, batch_size, num_epochs=None, randomize_input=True):
  def _input_fn():
    keys, features = learn_io.read_keyed_batch_features(
        file_pattern, batch_size, LOCK_FEATURES, tf.TFRecordReader,
        randomize_input=randomize_input, num_epochs=num_epochs,
        queue_capacity=32, reader_num_threads=1, read_batch_size=2)
    target = features.pop('passage_minutes')
    features['vessels'] = tf.sparse_tensor_to_dense(features['vessels'], default_value=0)
    features['key'] = keys
    return features, target
  return _input_fn


def main(data_dir):
  folder = os.path.join(data_dir, 'h52_lock_cycles')
  write_cycles(folder)
  input_fn = get_input_fn(os.path.join(folder, 'cycles-*.tfrecord'), 4,
                          num_epochs=1, randomize_input=False)
  features, target = input_fn()
  vessel_count = tf.reduce_sum(tf.cast(tf.not_equal(features['vessels'], 0), tf.int32), axis=1)

  batches = []
  with tf.train.MonitoredSession() as sess:
    while not sess.should_stop():
      f, t, vc = sess.run([features, target, vessel_count])
      batches.append([[[d.decode() for d in row] for row in f['direction']], f['lift_m'].tolist(), f['lock_id'].tolist(),
                      f['vessels'].tolist(), t.tolist(), vc.tolist()])
  return {"batches": batches, "end": "gate cycles: %d" % sum(len(b[2]) for b in batches)}
