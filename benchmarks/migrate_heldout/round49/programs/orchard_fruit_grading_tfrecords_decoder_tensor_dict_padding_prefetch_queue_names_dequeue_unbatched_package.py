import os

import numpy as np
import tensorflow.compat.v1 as tf

from fruitq49_lib import decoder as fruit_decoder
from fruitq49_lib import prefetcher


def _write(path, first, count):
  rng = np.random.RandomState(first + 7)
  with tf.python_io.TFRecordWriter(path) as writer:
    for i in range(first, first + count):
      feature = {
          'image/fruit_id': tf.train.Feature(bytes_list=tf.train.BytesList(value=[('pear-%03d' % i).encode()])),
          'image/weight_g': tf.train.Feature(float_list=tf.train.FloatList(value=[float(np.round(rng.uniform(120, 260), 1))])),
          'image/blemishes': tf.train.Feature(int64_list=tf.train.Int64List(value=list(range(i % 3)))),
          'image/class/label': tf.train.Feature(int64_list=tf.train.Int64List(value=[i % 3])),
      }
      writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())


def create_input_queue(input_files):
  tensor_dict = fruit_decoder.read_dataset(
      tf.TFRecordReader, fruit_decoder.TfExampleDecoder().decode, input_files)
  return prefetcher.prefetch(tensor_dict, capacity=5)


def main(data_dir):
  folder = os.path.join(data_dir, 'h49_fruit_prefetch')
  if not os.path.exists(folder):
    os.makedirs(folder)
  files = []
  for shard, (first, count) in enumerate([(0, 4), (4, 3)]):
    path = os.path.join(folder, 'pears-%05d-of-00002.record' % shard)
    _write(path, first, count)
    files.append(path)

  input_queue = create_input_queue(files)
  tensor_dict = input_queue.dequeue()

  batches = []
  with tf.Session() as sess:
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while True:
        out = sess.run(tensor_dict)
        batches.append([[out[k].decode() if k == 'fruit_id' else
                         (round(float(out[k]), 4) if k == 'weight' else out[k].tolist())]
                        for k in sorted(out)])
    except tf.errors.OutOfRangeError:
      pass
    finally:
      coord.request_stop()
      coord.join(threads)
  return {"batches": batches, "end": "pears: %d" % len(batches)}
