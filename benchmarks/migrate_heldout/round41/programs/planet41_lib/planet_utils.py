"""
General utility functions for reading and writing Kaggle-Planet style chips
"""
import os
from collections import OrderedDict

import numpy as np
import tensorflow as tf


class TFFeature(object):
    """ Helper class to handle TF features """
    @staticmethod
    def int64_feature(value):
        """ Convert an int or a list of ints to a tf feature """
        value = value if isinstance(value, list) else [value]
        return tf.train.Feature(int64_list=tf.train.Int64List(value=value))

    @staticmethod
    def bytes_feature(value):
        return tf.train.Feature(bytes_list=tf.train.BytesList(value=[value]))


class KagglePlanetImage(object):
    """ chip geometry: 4 bands (R, G, B, NIR) """
    HEIGHT = 4
    WIDTH = 4
    DEPTH = 4


class KagglePlanetImageLabels(object):
    """ the tag vocabulary, split by label type """
    LABELS = OrderedDict([
        ('weather', ['clear', 'partly_cloudy', 'haze', 'cloudy']),
        ('common', ['primary', 'agriculture', 'road', 'water', 'habitation']),
        ('special', ['slash_burn', 'blooming', 'selective_logging']),
    ])

    @classmethod
    def one_hot(cls, tags):
        """ {label_type: multi-hot list} for a space separated tag string """
        tags = tags.split()
        return OrderedDict((label_type, [1 if name in tags else 0 for name in names])
                           for label_type, names in cls.LABELS.items())


TRAIN_TAGS = [
    'clear primary', 'haze primary water', 'clear primary agriculture road',
    'cloudy', 'partly_cloudy primary', 'clear primary habitation road',
    'clear primary slash_burn', 'haze agriculture', 'clear primary water blooming',
    'partly_cloudy primary selective_logging',
]


def write_records(folder, filename='train.tfrecords', seed=17):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(seed)
    path = os.path.join(folder, filename)
    with tf.io.TFRecordWriter(path) as writer:
        for i, tags in enumerate(TRAIN_TAGS):
            image = rng.randint(0, 1 << 12, size=(KagglePlanetImage.HEIGHT, KagglePlanetImage.WIDTH,
                                                  KagglePlanetImage.DEPTH)).astype(np.uint16)
            feature = {'image_raw': TFFeature.bytes_feature(image.tobytes()),
                       'name': TFFeature.bytes_feature(('train_%d' % i).encode())}
            for label_type, hot in KagglePlanetImageLabels.one_hot(tags).items():
                feature[label_type] = TFFeature.int64_feature(hot)
            example = tf.train.Example(features=tf.train.Features(feature=feature))
            writer.write(example.SerializeToString())
    return path
