"""Thimble dimple scans (tiny 2x2x3 images) in several `train*.tfrecords`, read by a convert-and-read sample script:
module statics, `flags.DEFINE_string('train_files', ...)`, `NUM_THREADS` preprocess threads, `read_and_decode`
then `inputs()` with a globbed `string_input_producer` and `shuffle_batch`."""
import glob
import os

import numpy as np
import tensorflow.compat.v1 as tf

from tensorflow.python.platform import flags

FLAGS = flags.FLAGS

#statics for data
NUM_IMAGES = 12
NUM_DEPTH = 3
WIDTH = 2
HEIGHT = 2
# specifies the number of pre-processing threads
NUM_THREADS = 4

# Constants used for dealing with the tf records files, aligned with convertToRecords.
if 'train_files' not in FLAGS:
    flags.DEFINE_string('train_files', 'train*.tfrecords', 'Regex for the training tfrecords')
    flags.DEFINE_integer('batch_size', 4, 'Batch size')


def _int64_feature(value):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=[value]))


def _bytes_feature(value):
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[value]))


def convert_to(data_dir):
    rng = np.random.RandomState(3)
    images = rng.randint(0, 256, (NUM_IMAGES, HEIGHT, WIDTH, NUM_DEPTH)).astype(np.uint8)
    for shard in range(3):
        writer = tf.python_io.TFRecordWriter(os.path.join(data_dir, 'train%d.tfrecords' % shard))
        for index in range(shard * 4, shard * 4 + 4):
            example = tf.train.Example(features=tf.train.Features(feature={
                'height': _int64_feature(HEIGHT),
                'width': _int64_feature(WIDTH),
                'depth': _int64_feature(NUM_DEPTH),
                'label': _int64_feature(index),
                'image_raw': _bytes_feature(images[index].tobytes())}))
            writer.write(example.SerializeToString())
        writer.close()


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
    image = tf.reshape(image, [HEIGHT, WIDTH, NUM_DEPTH])
    image = tf.cast(image, tf.float32) * (1. / 255)
    label = tf.cast(features['label'], tf.int32)
    return image, label


def inputs(data_dir, batch_size, num_epochs):
    files = sorted(glob.glob(os.path.join(data_dir, FLAGS.train_files)))
    filename_queue = tf.train.string_input_producer(files, num_epochs=num_epochs, shuffle=True, seed=11)
    image, label = read_and_decode(filename_queue)
    images, labels = tf.train.shuffle_batch(
        [image, label], batch_size=batch_size, num_threads=NUM_THREADS,
        capacity=1000 + 3 * batch_size, min_after_dequeue=8, seed=11)
    return images, labels


def main(data_dir):
    if not FLAGS.is_parsed():
        FLAGS(['thimble'])
    data_dir = os.path.join(data_dir, 'h75_thimble')
    os.makedirs(data_dir, exist_ok=True)
    convert_to(data_dir)
    images, labels = inputs(data_dir, FLAGS.batch_size, num_epochs=1)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                im, lab = sess.run([images, labels])
                batches.append([np.round(im, 3).tolist(), lab.tolist()])
        except tf.errors.OutOfRangeError:
            print('Done -- epoch limit reached')
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "scans: %d" % (4 * len(batches))}
