import os

import numpy as np
import tensorflow.compat.v1 as tf

CATEGORIES = ['blouse', 'cardigan', 'dress', 'jeans', 'skirt', 'tee']


def write_split(path_to_tfrecords, dataset_name, split_name, count, height, width, seed):
    if not os.path.isdir(path_to_tfrecords):
        os.makedirs(path_to_tfrecords)
    rng = np.random.RandomState(seed)
    filename = os.path.join(path_to_tfrecords, '%s_%s.tfrecords' % (dataset_name, split_name))
    with tf.python_io.TFRecordWriter(filename) as writer:
        for i in range(count):
            image = rng.randint(0, 256, size=(height, width, 3)).astype(np.uint8)
            attributes = rng.randint(0, 2, size=3).tolist()  # floral, striped, long_sleeve
            category = i % len(CATEGORIES)
            item_id = 'img/%s_%03d.jpg' % (CATEGORIES[category], i)
            example = tf.train.Example(features=tf.train.Features(feature={
                'item_id': tf.train.Feature(bytes_list=tf.train.BytesList(value=[item_id.encode()])),
                'image_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[image.tobytes()])),
                'attributes': tf.train.Feature(int64_list=tf.train.Int64List(value=attributes)),
                'category': tf.train.Feature(int64_list=tf.train.Int64List(value=[category])),
            }))
            writer.write(example.SerializeToString())
    return filename
