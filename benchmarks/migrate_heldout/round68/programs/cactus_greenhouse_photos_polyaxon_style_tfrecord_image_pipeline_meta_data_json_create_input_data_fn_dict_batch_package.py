# -*- coding: utf-8 -*-
"""Cactus greenhouse: tiny greyscale photos of the potted plants and their
genus, read through a polyaxon-0.x-style `TFRecordImagePipeline` built by
`create_input_data_fn(mode, pipeline_config)`."""
from __future__ import absolute_import, division, print_function

import json
import os

import numpy as np
import tensorflow.compat.v1 as tf

from plx68_lib.libs.configs import PipelineConfig
from plx68_lib.processing.input_data import create_input_data_fn

GENERA = ['echinocactus', 'mammillaria', 'opuntia']


def _bytes_feature(value):
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[value]))


def _int64_feature(value):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=[value]))


def convert_greenhouse(dataset_dir):
    if not os.path.exists(dataset_dir):
        os.makedirs(dataset_dir)
    rng = np.random.RandomState(5068)
    data_files = []
    pot = 0
    for bench in range(2):
        filename = os.path.join(dataset_dir, 'greenhouse_eval_%d.tfrecord' % bench)
        with tf.python_io.TFRecordWriter(filename) as writer:
            for _ in range(6):
                image = rng.randint(0, 256, size=(3, 3, 1)).astype(np.uint8)
                example = tf.train.Example(features=tf.train.Features(feature={
                    'image/encoded': _bytes_feature(image.tobytes()),
                    'image/class/label': _int64_feature(pot % 3),
                    'image/id': _int64_feature(pot),
                }))
                writer.write(example.SerializeToString())
                pot += 1
        data_files.append(filename)
    meta_data_file = os.path.join(dataset_dir, 'meta_data.json')
    with open(meta_data_file, 'w') as f:
        json.dump({'num_samples': {'eval': pot}, 'image_shape': [3, 3, 1],
                   'labels': GENERA,
                   'items_to_descriptions': {'image': 'A 3x3 greyscale photo.',
                                             'label': 'The cactus genus.',
                                             'id': 'The pot number.'}}, f)
    return data_files, meta_data_file


def main(data_dir):
    data_files, meta_data_file = convert_greenhouse(os.path.join(data_dir, 'h68_cactus'))
    pipeline_config = PipelineConfig(
        name='eval', batch_size=4, num_epochs=1, shuffle=False, num_threads=1,
        allow_smaller_final_batch=True,
        params={'kind': 'TFRecordImagePipeline', 'data_files': data_files,
                'meta_data_file': meta_data_file,
                'feature_processors': {
                    'image': lambda image: tf.cast(image, tf.float32) / 255.}})
    input_fn = create_input_data_fn(mode='eval', pipeline_config=pipeline_config)
    features, labels = input_fn()
    greenness = tf.reduce_mean(features['image'], axis=[1, 2, 3])

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        sess.run(tf.global_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                f, l, g = sess.run([features, labels, greenness])
                batches.append([f['id'].tolist(), l['label'].tolist(),
                                np.round(g, 4).tolist(),
                                np.round(f['image'][:, :, :, 0], 4).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "pots: %d" % sum(len(b[0]) for b in batches)}
