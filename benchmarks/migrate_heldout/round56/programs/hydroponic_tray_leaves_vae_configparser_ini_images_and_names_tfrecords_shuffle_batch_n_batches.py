"""A small VAE over hydroponic-tray leaf crops, read from one TFRecord file of images and names.

Paths come from a `config.ini` through `configparser` (`[main] resized_root`); the record file is
named after the image size, as `resize.py` wrote it. Module-level constants, a
`read_and_decode(record, z_size)` that returns the batch, and a fixed `for i in range(N_BATCHES)`
loop.
"""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from configparser import ConfigParser

NAME = 'h56_hydroponic_tray_leaves_vae_configparser_ini_images_and_names_tfrecords_shuffle_batch_n_batches'

IMAGE_DIM = 4
BATCH_SIZE = 4
MAX_EPOCHS = 1
MIN_AFTER_DEQUEUE = 4
N_BATCHES = 3
n_samples = N_BATCHES * BATCH_SIZE #TODO
Z_SIZE = 2


def write_crops(resized_root):
    if not os.path.exists(resized_root):
        os.makedirs(resized_root)
    rng = np.random.RandomState(568)
    path = resized_root + '/' + str(IMAGE_DIM) + '_images_and_names.tfrecords'
    with tf.python_io.TFRecordWriter(path) as writer:
        for i in range(n_samples):
            img = rng.randint(0, 256, size=(IMAGE_DIM, IMAGE_DIM, 3)).astype(np.uint8)
            name = 'tray%02d_lettuce_%d.png' % (i // 4, i % 4)
            example = tf.train.Example(features=tf.train.Features(feature={
                'image_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[img.tobytes()])),
                'height': tf.train.Feature(int64_list=tf.train.Int64List(value=[IMAGE_DIM])),
                'width': tf.train.Feature(int64_list=tf.train.Int64List(value=[IMAGE_DIM])),
                'depth': tf.train.Feature(int64_list=tf.train.Int64List(value=[3])),
                'name': tf.train.Feature(bytes_list=tf.train.BytesList(value=[name.encode()])),
            }))
            writer.write(example.SerializeToString())


def read_and_decode(record, z_size):
    """ reads and decodes a tfrecord-file. """
    filename_queue = tf.train.string_input_producer([record], num_epochs=MAX_EPOCHS)
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)

    features = {'image_raw': tf.FixedLenFeature([], tf.string),
                'height': tf.FixedLenFeature([], tf.int64),
                'width': tf.FixedLenFeature([], tf.int64),
                'depth': tf.FixedLenFeature([], tf.int64),
                'name': tf.FixedLenFeature([], tf.string)
                }

    parsed = tf.parse_single_example(serialized_example, features)

    height = tf.cast(parsed['height'], tf.int32)
    width = tf.cast(parsed['width'], tf.int32)
    depth = tf.cast(parsed['depth'], tf.int32)

    # shape of image and annotation
    #img_shape = tf.stack([height, width, depth])
    img_shape = tf.stack([IMAGE_DIM, IMAGE_DIM, 3])
    image = tf.decode_raw(parsed['image_raw'], tf.uint8)
    image = tf.reshape(image, img_shape)
    image.set_shape([IMAGE_DIM, IMAGE_DIM, 3])
    image = tf.cast(image, tf.float32) * (1. / 255)

    images, names = tf.train.shuffle_batch([image, parsed['name']],
                                           batch_size=BATCH_SIZE,
                                           capacity=MIN_AFTER_DEQUEUE + 3 * BATCH_SIZE,
                                           min_after_dequeue=MIN_AFTER_DEQUEUE,
                                           num_threads=1)
    z = tf.random_normal([BATCH_SIZE, z_size], name='eps')
    return images, names, z


class VAE(object):
    def __init__(self, images, eps, n_hidden=6):
        x = tf.reshape(images, [BATCH_SIZE, -1])
        n_in = IMAGE_DIM * IMAGE_DIM * 3
        with tf.variable_scope('encoder'):
            w = tf.get_variable('w', [n_in, 2 * Z_SIZE], initializer=tf.random_normal_initializer(0, 0.01, seed=1))
            h = tf.matmul(x, w)
            self.z_mean, self.z_log_sigma_sq = h[:, :Z_SIZE], h[:, Z_SIZE:]
        self.z = self.z_mean + tf.sqrt(tf.exp(self.z_log_sigma_sq)) * eps
        with tf.variable_scope('decoder'):
            w = tf.get_variable('w', [Z_SIZE, n_in], initializer=tf.random_normal_initializer(0, 0.01, seed=2))
            self.x_reconstr_mean = tf.nn.sigmoid(tf.matmul(self.z, w))
        reconstr_loss = -tf.reduce_sum(x * tf.log(1e-10 + self.x_reconstr_mean)
                                       + (1 - x) * tf.log(1e-10 + 1 - self.x_reconstr_mean), 1)
        latent_loss = -0.5 * tf.reduce_sum(1 + self.z_log_sigma_sq - tf.square(self.z_mean)
                                           - tf.exp(self.z_log_sigma_sq), 1)
        self.cost = tf.reduce_mean(reconstr_loss + latent_loss)
        self.optimizer = tf.train.AdamOptimizer(learning_rate=0.001).minimize(self.cost)


def main(data_dir):
    root = os.path.join(data_dir, NAME)
    if not os.path.exists(root):
        os.makedirs(root)
    with open(os.path.join(root, 'config.ini'), 'w') as f:
        f.write('[main]\nresized_root = %s\n' % os.path.join(root, 'resized'))

    config = ConfigParser()
    config.read(os.path.join(root, 'config.ini'))
    resized_root = config.get('main', 'resized_root')
    write_crops(resized_root)

    np.random.seed(0)
    tf.set_random_seed(0)
    FILE_NAME = resized_root + '/' + str(IMAGE_DIM) + '_images_and_names.tfrecords'

    images, names, z = read_and_decode(FILE_NAME, Z_SIZE)
    vae = VAE(images, z)

    batches = []
    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    for i in range(N_BATCHES):
        _, cost, imgs, nms = sess.run([vae.optimizer, vae.cost, images, names])
        batches.append([np.round(imgs.astype(np.float64), 5).tolist(), [n.decode() for n in nms]])
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "crops: %d" % sum(len(b[1]) for b in batches)}
