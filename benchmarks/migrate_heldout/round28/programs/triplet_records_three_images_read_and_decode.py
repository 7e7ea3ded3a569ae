"""Triplet embedding trainer input: each record holds anchor, positive and negative crops."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

BATCH_SIZE = 3
IMG = 2


def write_triplets(out_dir, n=7):
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, 'triplets.tfrecord')
    with tf.python_io.TFRecordWriter(path) as writer:
        for i in range(n):
            trip = (np.arange(3 * IMG * IMG * 3, dtype=np.uint8) + i * 5) % 251
            ex = tf.train.Example(features=tf.train.Features(feature={
                'triplet_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[trip.tobytes()])),
                'person': tf.train.Feature(int64_list=tf.train.Int64List(value=[i % 4])),
            }))
            writer.write(ex.SerializeToString())
    return [path]


def read_and_decode(file_list):
    '''
    given the tfrecord file list, construct a queue to produce data
    :return: a tensor with shape [3, IMG, IMG, 3] and the person id
    '''
    file_queue = tf.train.string_input_producer(file_list, num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(file_queue)
    features = tf.parse_single_example(serialized_example, features={
        'triplet_raw': tf.FixedLenFeature([], tf.string),
        'person': tf.FixedLenFeature([], tf.int64),
    })
    triplet = tf.decode_raw(features['triplet_raw'], tf.uint8)
    triplet = tf.reshape(triplet, [3, IMG, IMG, 3])
    triplet = tf.cast(triplet, tf.float32) / 255.0
    return triplet, tf.cast(features['person'], tf.int32)


def triplet_distances(batch):
    anchor, positive, negative = tf.unstack(batch, axis=1)
    pos = tf.reduce_sum(tf.square(anchor - positive), axis=[1, 2, 3])
    neg = tf.reduce_sum(tf.square(anchor - negative), axis=[1, 2, 3])
    return pos, neg


def main(data_dir):
    tfrecord_list = write_triplets(os.path.join(data_dir, 'h28_triplet_records_three_images_read_and_decode'))
    triplet, person = read_and_decode(tfrecord_list)
    batch, persons = tf.train.batch([triplet, person], batch_size=BATCH_SIZE, num_threads=1,
                                    capacity=20, allow_smaller_final_batch=True)
    pos, neg = triplet_distances(batch)
    out = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                p, d_pos, d_neg = sess.run([persons, pos, neg])
                out.append([p.tolist(), np.round(d_pos, 4).tolist(), np.round(d_neg, 4).tolist()])
        except tf.errors.OutOfRangeError:
            end = 'epochs done'
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': end}
