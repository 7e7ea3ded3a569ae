"""Tutorial shape (fully_connected_reader): `convert_to` writes TFRecords, `read_and_decode`, `inputs(train, batch_size,
num_epochs)` with `shuffle_batch(num_threads=2)` in a name scope, a step loop until the epochs run out."""
import os
import time

import numpy as np
import tensorflow.compat.v1 as tf

TRAIN_FILE = 'train.tfrecords'
VALIDATION_FILE = 'validation.tfrecords'
IMAGE_PIXELS = 9


class FLAGS(object):
  batch_size = 4
  num_epochs = 1
  train_dir = None


def _int64_feature(value):
  return tf.train.Feature(int64_list=tf.train.Int64List(value=[value]))


def _bytes_feature(value):
  return tf.train.Feature(bytes_list=tf.train.BytesList(value=[value]))


def convert_to(images, labels, name):
  num_examples = images.shape[0]
  filename = os.path.join(FLAGS.train_dir, name + '.tfrecords')
  print('Writing', filename)
  with tf.python_io.TFRecordWriter(filename) as writer:
    for index in range(num_examples):
      image_raw = images[index].tobytes()
      example = tf.train.Example(features=tf.train.Features(feature={
          'height': _int64_feature(3),
          'width': _int64_feature(3),
          'depth': _int64_feature(1),
          'label': _int64_feature(int(labels[index])),
          'image_raw': _bytes_feature(image_raw)}))
      writer.write(example.SerializeToString())


def read_and_decode(filename_queue):
  reader = tf.TFRecordReader()
  _, serialized_example = reader.read(filename_queue)
  features = tf.parse_single_example(
      serialized_example,
      features={
          'image_raw': tf.FixedLenFeature([], tf.string),
          'label': tf.FixedLenFeature([], tf.int64),
      })
  image = tf.decode_raw(features['image_raw'], tf.uint8)
  image.set_shape([IMAGE_PIXELS])
  image = tf.cast(image, tf.float32) * (1. / 255) - 0.5
  label = tf.cast(features['label'], tf.int32)
  return image, label


def inputs(train, batch_size, num_epochs):
  if not num_epochs:
    num_epochs = None
  filename = os.path.join(FLAGS.train_dir, TRAIN_FILE if train else VALIDATION_FILE)
  with tf.name_scope('input'):
    filename_queue = tf.train.string_input_producer([filename], num_epochs=num_epochs)
    image, label = read_and_decode(filename_queue)
    images, sparse_labels = tf.train.shuffle_batch(
        [image, label], batch_size=batch_size, num_threads=2,
        capacity=10 + 3 * batch_size, min_after_dequeue=6)
    return images, sparse_labels


def main(data_dir):
  FLAGS.train_dir = os.path.join(data_dir, 'h35_fashion')
  os.makedirs(FLAGS.train_dir, exist_ok=True)
  rng = np.random.RandomState(35)
  convert_to(rng.randint(0, 255, size=(12, 3, 3, 1)).astype(np.uint8), np.arange(12) % 10, 'train')
  convert_to(rng.randint(0, 255, size=(4, 3, 3, 1)).astype(np.uint8), np.arange(4), 'validation')
  with tf.Graph().as_default():
    images, labels = inputs(train=True, batch_size=FLAGS.batch_size, num_epochs=FLAGS.num_epochs)
    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    sess = tf.Session()
    sess.run(init_op)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    try:
      step = 0
      while not coord.should_stop():
        start_time = time.time()
        x, y = sess.run([images, labels])
        batches.append([np.round(x, 4).tolist(), y.tolist()])
        duration = time.time() - start_time
        step += 1
    except tf.errors.OutOfRangeError:
      print('Done training for %d epochs, %d steps.' % (FLAGS.num_epochs, step))
    finally:
      coord.request_stop()
    coord.join(threads)
    sess.close()
  return {"batches": batches, "end": "steps: %d" % step}
