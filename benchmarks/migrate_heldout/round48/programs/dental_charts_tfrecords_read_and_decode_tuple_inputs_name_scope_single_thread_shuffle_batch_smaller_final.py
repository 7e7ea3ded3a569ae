from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os.path
import time

import numpy as np
import tensorflow as tf
tf = tf.compat.v1

# Basic model parameters (the flags of the training script, kept as constants here).
BATCH_SIZE = 2
NUM_EPOCHS = 1

TRAIN_FILE = 'train.tfrecords'


def read_and_decode(filename_queue):
  reader = tf.TFRecordReader()
  _, serialized_example = reader.read(filename_queue)
  features = tf.parse_single_example(
      serialized_example,
      features={
          'Teeth_present':tf.FixedLenFeature([1], tf.int64),
          'Patient_age':tf.FixedLenFeature([1], tf.int64),
          'label':tf.FixedLenFeature([1], tf.int64),
          'Pocket_depths':tf.FixedLenFeature([32], tf.float32),
      })
  x = tf.cast(features['Pocket_depths'], tf.float32)
  x = tf.reshape(x, [4,8])
  y = tf.cast(features['label'], tf.int64)
  teeth = tf.cast(features['Teeth_present'], tf.int64)
  age = tf.cast(features['Patient_age'], tf.int64)
  return x, y, teeth, age


def inputs(train_dir):
    with tf.name_scope('input'):
        filename_queue = tf.train.string_input_producer(
            [os.path.join(train_dir, TRAIN_FILE)], num_epochs=NUM_EPOCHS)
        _x, _y, _teeth, _age = read_and_decode(filename_queue)
        x, y, teeth, age = tf.train.shuffle_batch(
            [_x, _y, _teeth, _age], batch_size=BATCH_SIZE,
            num_threads=1,
            capacity=5,
            min_after_dequeue=3,
            allow_smaller_final_batch=True)
        return x, y, teeth, age


def convert_to(train_dir):
  if not os.path.exists(train_dir):
    os.makedirs(train_dir)
  rng = np.random.RandomState(4813)
  writer = tf.python_io.TFRecordWriter(os.path.join(train_dir, TRAIN_FILE))
  for i in range(10):
    depths = rng.randint(1, 8, size=32).astype(np.float32)
    example = tf.train.Example(features=tf.train.Features(feature={
        'Teeth_present': tf.train.Feature(int64_list=tf.train.Int64List(value=[int(rng.randint(20, 33))])),
        'Patient_age': tf.train.Feature(int64_list=tf.train.Int64List(value=[18 + i * 5])),
        'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[int(depths.max() >= 6)])),
        'Pocket_depths': tf.train.Feature(float_list=tf.train.FloatList(value=depths.tolist())),
    }))
    writer.write(example.SerializeToString())
  writer.close()


def main(data_dir):
    train_dir = os.path.join(data_dir, 'h48_dental_charts')
    convert_to(train_dir)
    x, y, teeth, age = inputs(train_dir)
    mean_depth = tf.reduce_mean(x, axis=[1, 2])
    sess = tf.Session()
    sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    try:
      step = 0
      while not coord.should_stop():
        start_time = time.time()
        _x, _y, _teeth, _age, _m = sess.run([x, y, teeth, age, mean_depth])
        duration = time.time() - start_time
        batches.append([_x.astype(np.float64).tolist(), _y.tolist(), _teeth.tolist(), _age.tolist(),
                        np.round(_m.astype(np.float64), 4).tolist()])
        step += 1
    except tf.errors.OutOfRangeError:
      print('Done training for %d epochs, %d steps.' % (NUM_EPOCHS, step))
    finally:
      coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': 'charts: %d' % sum(len(b[1]) for b in batches)}
