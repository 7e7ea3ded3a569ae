import numpy as np
import tensorflow as tf

# where the recorder wrote the drive; the trainer points this at its own folder
FILE_PATH = 'data/drive.tfrecords'
IMAGE_SHAPE = [2, 6, 3]


def write_data(path, frames):
    with tf.io.TFRecordWriter(path) as w:
        for image, variables, steering in frames:
            ex = tf.train.Example(features=tf.train.Features(feature={
                'image': tf.train.Feature(bytes_list=tf.train.BytesList(value=[image.tobytes()])),
                'variables': tf.train.Feature(float_list=tf.train.FloatList(value=list(variables))),
                'steering': tf.train.Feature(float_list=tf.train.FloatList(value=[steering])),
            }))
            w.write(ex.SerializeToString())


def read_data():
    filename_queue = tf.compat.v1.train.string_input_producer([FILE_PATH], num_epochs=1)
    reader = tf.compat.v1.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    features = tf.compat.v1.parse_single_example(serialized, features={
        'image': tf.compat.v1.FixedLenFeature([], tf.string),
        'variables': tf.compat.v1.FixedLenFeature([2], tf.float32),   # speed, throttle
        'steering': tf.compat.v1.FixedLenFeature([], tf.float32),
    })
    image = tf.reshape(tf.compat.v1.decode_raw(features['image'], tf.uint8), IMAGE_SHAPE)
    image = tf.cast(image, tf.float32) / 255.0
    return image, features['variables'], features['steering']
