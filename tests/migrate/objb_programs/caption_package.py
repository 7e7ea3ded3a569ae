import os

import numpy as np
import tensorflow.compat.v1 as tf

from objb_lib import pad_ops


def write(path, seed, rows):
  rng = np.random.RandomState(seed)
  with tf.python_io.TFRecordWriter(path) as writer:
    for _ in range(rows):
      ids = [int(t) for t in rng.randint(1, 50, size=int(rng.randint(2, 8)))]
      ex = tf.train.Example()
      ex.features.feature["ids"].int64_list.value.extend(ids)
      writer.write(ex.SerializeToString())


def main(data_dir):
  path = os.path.join(data_dir, "objb_captions.tfrecord")
  write(path, 7, 9)
  queue = tf.train.string_input_producer([path], shuffle=False, num_epochs=1)
  caption = pad_ops.read_caption(queue)
  inputs, targets, mask = pad_ops.batch_with_dynamic_pad(caption, 3, 12)
  out = []
  with tf.Session() as sess:
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while True:
        i, t, m = sess.run([inputs, targets, mask])
        out.append([i.tolist(), t.tolist(), m.tolist()])
    except tf.errors.OutOfRangeError:
      pass
    coord.request_stop()
    coord.join(threads)
  return {"batches": out, "end": "OutOfRangeError"}
