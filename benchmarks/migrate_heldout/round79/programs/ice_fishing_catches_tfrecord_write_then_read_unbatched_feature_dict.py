"""Ice-fishing catch records: a course exercise that writes a TFRecord file with `tf.python_io.TFRecordWriter`
(`_int64_feature` / `_float_feature` / `_bytes_feature` helpers) and reads it back in the same script, one
example per `sess.run` of the parsed feature dict (no batching), for a fixed number of records."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

SPECIES = [b'perch', b'pike', b'walleye', b'whitefish']


def _int64_feature(value):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=[value]))


def _float_feature(value):
    return tf.train.Feature(float_list=tf.train.FloatList(value=[value]))


def _bytes_feature(value):
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[value]))


def write_records(filename, num):
    rng = np.random.RandomState(79)
    writer = tf.python_io.TFRecordWriter(filename)
    for i in range(num):
        example = tf.train.Example(features=tf.train.Features(feature={
            'hole': _int64_feature(i + 1),
            'species': _bytes_feature(SPECIES[rng.randint(0, 4)]),
            'weight': _float_feature(float(np.round(0.2 + rng.rand() * 3, 2))),
            'depth': _int64_feature(int(rng.randint(2, 15))),
        }))
        writer.write(example.SerializeToString())
    writer.close()


def main(data_dir):
    d = os.path.join(data_dir, 'h79_ice_fishing')
    os.makedirs(d, exist_ok=True)
    filename = os.path.join(d, 'catches.tfrecords')
    num = 6
    write_records(filename, num)

    filename_queue = tf.train.string_input_producer([filename], num_epochs=1)
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(serialized_example,
                                       features={
                                           'hole': tf.FixedLenFeature([], tf.int64),
                                           'species': tf.FixedLenFeature([], tf.string),
                                           'weight': tf.FixedLenFeature([], tf.float32),
                                           'depth': tf.FixedLenFeature([], tf.int64),
                                       })

    out = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for i in range(num):
            example = sess.run(features)
            out.append([int(example['hole']), example['species'].decode(),
                        round(float(example['weight']), 2), int(example['depth'])])
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "catches: %d" % len(out)}
