#!/usr/bin/env python
# -*- coding: utf-8 -*-

# Address-line OCR crops are stored column by column (one feature vector per pixel column), so
# the crops have different widths: they are padded into a batch by a PaddingFIFOQueue.

import os

import numpy as np
import tensorflow.compat.v1 as tf


def paddedFIFO_batch(file_list, batch_size, input_size, output_size, cmvn=None, with_labels=1,
                     num_enqueuing_threads=4, num_epochs=1, capacity=1000, shuffle=False):
    """
    Pad several crops (batch_size) into a batch with the width equal to the widest by zero.
    Args:
        file_list: A list of TFRecord files.
        batch_size: The number of sequential examples in a batch.
        input_size: The dimension of one column feature.
        output_size: The dimension of the per-column target (character class).
        cmvn: The mean and standard deviation used to normalize the input feature.
        num_enqueuing_threads: The number of threads used to enqueue.
        num_epochs: The number of epochs.
        shuffle: Whether to shuffle the files.
    Returns:
        inputs, inputs_norm, labels, lengths
    """
    file_queue = tf.train.string_input_producer(file_list, num_epochs=num_epochs, shuffle=shuffle)
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(file_queue)

    if with_labels:
        sequence_features = {
            'inputs': tf.FixedLenSequenceFeature(shape=[input_size], dtype=tf.float32),
            'labels': tf.FixedLenSequenceFeature(shape=[output_size], dtype=tf.float32),
        }
    else:
        sequence_features = {
            'inputs': tf.FixedLenSequenceFeature(shape=[input_size], dtype=tf.float32),
        }
    _, sequence = tf.parse_single_sequence_example(serialized_example, sequence_features=sequence_features)

    length = tf.shape(sequence['inputs'])[0]
    inputs = sequence['inputs']
    if cmvn is not None:
        inputs_norm = (inputs - cmvn['mean_inputs']) / cmvn['stddev_inputs']
    else:
        inputs_norm = inputs

    if with_labels:
        queue = tf.PaddingFIFOQueue(capacity=capacity,
                                    dtypes=[tf.float32, tf.float32, tf.float32, tf.int32],
                                    shapes=[(None, input_size), (None, input_size), (None, output_size), ()])
        enqueue_ops = [queue.enqueue([inputs, inputs_norm, sequence['labels'], length])] * num_enqueuing_threads
    else:
        queue = tf.PaddingFIFOQueue(capacity=capacity, dtypes=[tf.float32, tf.float32, tf.int32],
                                    shapes=[(None, input_size), (None, input_size), ()])
        enqueue_ops = [queue.enqueue([inputs, inputs_norm, length])] * num_enqueuing_threads

    tf.train.add_queue_runner(tf.train.QueueRunner(queue, enqueue_ops))
    return queue.dequeue_many(batch_size)


def make_records(tfrecords_dir, input_size):
    if not os.path.exists(tfrecords_dir):
        os.makedirs(tfrecords_dir)
    rng = np.random.RandomState(4805)
    files = []
    for part in range(3):
        name = os.path.join(tfrecords_dir, 'crops_%d.tfrecords' % part)
        writer = tf.python_io.TFRecordWriter(name)
        for i in range(4):
            width = int(rng.randint(2, 6))
            cols = rng.rand(width, input_size).round(3)
            chars = rng.randint(0, 36, size=(width, 1)).astype(np.float32)
            ex = tf.train.SequenceExample()
            fl_in = ex.feature_lists.feature_list['inputs']
            fl_lab = ex.feature_lists.feature_list['labels']
            for c, l in zip(cols, chars):
                fl_in.feature.add().float_list.value.extend(c.tolist())
                fl_lab.feature.add().float_list.value.extend(l.tolist())
            writer.write(ex.SerializeToString())
        writer.close()
        files.append(name)
    return files


def main(data_dir):
    input_size, output_size = 3, 1
    tfrecords_lst = make_records(os.path.join(data_dir, 'h48_postal_crops'), input_size)
    cmvn = {'mean_inputs': np.full([input_size], 0.5, np.float32),
            'stddev_inputs': np.full([input_size], 0.25, np.float32)}
    with tf.name_scope('input'):
        inputs, inputs_norm, labels, lengths = paddedFIFO_batch(
            tfrecords_lst, 4, input_size, output_size, cmvn=cmvn, with_labels=1,
            num_enqueuing_threads=1, num_epochs=1, shuffle=False)

    batches = []
    sess = tf.Session()
    sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            x, xn, y, n = sess.run([inputs, inputs_norm, labels, lengths])
            batches.append([x.astype(np.float64).round(4).tolist(), xn.astype(np.float64).round(4).tolist(),
                            y.astype(np.int64).tolist(), n.tolist()])
    except tf.errors.OutOfRangeError:
        tf.logging.info('Done reading address crops')
    finally:
        coord.request_stop()
        coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': 'crops: %d' % sum(len(b[3]) for b in batches)}
