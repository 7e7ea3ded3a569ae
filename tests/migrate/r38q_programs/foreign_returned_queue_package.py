"""A file-queue helper of another module that binds locals before `return producer(...)`, called through its
module by a reader of fixed-length records; a plain `import tensorflow as tf` with a `v1` alias there."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from r38q_lib import queues


def inputs(root):
  queue = queues.make_queue(root, 'train')
  reader = tf.FixedLengthRecordReader(record_bytes=4)
  _, value = reader.read(queue)
  rec = tf.decode_raw(value, tf.uint8)
  rec.set_shape([4])
  return tf.train.batch([rec], batch_size=2)


def main(data_dir):
  root = os.path.join(data_dir, 'r38q_foreign')
  os.makedirs(root, exist_ok=True)
  for k in range(2):
    with open(os.path.join(root, 'train-%d.bin' % k), 'wb') as f:
      f.write(np.arange(16 * k, 16 * k + 12, dtype=np.uint8).tobytes())
  batch = inputs(root)
  batches = []
  with tf.Session() as sess:
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while not coord.should_stop():
        batches.append(sess.run(batch).tolist())
    except tf.errors.OutOfRangeError:
      pass
    finally:
      coord.request_stop()
      coord.join(threads)
  return {"batches": batches, "end": "OutOfRangeError"}
