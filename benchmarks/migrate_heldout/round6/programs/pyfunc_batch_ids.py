"""Training input of tables held in memory: `rows_lib.array_loader` (another module) turns each table into
a `py_func` fed by a `range_input_producer` of batch ids, and joins the tables with `batch_join` of dicts
(enqueue_many). A Coordinator loop until the epoch ends.
"""

import os
import sys

import tensorflow.compat.v1 as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rows_lib.array_loader as loader  # noqa: E402

BATCH_SIZE = 16


def main(data_dir):
  tables = [os.path.join(data_dir, 'table-%d.csv' % i) for i in range(3)]
  features = loader.load_data_from_filename_list(tables, BATCH_SIZE)
  labels = features.pop('label')
  inputs = tf.stack([features['a'], features['b']], axis=1)

  batches = []
  end = None
  sess = tf.Session()
  sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
  coord = tf.train.Coordinator()
  threads = tf.train.start_queue_runners(sess=sess, coord=coord)
  try:
    while not coord.should_stop():
      x, y = sess.run([inputs, labels])
      batches.append({'inputs': x.tolist(), 'labels': y.tolist()})
  except tf.errors.OutOfRangeError:
    end = 'OutOfRangeError'
  finally:
    coord.request_stop()
  coord.join(threads)
  sess.close()
  return {"batches": batches, "end": end}
