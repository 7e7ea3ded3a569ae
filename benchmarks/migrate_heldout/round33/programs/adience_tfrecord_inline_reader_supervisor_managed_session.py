"""Adience-style age / gender records: `tf.TFRecordReader().read(q)` inline in a helper, age bucket and gender parsed,
a 2x2x3 face decoded, train.batch(3) under tf.train.Supervisor(logdir=None).managed_session until should_stop."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

AGE_BUCKETS = 8


def _write(path, count):
    rng = np.random.RandomState(8)
    with tf.python_io.TFRecordWriter(path) as w:
        for i in range(count):
            ex = tf.train.Example(features=tf.train.Features(feature={
                "image/encoded": tf.train.Feature(bytes_list=tf.train.BytesList(
                    value=[rng.randint(0, 256, 12).astype(np.uint8).tobytes()])),
                "image/age": tf.train.Feature(int64_list=tf.train.Int64List(value=[i % AGE_BUCKETS])),
                "image/gender": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"mf"[i % 2:i % 2 + 1]])),
                "image/filename": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"face_%02d" % i])),
            }))
            w.write(ex.SerializeToString())


def parse_example(filename_queue):
    _, serialized = tf.TFRecordReader().read(filename_queue)
    feats = tf.parse_single_example(serialized, {
        "image/encoded": tf.FixedLenFeature([], tf.string),
        "image/age": tf.FixedLenFeature([], tf.int64),
        "image/gender": tf.FixedLenFeature([], tf.string, default_value="u"),
        "image/filename": tf.FixedLenFeature([], tf.string),
    })
    image = tf.reshape(tf.decode_raw(feats["image/encoded"], tf.uint8), [2, 2, 3])
    image = tf.image.convert_image_dtype(image, tf.float32)
    gender = tf.cast(tf.equal(feats["image/gender"], "f"), tf.int32)
    return image, tf.cast(feats["image/age"], tf.int32), gender, feats["image/filename"]


def main(data_dir):
    folder = os.path.join(data_dir, "h33_adience")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "train-00000-of-00001")
    _write(path, 9)
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    image, age, gender, fname = parse_example(filename_queue)
    images, ages, genders, fnames = tf.train.batch([image, age, gender, fname], batch_size=3)
    age_onehot = tf.one_hot(ages, AGE_BUCKETS)
    batches = []
    sv = tf.train.Supervisor(logdir=None)
    with sv.managed_session() as sess:
        while not sv.should_stop():
            try:
                im, a, g, f, oh = sess.run([images, ages, genders, fnames, age_onehot])
            except tf.errors.OutOfRangeError:
                break
            batches.append([np.round(im, 4).tolist(), a.tolist(), g.tolist(), [x.decode() for x in f],
                            oh.tolist()])
    return {"batches": batches, "end": "supervisor saw %d batches" % len(batches)}
