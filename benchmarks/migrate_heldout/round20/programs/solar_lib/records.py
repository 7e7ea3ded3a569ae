"""Inverter readings as TFRecords: writing, read_and_decode, and inputs() with shuffle_batch."""

import os

import tensorflow.compat.v1 as tf

FEATURES = {
    "inverter": tf.FixedLenFeature([], tf.string),
    "irradiance": tf.FixedLenFeature([], tf.float32),
    "panel_temp": tf.FixedLenFeature([], tf.float32),
    "output_kw": tf.FixedLenFeature([], tf.float32),
}


def write_shards(folder, shards=2, per_shard=17):
    os.makedirs(folder, exist_ok=True)
    paths = []
    for s in range(shards):
        path = os.path.join(folder, "inverters-%05d-of-%05d.tfrecord" % (s, shards))
        with tf.python_io.TFRecordWriter(path) as writer:
            for i in range(per_shard):
                n = s * per_shard + i
                example = tf.train.Example(features=tf.train.Features(feature={
                    "inverter": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"INV-%02d" % n])),
                    "irradiance": tf.train.Feature(float_list=tf.train.FloatList(value=[200.0 + 25.0 * (n % 30)])),
                    "panel_temp": tf.train.Feature(float_list=tf.train.FloatList(value=[18.0 + 0.5 * n])),
                    "output_kw": tf.train.Feature(float_list=tf.train.FloatList(value=[1.5 + 0.125 * (n % 30)])),
                }))
                writer.write(example.SerializeToString())
        paths.append(path)
    return paths


def read_and_decode(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(serialized_example, features=FEATURES)
    # Temperature derating: 0.4 % per degree above 25 C.
    derate = 1.0 - 0.004 * tf.maximum(features["panel_temp"] - 25.0, 0.0)
    x = tf.stack([features["irradiance"] / 1000.0, derate])
    return features["inverter"], x, features["output_kw"]


def inputs(files, batch_size, num_epochs):
    with tf.name_scope("input"):
        filename_queue = tf.train.string_input_producer(files, num_epochs=num_epochs, shuffle=True, seed=17)
        inverter, x, output_kw = read_and_decode(filename_queue)
        return tf.train.shuffle_batch([inverter, x, output_kw], batch_size=batch_size, num_threads=2,
                                      capacity=40, min_after_dequeue=10, seed=29,
                                      allow_smaller_final_batch=True)
