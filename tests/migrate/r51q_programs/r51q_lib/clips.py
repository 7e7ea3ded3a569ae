"""Clip records: a helper taking the caller's file queue, shuffled or not by a flag (early returns)."""
import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1


def write_clips(path, count, base):
    rng = np.random.RandomState(base)
    with tf.io.TFRecordWriter(path) as w:
        for i in range(count):
            clip = rng.randint(0, 9, size=(2, 2)).astype(np.float32)
            feature = {'clip': tf.train.Feature(bytes_list=tf.train.BytesList(value=[clip.tobytes()])),
                       'throw': tf.train.Feature(int64_list=tf.train.Int64List(value=[base + i]))}
            w.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())


def get_clips(filename_queue, batch_size, shuffle=False):
    reader = tf1.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    features = tf1.parse_single_example(serialized, features={
        'clip': tf1.FixedLenFeature([], tf.string),
        'throw': tf1.FixedLenFeature([], tf.int64)})
    clip = tf.reshape(tf1.decode_raw(features['clip'], tf.float32), [2, 2])
    throw = features['throw']
    if shuffle:
        clips, throws = tf1.train.shuffle_batch([clip, throw], batch_size=batch_size, capacity=20,
                                                min_after_dequeue=5, num_threads=2)
        return clips, throws
    clips, throws = tf1.train.batch([clip, throw], batch_size=batch_size, capacity=20)
    return clips, throws
