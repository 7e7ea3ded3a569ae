from __future__ import absolute_import
from __future__ import division
from __future__ import print_function
from __future__ import unicode_literals
from __future__ import with_statement

import os
import tensorflow.compat.v1 as tf

# tram switch (points) actuations: throw times in ms for the four motor phases, label = switch id
N = 10
data_file = "data.tfrecords"
batch_size = 2
num_threads = 1
num_epochs = 1


def main(data_dir):
  out = os.path.join(data_dir, "h50_tram_switch_actuations")
  if not os.path.exists(out):
    os.makedirs(out)
  path = os.path.join(out, data_file)

  # if not os.path.exists(path):
  writer = tf.python_io.TFRecordWriter(path)
  idx = 0
  while idx < N:
    example = tf.train.Example(features=tf.train.Features(feature={
      'feature': tf.train.Feature(int64_list=tf.train.Int64List(value=[idx*10 + 410, idx*7 + 95, 1200 - idx*13, idx % 3 * 40])),
      'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[idx % 4 + 101]))
      }))
    writer.write(example.SerializeToString())
    idx += 1
  writer.close()

  filename_queue = tf.train.string_input_producer([path], num_epochs=num_epochs)
  reader = tf.TFRecordReader()
  _, serialized_example = reader.read(filename_queue)
  features = tf.parse_single_example(serialized_example, features={
    'feature': tf.FixedLenFeature([4], tf.int64),
    'label': tf.FixedLenFeature([], tf.int64),
    })
  feature, label = features['feature'], features['label']
  feature_batch, label_batch = tf.train.batch([feature, label],
                                              batch_size=batch_size,
                                              num_threads=num_threads,
                                              capacity=batch_size * 10)

  batches = []
  sess = tf.Session()
  sess.run(tf.local_variables_initializer())
  coord = tf.train.Coordinator()
  threads = tf.train.start_queue_runners(sess=sess, coord=coord)
  try:
    while not coord.should_stop():
      f, l = sess.run([feature_batch, label_batch])
      print(f, l)
      batches.append([f.tolist(), l.tolist()])
  except tf.errors.OutOfRangeError:
    print("Done -- epoch limit reached")
  finally:
    coord.request_stop()
  coord.join(threads)
  sess.close()
  return {"batches": batches, "end": "actuations: %d" % sum(len(b[1]) for b in batches)}
