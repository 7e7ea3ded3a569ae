import numpy as np
import tensorflow as tf

# where the writer put the records; the program points this at its own folder before building the pipeline
DATA_PATH = 'data/frames.tfrecords'
SHAPE = [2, 3]


def write_records(path, n):
    rng = np.random.RandomState(7)
    with tf.io.TFRecordWriter(path) as w:
        for i in range(n):
            image = rng.randint(0, 256, size=SHAPE).astype(np.uint8)
            ex = tf.train.Example(features=tf.train.Features(feature={
                'image': tf.train.Feature(bytes_list=tf.train.BytesList(value=[image.tobytes()])),
                'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[i])),
                'weight': tf.train.Feature(float_list=tf.train.FloatList(value=[0.5 * i])),
            }))
            w.write(ex.SerializeToString())


def read_example():
    queue = tf.compat.v1.train.string_input_producer([DATA_PATH], num_epochs=1, shuffle=False)
    _, serialized = tf.compat.v1.TFRecordReader().read(queue)
    features = tf.compat.v1.parse_single_example(serialized, features={
        'image': tf.compat.v1.FixedLenFeature([], tf.string),
        'label': tf.compat.v1.FixedLenFeature([], tf.int64),
        'weight': tf.compat.v1.FixedLenFeature([], tf.float32),
    })
    image = tf.reshape(tf.compat.v1.decode_raw(features['image'], tf.uint8), SHAPE)
    return image, features['label'], features['weight']
