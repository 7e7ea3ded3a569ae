import numpy as np
import tensorflow as tf


def write(filename, n=10, seed=55):
    rng = np.random.RandomState(seed)
    with tf.compat.v1.python_io.TFRecordWriter(filename) as writer:
        for i in range(n):
            sensors = np.round(rng.uniform(0, 5, size=4), 2).astype(np.float32)  # wind, sway, load t, speed m/s
            ex = tf.compat.v1.train.Example(features=tf.compat.v1.train.Features(feature={
                'sensors': tf.compat.v1.train.Feature(float_list=tf.compat.v1.train.FloatList(value=sensors)),
                'label': tf.compat.v1.train.Feature(int64_list=tf.compat.v1.train.Int64List(value=[int(sensors[0] > 2.5)])),
                'cabin': tf.compat.v1.train.Feature(int64_list=tf.compat.v1.train.Int64List(value=[i % 2 + 1])),
            }))
            writer.write(ex.SerializeToString())


def read_and_decode(filename, epochs=None):
    filename_queue = tf.compat.v1.train.string_input_producer([filename], num_epochs=epochs, shuffle=False)
    reader = tf.compat.v1.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.compat.v1.parse_single_example(serialized_example, features={
        'sensors': tf.compat.v1.FixedLenFeature([4], tf.float32),
        'label': tf.compat.v1.FixedLenFeature([], tf.int64),
        'cabin': tf.compat.v1.FixedLenFeature([], tf.int64),
    })
    sensors = features['sensors'] / tf.constant([5.0, 5.0, 5.0, 5.0])
    label = tf.cast(features['label'], tf.int32)
    cabin = tf.cast(features['cabin'], tf.int32)
    return sensors, label, cabin
