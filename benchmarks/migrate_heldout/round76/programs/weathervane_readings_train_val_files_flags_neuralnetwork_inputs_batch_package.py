# Weathervane readings (sin / cos of the vane angle and gust speed, label = compass quadrant).
# Written after an unnamed course script: `TRAIN_FILE = 'train_images.tfrecords'`, `VALIDATION_FILE = ...`,
# `import neuralnetwork as nn`, `flags = tf.app.flags` with `learning_rate`, `num_epochs`, `batch_size`,
# `train_dir` (commented hidden-layer flags kept), and the reader / `inputs(train, batch_size, num_epochs)` /
# `run_training()` layout; here the validation branch runs (one thread, in order).
import os

import numpy as np
import tensorflow.compat.v1 as tf

from weathervane76 import flags
from weathervane76 import neuralnetwork as nn

TRAIN_FILE = 'train_vanes.tfrecords'
VALIDATION_FILE = 'val_vanes.tfrecords'

FLAGS = flags.FLAGS
flags.DEFINE_float('learning_rate', 0.01, 'Initial learning rate.')
flags.DEFINE_integer('num_epochs', 1, 'Number of epochs to run trainer.')
#flags.DEFINE_integer('hidden1', 128, 'Number of units in hidden layer 1.')
#flags.DEFINE_integer('hidden2', 32, 'Number of units in hidden layer 2.')
flags.DEFINE_integer('batch_size', 3, 'Batch size.')
flags.DEFINE_string('train_dir', '/tmp/data', 'Directory with the training data.')


def read_and_decode(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(
        serialized_example,
        features={
            'reading_raw': tf.FixedLenFeature([], tf.string),
            'label': tf.FixedLenFeature([], tf.int64),
        })
    reading = tf.decode_raw(features['reading_raw'], tf.float32)
    reading.set_shape([nn.INPUT_SIZE])
    label = tf.cast(features['label'], tf.int32)
    return reading, label


def inputs(train, batch_size, num_epochs):
    filename = os.path.join(FLAGS.train_dir, TRAIN_FILE if train else VALIDATION_FILE)
    with tf.name_scope('input'):
        filename_queue = tf.train.string_input_producer([filename], num_epochs=num_epochs, shuffle=train)
        reading, label = read_and_decode(filename_queue)
        if train:
            readings, sparse_labels = tf.train.shuffle_batch(
                [reading, label], batch_size=batch_size, num_threads=2,
                capacity=1000 + 3 * batch_size, min_after_dequeue=1000)
        else:
            readings, sparse_labels = tf.train.batch(
                [reading, label], batch_size=batch_size, num_threads=1, capacity=3 * batch_size)
        return readings, sparse_labels


def write(path, n, seed):
    rng = np.random.RandomState(seed)
    with tf.python_io.TFRecordWriter(path) as w:
        for _ in range(n):
            angle = rng.rand() * 2 * np.pi
            r = np.array([np.sin(angle), np.cos(angle), rng.rand() * 20], np.float32)
            ex = tf.train.Example(features=tf.train.Features(feature={
                'reading_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[r.tobytes()])),
                'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[int(angle // (np.pi / 2))]))}))
            w.write(ex.SerializeToString())


def run_validation():
    readings, labels = inputs(train=False, batch_size=FLAGS.batch_size, num_epochs=FLAGS.num_epochs)
    logits = nn.inference(readings)
    correct = tf.nn.in_top_k(logits, labels, 1)
    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    batches = []
    sess = tf.Session()
    sess.run(init_op)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        step = 0
        while not coord.should_stop():
            r, l, c = sess.run([readings, labels, correct])
            batches.append([np.round(r, 4).tolist(), l.tolist(), c.tolist()])
            step += 1
    except tf.errors.OutOfRangeError:
        print('Done validating for %d epochs, %d steps.' % (FLAGS.num_epochs, step))
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return batches


def main(data_dir):
    FLAGS.train_dir = os.path.join(data_dir, 'h76_weathervane')
    if not os.path.isdir(FLAGS.train_dir):
        os.makedirs(FLAGS.train_dir)
    write(os.path.join(FLAGS.train_dir, TRAIN_FILE), 12, 1)
    write(os.path.join(FLAGS.train_dir, VALIDATION_FILE), 9, 2)
    batches = run_validation()
    return {"batches": batches, "end": "readings: %d" % sum(len(b[1]) for b in batches)}
