import os

import numpy as np
import tensorflow.compat.v1 as tf


def write(path, seed, rows):
  rng = np.random.RandomState(seed)
  with tf.python_io.TFRecordWriter(path) as writer:
    for _ in range(rows):
      n = int(rng.randint(1, 6))
      ex = tf.train.Example()
      ex.features.feature["tokens"].int64_list.value.extend([int(t) for t in rng.randint(1, 30, size=n)])
      ex.features.feature["tag"].int64_list.value.append(n % 2)
      writer.write(ex.SerializeToString())


def parse(queue):
  _, value = tf.TFRecordReader().read(queue)
  f = tf.parse_single_example(value, {"tokens": tf.VarLenFeature(tf.int64), "tag": tf.FixedLenFeature([], tf.int64)})
  return tf.sparse_tensor_to_dense(f["tokens"]), f["tag"]


def pad_batch(tokens, tag, batch_size):
  length = tf.shape(tokens)[0]
  weights = tf.ones([length], dtype=tf.float32) * 0.5
  return tf.train.batch([tokens, tag, weights, length], batch_size=batch_size, dynamic_pad=True,
                        allow_smaller_final_batch=False)


def main(data_dir):
  a = os.path.join(data_dir, "objb_a.tfrecord")
  b = os.path.join(data_dir, "objb_b.tfrecord")
  write(a, 1, 6)
  write(b, 2, 4)
  ta, ga = parse(tf.train.string_input_producer([a], shuffle=False, num_epochs=1))
  first = pad_batch(ta, ga, 2)
  tb, gb = parse(tf.train.string_input_producer([b], shuffle=False, num_epochs=1))
  second = pad_batch(tokens=tb, tag=gb, batch_size=2)
  out = []
  with tf.Session() as sess:
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      for _ in range(3):
        x, y = sess.run([first, second])
        out.append([[v.tolist() for v in x], [v.tolist() for v in y]])
    except tf.errors.OutOfRangeError:
      pass
    coord.request_stop()
    coord.join(threads)
  return {"batches": out, "end": "read %d" % len(out)}
