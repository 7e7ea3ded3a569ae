from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os
import numpy as np
import tensorflow as tf

# tf.logging.set_verbosity(tf.logging.INFO)

IMAGE_HEIGHT = 2
IMAGE_WIDTH = 2
NUM_CLASSES = 3

NUM_EXAMPLES_PER_EPOCH_FOR_TRAIN = 9
NUM_EXAMPLES_PER_EPOCH_FOR_EVAL = 3

TRAIN_FILENAME = 'train'
EVAL_FILENAME = 'validation'

DATA_DIR = ''


def _write(filename, n, seed):
    rng = np.random.RandomState(seed)
    with tf.io.TFRecordWriter(filename) as w:
        for i in range(n):
            pixels = rng.randint(0, 256, size=IMAGE_HEIGHT * IMAGE_WIDTH * 3).astype(np.uint8)
            ex = tf.train.Example(features=tf.train.Features(feature={
                'image/encoded': tf.train.Feature(bytes_list=tf.train.BytesList(value=[pixels.tobytes()])),
                'image/class/label': tf.train.Feature(int64_list=tf.train.Int64List(value=[i % NUM_CLASSES])),
                'image/brick_id': tf.train.Feature(int64_list=tf.train.Int64List(value=[seed * 100 + i])),
            }))
            w.write(ex.SerializeToString())


def getImage(filename):
    """Function to tell TensorFlow how to read a single image from input file

    Args:
        filename: path for the file to load

    Returns:
        image:
    """
    # convert filenames to a queue for an input pipeline.
    filenameQ = tf.compat.v1.train.string_input_producer([filename], num_epochs=1)

    # object to read records
    recordReader = tf.compat.v1.TFRecordReader()

    # read the full set of features for a single example
    key, fullExample = recordReader.read(filenameQ)

    # parse the full example into its' component features.
    features = tf.compat.v1.parse_single_example(
        fullExample,
        features={
            'image/encoded': tf.compat.v1.FixedLenFeature([], dtype=tf.string, default_value=''),
            'image/class/label': tf.compat.v1.FixedLenFeature([], dtype=tf.int64, default_value=-1),
            'image/brick_id': tf.compat.v1.FixedLenFeature([], dtype=tf.int64, default_value=-1),
        })

    # now we are going to manipulate the label and image features
    label = features['image/class/label']
    image_buffer = features['image/encoded']
    brick_id = features['image/brick_id']

    # Decode the raw bytes
    image = tf.compat.v1.decode_raw(image_buffer, tf.uint8)
    image = tf.reshape(image, [IMAGE_HEIGHT, IMAGE_WIDTH, 3])

    # Convert from [0, 255] -> [-0.5, 0.5] floats.
    image = tf.cast(image, tf.float32) * (1. / 255) - 0.5

    return image, label, brick_id


def train_inputs(batch_size):
    filename = os.path.join(DATA_DIR, TRAIN_FILENAME)
    image, label, brick_id = getImage(filename)
    min_after_dequeue = 2
    capacity = min_after_dequeue + 3 * batch_size
    images, labels, ids = tf.compat.v1.train.shuffle_batch(
        [image, label, brick_id], batch_size=batch_size,
        capacity=capacity, min_after_dequeue=min_after_dequeue, seed=59)
    return images, labels, ids


def eval_inputs(batch_size):
    filename = os.path.join(DATA_DIR, EVAL_FILENAME)
    image, label, brick_id = getImage(filename)
    min_after_dequeue = 2
    capacity = min_after_dequeue + 3 * batch_size
    images, labels, ids = tf.compat.v1.train.batch(
        [image, label, brick_id], batch_size=batch_size,
        capacity=capacity)
    return images, labels, ids


def main(data_dir):
    global DATA_DIR
    DATA_DIR = os.path.join(data_dir, 'h59_lego_bricks')
    if not os.path.isdir(DATA_DIR):
        os.makedirs(DATA_DIR)
        _write(os.path.join(DATA_DIR, TRAIN_FILENAME), NUM_EXAMPLES_PER_EPOCH_FOR_TRAIN, 1)
        _write(os.path.join(DATA_DIR, EVAL_FILENAME), NUM_EXAMPLES_PER_EPOCH_FOR_EVAL, 2)

    batch_size = 3
    images, labels, ids = train_inputs(batch_size)
    eval_images, eval_labels, eval_ids = eval_inputs(batch_size)
    onehot = tf.one_hot(labels, NUM_CLASSES)
    eval_onehot = tf.one_hot(eval_labels, NUM_CLASSES)

    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.global_variables_initializer())
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)

        while True:
            try:
                x, y, i = sess.run([images, onehot, ids])
            except tf.errors.OutOfRangeError:
                break
            batches.append([x.tolist(), y.tolist(), i.tolist()])

        # evaluation: one pass over the validation file
        num_iter = NUM_EXAMPLES_PER_EPOCH_FOR_EVAL // batch_size
        for step in range(num_iter):
            x, y, i = sess.run([eval_images, eval_onehot, eval_ids])
            batches.append([x.tolist(), y.tolist(), i.tolist()])

        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "train OutOfRange, then %d eval steps" % num_iter}
