import os
import numpy as np
import tensorflow as tf

from fish46_lib import haul_input
from fish46_lib.write_hauls import write

FLAGS_batch_size = 4


def main(data_dir):
  path = write(os.path.join(data_dir, 'h46_haul_lengths'))
  freqs, labels, vessels = haul_input.inputs(path, FLAGS_batch_size)
  mean_bin = tf.reduce_sum(freqs * tf.range(haul_input.length_bins, dtype=tf.float32), axis=1)

  out = []
  with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.global_variables_initializer())
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    step = 0
    try:
      while not coord.should_stop():
        f, l, v, m = sess.run([freqs, labels, vessels, mean_bin])
        out.append([np.round(f, 5).tolist(), l.tolist(), [s.decode() for s in v], np.round(m, 5).tolist()])
        step += 1
    except tf.errors.OutOfRangeError:
      pass
    finally:
      coord.request_stop()
    coord.join(threads)
  return {"batches": out, "end": "hauls: %d" % (step * FLAGS_batch_size)}
