import os

import numpy as np
import tensorflow.compat.v1 as tf

from laundry49_lib import input_ops


def _bytes(v):
  return tf.train.Feature(bytes_list=tf.train.BytesList(value=[v]))


def _ints(v):
  return tf.train.Feature(int64_list=tf.train.Int64List(value=v))


def write_shards(folder):
  rng = np.random.RandomState(49)
  n = 0
  for shard in range(3):
    path = os.path.join(folder, "laundromat-%05d-of-00003" % shard)
    writer = tf.python_io.TFRecordWriter(path)
    for _ in range(4):
      ex = tf.train.Example(features=tf.train.Features(feature={
          "machine/id": _bytes(("washer-%02d" % n).encode()),
          "cycle/minutes": _ints([int(rng.choice([28, 45, 62, 90]))]),
          "sensor/kwh": tf.train.Feature(float_list=tf.train.FloatList(
              value=[float(v) for v in np.round(rng.uniform(0.1, 1.8, size=3), 2)])),
          "fault/code": _ints([int(n % 5 == 0) * 17]),
      }))
      writer.write(ex.SerializeToString())
      n += 1
    writer.close()


def main(data_dir):
  folder = os.path.join(data_dir, "h49_laundry_shards")
  if not os.path.isdir(folder):
    os.makedirs(folder)
  write_shards(folder)

  input_queue = input_ops.prefetch_input_data(
      tf.TFRecordReader(),
      os.path.join(folder, "laundromat-*"),
      is_training=True,
      batch_size=4,
      values_per_shard=2,
      num_reader_threads=2)
  machine, minutes, kwh, fault = input_ops.batch_logs(input_queue, 4)

  batches = []
  with tf.Session() as sess:
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while not coord.should_stop():
        m, c, k, f = sess.run([machine, minutes, kwh, fault])
        batches.append([[s.decode() for s in m], c.tolist(),
                        np.round(k.astype(np.float64), 3).tolist(), f.tolist()])
    except tf.errors.OutOfRangeError:
      pass
    finally:
      coord.request_stop()
    coord.join(threads)
  return {"batches": batches, "end": "cycles: %d" % sum(len(b[0]) for b in batches)}
