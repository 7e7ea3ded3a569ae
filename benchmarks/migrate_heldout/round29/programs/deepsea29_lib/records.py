import numpy as np
import tensorflow.compat.v1 as tf

from deepsea29_lib.config import HEIGHT, WIDTH, DEPTH, NUM_OUTPUTS, NUM_TRAIN_EXAMPLES


def _bytes_feature(value):
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[value]))


def convert_to(path, seed=29):
    rng = np.random.RandomState(seed)
    with tf.python_io.TFRecordWriter(path) as writer:
        for _ in range(NUM_TRAIN_EXAMPLES):
            seq = np.eye(DEPTH, dtype=np.uint8)[rng.randint(0, DEPTH, size=WIDTH)]
            label = rng.randint(0, 2, size=NUM_OUTPUTS).astype(np.uint8)
            example = tf.train.Example(features=tf.train.Features(feature={
                'seq_raw': _bytes_feature(seq.tobytes()),
                'label_raw': _bytes_feature(label.tobytes()),
            }))
            writer.write(example.SerializeToString())


def read_and_decode(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(
        serialized_example,
        features={
            'seq_raw': tf.FixedLenFeature([], tf.string),
            'label_raw': tf.FixedLenFeature([], tf.string)
        })
    seq = tf.decode_raw(features['seq_raw'], tf.uint8)
    label = tf.decode_raw(features['label_raw'], tf.uint8)
    seq.set_shape([HEIGHT * WIDTH * DEPTH])
    seq = tf.reshape(seq, [HEIGHT, WIDTH, DEPTH])
    seq = tf.cast(seq, tf.float32)
    label.set_shape([NUM_OUTPUTS])
    label = tf.cast(label, tf.float32)
    return seq, label
