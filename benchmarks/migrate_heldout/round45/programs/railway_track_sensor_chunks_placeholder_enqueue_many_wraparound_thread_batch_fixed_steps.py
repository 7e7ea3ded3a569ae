# TensorFlow Input Pipelines for Large Data Sets (railway track sensors)
# after ischlag.github.io, TensorFlow 0.11 era
#
# Track-side sensor readings are loaded with numpy and pushed in chunks of four
# into a FIFOQueue by a Python thread; tf.train.batch builds training batches
# from the queue's dequeue op.

import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf

CHUNK = 4
BATCH = 6
STEPS = 5


def write_readings(folder):
  rng = np.random.RandomState(4501)
  path = os.path.join(folder, "track_sensors.csv")
  with open(path, "w") as f:
    f.write("sensor_id,vibration,temperature,strain,gauge_mm,state\n")
    for i in range(10):
      vib, temp, strain = rng.uniform(0, 3), rng.uniform(-5, 45), rng.uniform(100, 900)
      gauge = 1435.0 + rng.uniform(-4, 4)
      state = 0 if vib < 1.5 else (1 if vib < 2.5 else 2)
      f.write("TS-%03d,%.3f,%.2f,%.1f,%.2f,%d\n" % (i, vib, temp, strain, gauge, state))
  return path


def main(data_dir):
  folder = os.path.join(data_dir, "h45_track_sensors")
  if not os.path.isdir(folder):
    os.makedirs(folder)
  path = write_readings(folder)

  table = np.genfromtxt(path, delimiter=",", skip_header=1, usecols=(1, 2, 3, 4, 5))
  raw_data = table[:, :4].astype(np.float32)
  raw_target = np.eye(3, dtype=np.float32)[table[:, 4].astype(np.int64)]

  # are used to feed data into our queue
  queue_input_data = tf.placeholder(tf.float32, shape=[CHUNK, 4])
  queue_input_target = tf.placeholder(tf.float32, shape=[CHUNK, 3])

  queue = tf.FIFOQueue(capacity=12, dtypes=[tf.float32, tf.float32], shapes=[[4], [3]])

  enqueue_op = queue.enqueue_many([queue_input_data, queue_input_target])
  dequeue_op = queue.dequeue()
  close_op = queue.close(cancel_pending_enqueues=True)

  # tensorflow recommendation:
  # capacity = min_after_dequeue + (num_threads + a small safety margin) * batch_size
  data_batch, target_batch = tf.train.batch(dequeue_op, batch_size=BATCH, capacity=12)
  # use this to shuffle batches:
  # data_batch, target_batch = tf.train.shuffle_batch(dequeue_op, batch_size=15, capacity=40, min_after_dequeue=5)

  def enqueue(sess):
    """ Iterates over our data puts small junks into our queue."""
    under = 0
    max = len(raw_data)
    while True:
      # print("starting to write into queue")
      upper = under + CHUNK
      # print("try to enqueue ", under, " to ", upper)
      if upper <= max:
        curr_data = raw_data[under:upper]
        curr_target = raw_target[under:upper]
        under = upper
      else:
        rest = upper - max
        curr_data = np.concatenate((raw_data[under:max], raw_data[0:rest]))
        curr_target = np.concatenate((raw_target[under:max], raw_target[0:rest]))
        under = rest

      try:
        sess.run(enqueue_op, feed_dict={queue_input_data: curr_data,
                                        queue_input_target: curr_target})
      except (tf.errors.CancelledError, tf.errors.AbortedError):
        break
      # print("added to the queue")
    # print("finished enqueueing")

  # start the threads for our FIFOQueue and batch
  sess = tf.Session()
  enqueue_thread = threading.Thread(target=enqueue, args=[sess])
  enqueue_thread.isDaemon()
  enqueue_thread.start()

  coord = tf.train.Coordinator()
  threads = tf.train.start_queue_runners(coord=coord, sess=sess)

  batches = []
  # Fetch the data from the pipeline and put it where it belongs (into your model)
  for i in range(STEPS):
    run_options = tf.RunOptions(timeout_in_ms=20000)
    curr_data_batch, curr_target_batch = sess.run([data_batch, target_batch], options=run_options)
    batches.append([np.round(curr_data_batch.astype(np.float64), 4).tolist(),
                    curr_target_batch.argmax(axis=1).tolist()])

  # shutdown everything to avoid zombies
  sess.run(close_op)
  coord.request_stop()
  coord.join(threads)
  enqueue_thread.join()
  sess.close()
  return {"batches": batches, "end": "readings: %d" % (STEPS * BATCH)}
