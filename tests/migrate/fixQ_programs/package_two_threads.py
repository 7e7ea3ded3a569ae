"""The helper in another module (`fixq_lib.prefetch`), called with `num_threads=len(names)`; CSV lines read
one at a time; rows as a multiset."""
import os

import tensorflow.compat.v1 as tf

from fixq_lib.prefetch import prefetch_pair


def main(data_dir):
  folder = os.path.join(data_dir, 'fixq_package')
  os.makedirs(folder, exist_ok=True)
  names = []
  for f in range(2):
    path = os.path.join(folder, 'rows%d.csv' % f)
    with open(path, 'w') as out:
      for i in range(6):
        out.write('w%d_%d,%d\n' % (f, i, 100 * f + i))
    names.append(path)
  files = tf.train.string_input_producer(names, num_epochs=1, shuffle=False)
  _, line = tf.TextLineReader().read(files)
  word, number = tf.decode_csv(line, [[''], [0]])
  word, number = prefetch_pair(word, tf.cast(number, tf.int64), num_threads=len(names))
  batches, ws, ns = [], [], []
  with tf.Session() as sess:
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while True:
        w, n = sess.run([word, number])
        ws.append(w.decode())
        ns.append(int(n))
        if len(ns) == 4:
          batches.append([ws, ns])
          ws, ns = [], []
    except tf.errors.OutOfRangeError:
      pass
    coord.request_stop()
    coord.join(threads)
  return {"batches": batches, "end": "OutOfRangeError"}
