"""A class: the queue made in a method, its runner running `len(self.paths) * [op]` (the count from a
`len(...)`, the list on the right), `import tensorflow as tf` with `tf.compat.v1`; rows as a multiset."""
import os

import numpy as np
import tensorflow as tf


class ScanInput:
  def __init__(self, paths, group):
    self.paths = paths
    self.group = group

  def _prefetch(self, values, ids):
    queue = tf.compat.v1.FIFOQueue(capacity=8, dtypes=[tf.float32, tf.int64])
    enqueue = queue.enqueue([values, ids])
    runner = tf.compat.v1.train.QueueRunner(queue, len(self.paths) * [enqueue])
    tf.compat.v1.train.add_queue_runner(runner)
    values, ids = queue.dequeue()
    return values, ids

  def inputs(self):
    files = tf.compat.v1.train.string_input_producer(self.paths, num_epochs=1, shuffle=False)
    reader = tf.compat.v1.TFRecordReader()
    _, serialized = reader.read_up_to(files, self.group)
    feats = tf.io.parse_example(serialized, {'v': tf.io.FixedLenFeature([2], tf.float32),
                                             'id': tf.io.FixedLenFeature([], tf.int64)})
    return self._prefetch(feats['v'] + 1.0, feats['id'])


def main(data_dir):
  folder = os.path.join(data_dir, 'fixq_class')
  os.makedirs(folder, exist_ok=True)
  paths = []
  for f in range(3):
    path = os.path.join(folder, 'scan%d.tfrecords' % f)
    with tf.io.TFRecordWriter(path) as w:
      for i in range(4):
        k = 10 * f + i
        w.write(tf.train.Example(features=tf.train.Features(feature={
            'v': tf.train.Feature(float_list=tf.train.FloatList(value=[k, -k])),
            'id': tf.train.Feature(int64_list=tf.train.Int64List(value=[k]))})).SerializeToString())
    paths.append(path)
  values, ids = ScanInput(paths, 2).inputs()
  batches = []
  with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while True:
        v, i = sess.run([values, ids])
        batches.append([v.tolist(), i.tolist()])
    except tf.errors.OutOfRangeError:
      pass
    coord.request_stop()
    coord.join(threads)
  return {"batches": batches, "end": "OutOfRangeError"}
