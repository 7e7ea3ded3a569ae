"""A class whose method makes the file queue through locals (`self.data_dir` read there) and returns it, read by a
module function, batched by two methods (train and eval) called from `main`."""
import glob
import os

import tensorflow.compat.v1 as tf


def decode(queue):
  reader = tf.TFRecordReader()
  _, value = reader.read(queue)
  parsed = tf.parse_single_example(value, {'y': tf.FixedLenFeature([], tf.int64)})
  return parsed['y'] * 10


class Records(object):
  def __init__(self, data_dir):
    self.data_dir = data_dir

  def make_queue(self, split, epochs=1):
    files = sorted(glob.glob(os.path.join(self.data_dir, split + '-*.tfrecords')))
    queue = tf.train.string_input_producer(files, num_epochs=epochs, shuffle=False)
    return queue

  def train_batch(self):
    queue = self.make_queue('train')
    y = decode(queue)
    return tf.train.batch([y], 3)

  def eval_batch(self):
    q = self.make_queue('eval', epochs=2)
    y = decode(q)
    return tf.train.batch([y], 2)


def main(data_dir):
  root = os.path.join(data_dir, 'r38q_class')
  os.makedirs(root, exist_ok=True)
  for split, start, n in (('train', 0, 6), ('eval', 50, 3)):
    with tf.python_io.TFRecordWriter(os.path.join(root, split + '-0.tfrecords')) as w:
      for i in range(start, start + n):
        w.write(tf.train.Example(features=tf.train.Features(feature={
            'y': tf.train.Feature(int64_list=tf.train.Int64List(value=[i]))})).SerializeToString())
  records = Records(root)
  train, evaluation = records.train_batch(), records.eval_batch()
  batches = []
  with tf.Session() as sess:
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    for _ in range(3):
      batches.append(sess.run(evaluation).tolist())
    try:
      while True:
        batches.append(sess.run(train).tolist())
    except tf.errors.OutOfRangeError:
      pass
    coord.request_stop()
    coord.join(threads)
  return {"batches": batches, "end": "OutOfRangeError"}
