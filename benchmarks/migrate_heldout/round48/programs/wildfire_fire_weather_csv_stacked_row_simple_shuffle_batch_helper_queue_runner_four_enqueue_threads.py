# fire weather station readings -> FFMC-ish feature rows, batched through a hand-made shuffle queue
import os
import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1


# Ripped from tensorflow docs
def simple_shuffle_batch(source, capacity, batch_size=10):
  # Create a random shuffle queue.
  queue = tf1.RandomShuffleQueue(capacity=capacity,
                                 min_after_dequeue=int(0.9*capacity),
                                 shapes=source.shape, dtypes=source.dtype)

  # Create an op to enqueue one item.
  enqueue = queue.enqueue(source)

  # Create a queue runner that, when started, will launch 4 threads applying
  # that enqueue op.
  num_threads = 4
  qr = tf1.train.QueueRunner(queue, [enqueue] * num_threads)

  # Register the queue runner so it can be found and started by
  # `tf.train.start_queue_runners` later (the threads are not launched yet).
  tf1.train.add_queue_runner(qr)

  # Create an op to dequeue a batch
  return queue.dequeue_many(batch_size)


def weather_row_tensor(csv_path):
  filename_queue = tf1.train.string_input_producer([csv_path], num_epochs=1, shuffle=False)
  reader = tf1.TextLineReader(skip_header_lines=1)
  _, line = reader.read(filename_queue)
  day, temp, rh, wind, rain = tf1.decode_csv(line, [[0.0], [0.0], [0.0], [0.0], [0.0]])
  dryness = (temp - 0.1 * rh) / (1.0 + rain)
  return tf.stack([day, temp, rh, wind, rain, dryness])


def make_weather(path):
  rng = np.random.RandomState(4804)
  with open(path, "w") as f:
    f.write("day,temp_c,rh_pct,wind_kmh,rain_mm\n")
    for d in range(16):
      f.write("%d,%.1f,%.0f,%.1f,%.1f\n" % (d, rng.uniform(12, 38), rng.uniform(8, 80),
                                             rng.uniform(0, 45), rng.choice([0.0, 0.0, 1.2, 4.5])))


def main(data_dir):
  folder = os.path.join(data_dir, "h48_fire_weather")
  if not os.path.exists(folder):
    os.makedirs(folder)
  csv_path = os.path.join(folder, "station_ks12.csv")
  make_weather(csv_path)

  rows = weather_row_tensor(csv_path)
  batch = simple_shuffle_batch(rows, capacity=20, batch_size=4)

  out = []
  sess = tf1.Session()
  sess.run(tf1.local_variables_initializer())
  coord = tf1.train.Coordinator()
  threads = tf1.train.start_queue_runners(sess, coord=coord)
  try:
    while True:
      b = sess.run(batch)
      out.append([np.round(b.astype(np.float64), 3).tolist()])
  except tf.errors.OutOfRangeError:
    pass
  finally:
    coord.request_stop()
  coord.join(threads)
  sess.close()
  return {"batches": out, "end": "days: %d" % sum(len(b[0]) for b in out)}
