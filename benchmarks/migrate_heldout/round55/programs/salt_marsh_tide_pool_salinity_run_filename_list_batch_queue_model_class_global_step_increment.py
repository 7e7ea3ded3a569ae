import tensorflow as tf
from glob import glob
import numpy as np
import os

tf1 = tf.compat.v1


def batch_queue(filename_list, batch_size):
  filename_queue = tf1.train.string_input_producer(filename_list, num_epochs=1, shuffle=False)
  reader = tf1.TextLineReader(skip_header_lines=1)
  _, line = reader.read(filename_queue)
  pool, salinity, temp, depth = tf1.decode_csv(line, [[""], [0.0], [0.0], [0.0]])
  return tf1.train.batch([pool, tf.stack([salinity, temp, depth])], batch_size=batch_size,
                         allow_smaller_final_batch=True)


class Model(object):
  def __init__(self, batch_size):
    self.batch_size = batch_size

  def build(self, batch):
    pool, x = batch
    self.pool = pool
    self.x = x
    # brine index: salinity relative to sea water, warmer and shallower pools concentrate more
    self.brine = x[:, 0] / 35.0 + 0.01 * x[:, 1] - 0.1 * x[:, 2]


def run(filename_list, batch_size, Model):

  #Create a queue that will be automatically fill by another thread
  #as we read batches out of it
  global_step = tf1.Variable(0)
  increment = global_step.assign_add(1)
  batch = batch_queue(filename_list, batch_size)

  # Create the graph, etc.
  m = Model(batch_size)
  m.build(batch)

  init_op = tf1.global_variables_initializer()
  #This is required to intialize num_epochs for the filename_queue
  init_local = tf1.local_variables_initializer()

  # Create a session for running operations in the Graph.
  sess = tf1.Session(config=tf1.ConfigProto(
    log_device_placement=False))

  # Initialize the variables (like the epoch counter).
  sess.run([init_op, init_local])

  # Start input enqueue threads.
  coord = tf1.train.Coordinator()
  threads = tf1.train.start_queue_runners(sess=sess, coord=coord)

  results = []
  try:
    while not coord.should_stop():
      pool, x, brine, step = sess.run([m.pool, m.x, m.brine, increment])
      results.append([[p.decode() for p in pool], np.round(x.astype(np.float64), 3).tolist(),
                      np.round(brine.astype(np.float64), 4).tolist(), step])
  except tf.errors.OutOfRangeError:
    pass
  finally:
    # When done, ask the threads to stop.
    coord.request_stop()

  # Wait for threads to finish.
  coord.join(threads)
  sess.close()
  return results


def main(data_dir):
  out = os.path.join(data_dir, 'h55_tide_pools')
  os.makedirs(out, exist_ok=True)
  rng = np.random.RandomState(55)
  for visit in range(2):
    with open(os.path.join(out, 'visit_%d.csv' % visit), 'w') as f:
      f.write('pool,salinity,temp,depth\n')
      for p in range(5):
        f.write('P%d-%d,%.1f,%.1f,%.2f\n' % (visit, p, rng.uniform(20, 60), rng.uniform(8, 30), rng.uniform(0.05, 0.6)))
  results = run(sorted(glob(os.path.join(out, '*.csv'))), 3, Model)
  batches = [r[:3] for r in results]
  return {"batches": batches, "end": "pools: %d, steps: %d" % (sum(len(b[0]) for b in batches), results[-1][3])}
