"""Converts libsvm lines (`label id:val id:val ...`) into tf.Example records."""
import codecs

import tensorflow.compat.v1 as tf


def convert(libsvm_path, tfrecord_path):
    writer = tf.python_io.TFRecordWriter(tfrecord_path)
    count = 0
    with codecs.open(libsvm_path, 'r', 'utf-8') as f:
        for line in f:
            items = line.strip().split(' ')
            label = float(items[0])
            ids, vals = [], []
            for item in items[1:]:
                k, v = item.split(':')
                ids.append(int(k))
                vals.append(float(v))
            example = tf.train.Example(features=tf.train.Features(feature={
                'label': tf.train.Feature(float_list=tf.train.FloatList(value=[label])),
                'feature_ids': tf.train.Feature(int64_list=tf.train.Int64List(value=ids)),
                'feature_vals': tf.train.Feature(float_list=tf.train.FloatList(value=vals)),
            }))
            writer.write(example.SerializeToString())
            count += 1
    writer.close()
    return count
