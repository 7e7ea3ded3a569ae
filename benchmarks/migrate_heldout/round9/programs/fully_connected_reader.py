"""The reading-data how-to's shape (convert_to_records + fully_connected_reader): the CSV tables are first
converted to TFRecords of our own, then read back with read_and_decode and inputs(train, batch_size,
num_epochs) into a shuffle_batch; the loop runs until the epochs end."""

import csv
import os

import tensorflow as tf

TRAIN_FILE = 'train.tfrecords'
VALIDATION_FILE = 'validation.tfrecords'


def _int64_feature(value):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=[value]))


def _bytes_feature(value):
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[value]))


def convert_to(rows, name, out_dir):
    filename = os.path.join(out_dir, name)
    with tf.io.TFRecordWriter(filename) as writer:
        for a, b, label in rows:
            example = tf.train.Example(features=tf.train.Features(feature={
                'a': _int64_feature(int(a)),
                'raw': _bytes_feature(('%s|%s' % (a, b)).encode()),
                'label': _int64_feature(int(label)),
            }))
            writer.write(example.SerializeToString())


def convert_tables(data_dir, out_dir):
    rows = []
    for i in range(2):
        with open(os.path.join(data_dir, 'table-%d.csv' % i)) as f:
            rows += list(csv.reader(f))[1:]
    convert_to(rows[:80], TRAIN_FILE, out_dir)
    convert_to(rows[80:], VALIDATION_FILE, out_dir)


def read_and_decode(filename_queue):
    reader = tf.compat.v1.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.compat.v1.parse_single_example(
        serialized_example,
        features={
            'a': tf.compat.v1.FixedLenFeature([], tf.int64),
            'raw': tf.compat.v1.FixedLenFeature([], tf.string),
            'label': tf.compat.v1.FixedLenFeature([], tf.int64),
        })
    parts = tf.strings.split([features['raw']], sep='|').values
    value = tf.strings.to_number(parts[1], out_type=tf.float32)
    label = tf.cast(features['label'], tf.int32)
    return features['a'], value, label


def inputs(train_dir, train, batch_size, num_epochs):
    if not num_epochs:
        num_epochs = None
    filename = os.path.join(train_dir, TRAIN_FILE if train else VALIDATION_FILE)
    with tf.name_scope('input'):
        filename_queue = tf.compat.v1.train.string_input_producer([filename], num_epochs=num_epochs)
        index, value, label = read_and_decode(filename_queue)
        indices, values, sparse_labels = tf.compat.v1.train.shuffle_batch(
            [index, value, label], batch_size=batch_size, num_threads=2,
            capacity=30 + 3 * batch_size, min_after_dequeue=30)
    return indices, values, sparse_labels


def run_training(train_dir, batch_size, num_epochs):
    with tf.Graph().as_default():
        indices, values, labels = inputs(train_dir, train=True, batch_size=batch_size, num_epochs=num_epochs)
        init_op = tf.group(tf.compat.v1.global_variables_initializer(),
                           tf.compat.v1.local_variables_initializer())
        sess = tf.compat.v1.Session()
        sess.run(init_op)
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        batches = []
        end = None
        try:
            step = 0
            while not coord.should_stop():
                i, v, l = sess.run([indices, values, labels])
                batches.append([i.tolist(), v.tolist(), l.tolist()])
                step += 1
        except tf.errors.OutOfRangeError as e:
            end = type(e).__name__
        finally:
            coord.request_stop()
        coord.join(threads)
        sess.close()
    return batches, end


def main(data_dir):
    train_dir = os.path.join(data_dir, 'h9_fully_connected_reader')
    os.makedirs(train_dir, exist_ok=True)
    convert_tables(data_dir, train_dir)
    batches, end = run_training(train_dir, batch_size=16, num_epochs=2)
    return {"batches": batches, "end": end}
