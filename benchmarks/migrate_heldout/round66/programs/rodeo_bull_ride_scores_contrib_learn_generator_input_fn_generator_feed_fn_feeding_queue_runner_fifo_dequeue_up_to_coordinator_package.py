"""Rodeo bull-ride score sheets read through tf.contrib.learn's generator_input_fn (vendored in learn66_lib, over the
vendored estimator feeding functions of est66_lib): a generator function that opens the score CSV and yields one
dict of numpy values per ride, a FIFOQueue filled by `enqueue_many` from a _GeneratorFeedFn through a
_FeedingQueueRunner, `dequeue_up_to` batches, and `score` popped as the target. The loop is the usual Coordinator /
`start_queue_runners` / OutOfRangeError one."""
import csv
import os

import numpy as np
import tensorflow.compat.v1 as tf

from learn66_lib import learn_io

RIDES_CSV = None


def _write_rides(out_dir):
  rng = np.random.RandomState(6627)
  path = os.path.join(out_dir, 'rides.csv')
  with open(path, 'w') as f:
    f.write('rider,bull,seconds,score\n')
    for ride in range(10):
      seconds = float(rng.randint(20, 81)) / 10.0
      score = 0.0 if seconds < 8.0 else float(rng.randint(70, 93))
      f.write('%d,%d,%.1f,%.1f\n' % (ride % 4, rng.randint(0, 6), seconds, score))
  return path


def rides():
  with open(RIDES_CSV) as f:
    for row in csv.DictReader(f):
      yield {'rider': np.int64(row['rider']),
             'bull': np.int64(row['bull']),
             'seconds': np.float32(row['seconds']),
             'score': np.float32(row['score'])}


def main(data_dir):
  global RIDES_CSV
  out_dir = os.path.join(data_dir, 'h66_rodeo_rides')
  if not os.path.isdir(out_dir):
    os.makedirs(out_dir)
  RIDES_CSV = _write_rides(out_dir)

  input_fn = learn_io.generator_input_fn(
      rides, target_key='score', batch_size=4, shuffle=False, num_epochs=1)
  features, target = input_fn()

  batches = []
  sess = tf.Session()
  sess.run(tf.global_variables_initializer())
  coord = tf.train.Coordinator()
  threads = tf.train.start_queue_runners(sess, coord=coord)
  try:
    while not coord.should_stop():
      res = sess.run([features['rider'], features['bull'], features['seconds'], target])
      batches.append([res[0].tolist(), res[1].tolist(), np.round(res[2], 2).tolist(),
                      np.round(res[3], 2).tolist()])
  except tf.errors.OutOfRangeError:
    pass
  finally:
    coord.request_stop()
  coord.join(threads)
  sess.close()
  return {'batches': batches, 'end': 'rides: %d' % sum(len(b[0]) for b in batches)}
