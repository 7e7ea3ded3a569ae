"""DCGAN on kombucha pellicle (SCOBY) photos.

The model class reads its own training data: `build_model` asks `input_queue` for a batch of
pellicle photos from the TFRecord shards of `data_dir`, so there are no placeholders for the
real images; the noise `z` is drawn in the graph.
"""
from __future__ import division
import os
import math
from glob import glob

import numpy as np
import tensorflow.compat.v1 as tf


def conv_out_size_same(size, stride):
  return int(math.ceil(float(size) / float(stride)))


def linear(input_, output_size, scope=None, stddev=0.02, bias_start=0.0):
  shape = input_.get_shape().as_list()
  with tf.variable_scope(scope or "Linear"):
    matrix = tf.get_variable("Matrix", [shape[1], output_size], tf.float32,
                             tf.random_normal_initializer(stddev=stddev, seed=3))
    bias = tf.get_variable("bias", [output_size], initializer=tf.constant_initializer(bias_start))
    return tf.matmul(input_, matrix) + bias


def lrelu(x, leak=0.2, name="lrelu"):
  return tf.maximum(x, leak * x)


class DCGAN(object):
  def __init__(self, sess, input_height=4, input_width=4, crop=False,
         batch_size=4, sample_num=4, output_height=4, output_width=4,
         z_dim=8, gf_dim=4, df_dim=4, c_dim=3, dataset_name='pellicle',
         input_fname_pattern='*.tfrecords', checkpoint_dir=None, data_dir=None):
    """
    Args:
      sess: TensorFlow session
      batch_size: The size of batch. Should be specified before training.
      z_dim: (optional) Dimension of dim for Z. [8]
      c_dim: (optional) Dimension of image color. [3]
    """
    self.sess = sess
    self.crop = crop
    self.batch_size = batch_size
    self.sample_num = sample_num
    self.input_height = input_height
    self.input_width = input_width
    self.output_height = output_height
    self.output_width = output_width
    self.z_dim = z_dim
    self.gf_dim = gf_dim
    self.df_dim = df_dim
    self.c_dim = c_dim
    self.dataset_name = dataset_name
    self.input_fname_pattern = input_fname_pattern
    self.checkpoint_dir = checkpoint_dir
    self.data_dir = data_dir
    self.build_model()

  def input_queue(self):
    self.data = sorted(glob(os.path.join(self.data_dir, self.input_fname_pattern)))
    filename_queue = tf.train.string_input_producer(self.data, num_epochs=1, seed=56)
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(serialized_example, features={
      'image_raw': tf.FixedLenFeature([], tf.string),
      'brew_day': tf.FixedLenFeature([], tf.int64),
    })
    image = tf.decode_raw(features['image_raw'], tf.uint8)
    image = tf.reshape(image, [self.input_height, self.input_width, self.c_dim])
    image = tf.cast(image, tf.float32) / 127.5 - 1.
    brew_day = tf.cast(features['brew_day'], tf.int32)
    min_after_dequeue = 4
    capacity = min_after_dequeue + 3 * self.batch_size
    images, days = tf.train.shuffle_batch(
      [image, brew_day], batch_size=self.batch_size, capacity=capacity,
      min_after_dequeue=min_after_dequeue, num_threads=2, seed=56)
    return images, days

  def build_model(self):
    self.inputs, self.brew_days = self.input_queue()
    inputs = self.inputs
    self.z = tf.random_uniform([self.batch_size, self.z_dim], -1, 1, seed=7, name='z')

    self.G = self.generator(self.z)
    self.D, self.D_logits = self.discriminator(inputs, reuse=False)
    self.D_, self.D_logits_ = self.discriminator(self.G, reuse=True)

    def sigmoid_cross_entropy_with_logits(x, y):
      return tf.nn.sigmoid_cross_entropy_with_logits(logits=x, labels=y)

    self.d_loss_real = tf.reduce_mean(sigmoid_cross_entropy_with_logits(self.D_logits, tf.ones_like(self.D)))
    self.d_loss_fake = tf.reduce_mean(sigmoid_cross_entropy_with_logits(self.D_logits_, tf.zeros_like(self.D_)))
    self.g_loss = tf.reduce_mean(sigmoid_cross_entropy_with_logits(self.D_logits_, tf.ones_like(self.D_)))
    self.d_loss = self.d_loss_real + self.d_loss_fake

    t_vars = tf.trainable_variables()
    self.d_vars = [var for var in t_vars if 'd_' in var.name]
    self.g_vars = [var for var in t_vars if 'g_' in var.name]

  def discriminator(self, image, reuse=False):
    with tf.variable_scope("discriminator") as scope:
      if reuse:
        scope.reuse_variables()
      flat = tf.reshape(image, [self.batch_size, -1])
      h0 = lrelu(linear(flat, self.df_dim * 2, 'd_h0_lin'))
      h1 = linear(h0, 1, 'd_h1_lin')
      return tf.nn.sigmoid(h1), h1

  def generator(self, z):
    with tf.variable_scope("generator"):
      s_h, s_w = self.output_height, self.output_width
      s_h2, s_w2 = conv_out_size_same(s_h, 2), conv_out_size_same(s_w, 2)
      h0 = tf.nn.relu(linear(z, self.gf_dim * s_h2 * s_w2, 'g_h0_lin'))
      h1 = linear(h0, s_h * s_w * self.c_dim, 'g_h1_lin')
      return tf.nn.tanh(tf.reshape(h1, [self.batch_size, s_h, s_w, self.c_dim]))

  def train(self, config):
    d_optim = tf.train.AdamOptimizer(config.learning_rate, beta1=config.beta1) \
              .minimize(self.d_loss, var_list=self.d_vars)
    g_optim = tf.train.AdamOptimizer(config.learning_rate, beta1=config.beta1) \
              .minimize(self.g_loss, var_list=self.g_vars)
    tf.global_variables_initializer().run()
    tf.local_variables_initializer().run()

    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=self.sess, coord=coord)

    counter = 1
    seen = []
    try:
      while not coord.should_stop():
        # one run for both nets: each sess.run of a queue-fed graph dequeues a new batch
        _, _, batch_images, batch_days, errD, errG = self.sess.run(
          [d_optim, g_optim, self.inputs, self.brew_days, self.d_loss, self.g_loss])
        seen.append([np.round(batch_images.astype(np.float64), 5).tolist(), batch_days.tolist()])
        counter += 1
    except tf.errors.OutOfRangeError:
      pass
    finally:
      coord.request_stop()
    coord.join(threads)
    return seen, counter


class FLAGS(object):
  learning_rate = 0.0002
  beta1 = 0.5
  epoch = 1


def write_pellicles(out_dir):
  if not os.path.exists(out_dir):
    os.makedirs(out_dir)
  rng = np.random.RandomState(5601)
  for shard in range(3):
    path = os.path.join(out_dir, 'pellicle-%02d.tfrecords' % shard)
    with tf.python_io.TFRecordWriter(path) as writer:
      for i in range(4):
        day = shard * 4 + i + 1
        img = rng.randint(0, 256, size=(4, 4, 3)).astype(np.uint8)
        example = tf.train.Example(features=tf.train.Features(feature={
          'image_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[img.tobytes()])),
          'brew_day': tf.train.Feature(int64_list=tf.train.Int64List(value=[day])),
        }))
        writer.write(example.SerializeToString())


def main(data_dir):
  out_dir = os.path.join(data_dir, 'h56_kombucha_pellicle_tfrecords_dcgan_class_build_model_own_queue_shuffle_batch')
  write_pellicles(out_dir)
  with tf.Session() as sess:
    dcgan = DCGAN(sess, batch_size=4, data_dir=out_dir)
    batches, counter = dcgan.train(FLAGS)
  return {"batches": batches, "end": "pellicles: %d" % sum(len(b[1]) for b in batches)}
