"""Box-office model input: a slim-style dataset module and DatasetDataProvider, then tf.train.batch."""
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os
import random

import tensorflow as tf

from theatre48_lib.datasets import ticket_sales
from theatre48_lib.data import dataset_data_provider

slim_batch = tf.compat.v1.train.batch

SHOWS = ['Hamlet', 'The Seagull', 'Cats', 'Twelfth Night']


def _int64_feature(v):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=[v]))


def _bytes_feature(v):
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[v]))


def _float_feature(v):
    return tf.train.Feature(float_list=tf.train.FloatList(value=[v]))


def write_sales_shards(dataset_dir):
    if not tf.io.gfile.exists(dataset_dir):
        tf.io.gfile.makedirs(dataset_dir)
    rng = random.Random(4807)
    for shard_id in range(2):
        output_filename = os.path.join(dataset_dir, 'sales_train_%05d-of-00002.tfrecord' % shard_id)
        with tf.io.TFRecordWriter(output_filename) as tfrecord_writer:
            for i in range(6):
                example = tf.train.Example(features=tf.train.Features(feature={
                    'sale/show': _bytes_feature(rng.choice(SHOWS).encode('utf-8')),
                    'sale/row': _int64_feature(rng.randint(1, 20)),
                    'sale/price': _float_feature(rng.choice([15.0, 27.5, 42.0, 65.0])),
                    'sale/quantity': _int64_feature(rng.randint(1, 6)),
                }))
                tfrecord_writer.write(example.SerializeToString())


def main(data_dir):
    dataset_dir = os.path.join(data_dir, 'h48_theatre_ticket_sales')
    write_sales_shards(dataset_dir)

    dataset = ticket_sales.get_split('train', dataset_dir)
    provider = dataset_data_provider.DatasetDataProvider(
        dataset, num_readers=1, shuffle=False, num_epochs=1,
        common_queue_capacity=20, common_queue_min=10)
    [show, row, price, quantity, revenue] = provider.get(['show', 'row', 'price', 'quantity', 'revenue'])

    shows, rows, prices, quantities, revenues = slim_batch(
        [show, row, price, quantity, revenue], batch_size=4, num_threads=1, capacity=5 * 4)

    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        with sess.as_default():
            coord = tf.compat.v1.train.Coordinator()
            threads = tf.compat.v1.train.start_queue_runners(coord=coord)
            try:
                for step in range(dataset.num_samples // 4):
                    s, r, p, q, rev = sess.run([shows, rows, prices, quantities, revenues])
                    batches.append([[x.decode('utf-8') for x in s], r.tolist(), [float(v) for v in p], q.tolist(),
                                    [round(float(v), 2) for v in rev]])
            finally:
                coord.request_stop()
                coord.join(threads)
    return {'batches': batches, 'end': 'sales: %d of %d' % (4 * len(batches), dataset.num_samples)}
