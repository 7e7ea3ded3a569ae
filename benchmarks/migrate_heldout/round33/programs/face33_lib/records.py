import numpy as np
import tensorflow.compat.v1 as tf

from face33_lib import config


def write_faces(path, count):
    rng = np.random.RandomState(330)
    size = config.IMAGE_HEIGHT * config.IMAGE_WIDTH * config.IMAGE_CHANNELS
    with tf.python_io.TFRecordWriter(path) as writer:
        for i in range(count):
            pixels = rng.randint(0, 255, size).astype(np.uint8)
            example = tf.train.Example(features=tf.train.Features(feature={
                "image": tf.train.Feature(bytes_list=tf.train.BytesList(value=[pixels.tobytes()])),
                "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[i % config.NUM_CLASSES])),
            }))
            writer.write(example.SerializeToString())
