"""The count a module constant read from the environment (not known when migrating), the runner's ops
`[op for _ in range(NUM_THREADS)]`, `from tensorflow.compat.v1 import train`, one record per `read`, the dequeue
unpacked to a tuple; several threads race, so the rows are compared as a multiset."""
import os

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

NUM_THREADS = int(os.environ.get('FIXQ_NUM_THREADS', '3'))


def _write(path, start):
  with tf.io.TFRecordWriter(path) as w:
    for i in range(start, start + 6):
      w.write(tf.train.Example(features=tf.train.Features(feature={
          'x': tf.train.Feature(float_list=tf.train.FloatList(value=[i * 0.5, i * 1.5])),
          'y': tf.train.Feature(int64_list=tf.train.Int64List(value=[i]))})).SerializeToString())


def prefetched(x, y):
  queue = tf.FIFOQueue(20, [tf.float32, tf.int64], shapes=[[2], []])
  op = queue.enqueue((x, y))
  train.add_queue_runner(train.QueueRunner(queue, [op for _ in range(NUM_THREADS)]))
  x, y = queue.dequeue()
  return x, y


def main(data_dir):
  folder = os.path.join(data_dir, 'fixq_constant')
  os.makedirs(folder, exist_ok=True)
  paths = [os.path.join(folder, 'part%d.tfrecords' % i) for i in range(2)]
  for i, p in enumerate(paths):
    _write(p, 10 * i)
  files = train.string_input_producer(paths, num_epochs=1, shuffle=False)
  _, record = tf.TFRecordReader().read(files)
  parsed = tf.parse_single_example(record, {'x': tf.FixedLenFeature([2], tf.float32),
                                            'y': tf.FixedLenFeature([], tf.int64)})
  x, y = prefetched(parsed['x'] * 2.0, parsed['y'])
  batches, xs, ys = [], [], []
  with tf.Session() as sess:
    sess.run(tf.local_variables_initializer())
    coord = train.Coordinator()
    threads = train.start_queue_runners(sess=sess, coord=coord)
    try:
      while True:
        a, b = sess.run([x, y])
        xs.append(a.tolist())
        ys.append(int(b))
        if len(ys) == 3:
          batches.append([xs, ys])
          xs, ys = [], []
    except tf.errors.OutOfRangeError:
      pass
    coord.request_stop()
    coord.join(threads)
  return {"batches": batches, "end": "OutOfRangeError"}
