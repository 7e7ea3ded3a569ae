"""Ocarina fingering charts (12-hole tablature as 12 bytes) read from train / test TFRecords, tutorial style:
FLAGS from argparse, a `train_queue` with `num_epochs`, a `test_queue` read once, no helper functions."""
import argparse
import os

import numpy as np
import tensorflow.compat.v1 as tf

FLAGS = None


def _write(path, rows, labels):
    with tf.python_io.TFRecordWriter(path) as writer:
        for row, label in zip(rows, labels):
            exam = tf.train.Example(features=tf.train.Features(feature={
                'image_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[row.tobytes()])),
                'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[int(label)]))}))
            writer.write(exam.SerializeToString())


def main(data_dir):
    global FLAGS
    out = os.path.join(data_dir, 'h75_ocarina')
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(75)
    _write(os.path.join(out, 'train.tfrecords'), rng.randint(0, 2, (6, 12)).astype(np.uint8), rng.randint(0, 10, 6))
    _write(os.path.join(out, 'test.tfrecords'), rng.randint(0, 2, (4, 12)).astype(np.uint8), rng.randint(0, 10, 4))
    parser = argparse.ArgumentParser()
    parser.add_argument('--train_file', type=str, default=os.path.join(out, 'train.tfrecords'))
    parser.add_argument('--test_file', type=str, default=os.path.join(out, 'test.tfrecords'))
    parser.add_argument('--batch_size', type=int, default=4)
    FLAGS, _ = parser.parse_known_args([])

    # holes - 12 elements of 0 (covered) or 1 (open)
    # label - note (0, 1, ..., 9)
    train_queue = tf.train.string_input_producer(
        [FLAGS.train_file],
        num_epochs=2)  # when all data is read, it raises OutOfRange
    train_reader = tf.TFRecordReader()
    _, train_serialized_exam = train_reader.read(train_queue)
    train_exam = tf.parse_single_example(
        train_serialized_exam,
        features={
            'image_raw': tf.FixedLenFeature([], tf.string),
            'label': tf.FixedLenFeature([], tf.int64)
        })
    train_image = tf.decode_raw(train_exam['image_raw'], tf.uint8)
    train_image.set_shape([12])
    train_image = tf.cast(train_image, tf.float32) * 0.5
    train_label = tf.cast(train_exam['label'], tf.int32)
    train_batch_image, train_batch_label = tf.train.batch(
        [train_image, train_label],
        batch_size=FLAGS.batch_size)

    test_queue = tf.train.string_input_producer(
        [FLAGS.test_file],
        num_epochs=1)
    test_reader = tf.TFRecordReader()
    _, test_serialized_exam = test_reader.read(test_queue)
    test_exam = tf.parse_single_example(
        test_serialized_exam,
        features={
            'image_raw': tf.FixedLenFeature([], tf.string),
            'label': tf.FixedLenFeature([], tf.int64)
        })
    test_image = tf.decode_raw(test_exam['image_raw'], tf.uint8)
    test_image.set_shape([12])
    test_image = tf.cast(test_image, tf.float32) * 0.5
    test_label = tf.cast(test_exam['label'], tf.int32)
    test_batch_image, test_batch_label = tf.train.batch(
        [test_image, test_label],
        batch_size=FLAGS.batch_size)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            step = 0
            while not coord.should_stop():
                x, y = sess.run([train_batch_image, train_batch_label])
                batches.append([np.round(x, 2).tolist(), y.tolist()])
                step += 1
        except tf.errors.OutOfRangeError:
            print('done training: %d steps' % step)
        x, y = sess.run([test_batch_image, test_batch_label])
        batches.append([np.round(x, 2).tolist(), y.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "fingerings: %d" % (4 * len(batches))}
