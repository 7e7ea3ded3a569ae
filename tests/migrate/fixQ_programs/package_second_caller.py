"""A second caller of `fixq_lib.prefetch.prefetch_pair`, leaving its default count (4 threads) and reading
TFRecords of strings; rows as a multiset."""
import os

import tensorflow.compat.v1 as tf

from fixq_lib import prefetch


def main(data_dir):
  folder = os.path.join(data_dir, 'fixq_second')
  os.makedirs(folder, exist_ok=True)
  path = os.path.join(folder, 'tags.tfrecords')
  with tf.io.TFRecordWriter(path) as w:
    for i in range(8):
      w.write(b'tag-%d' % i)
  files = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
  _, record = tf.TFRecordReader().read(files)
  tag, n = prefetch.prefetch_pair(record, tf.cast(tf.strings.length(record), tf.int64))
  batches, ts, ns = [], [], []
  with tf.Session() as sess:
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while True:
        t, k = sess.run([tag, n])
        ts.append(t.decode())
        ns.append(int(k))
        if len(ts) == 2:
          batches.append([ts, ns])
          ts, ns = [], []
    except tf.errors.OutOfRangeError:
      pass
    coord.request_stop()
    coord.join(threads)
  return {"batches": batches, "end": "OutOfRangeError"}
