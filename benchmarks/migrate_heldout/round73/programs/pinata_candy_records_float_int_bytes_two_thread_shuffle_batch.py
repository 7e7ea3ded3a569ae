"""Pinata candy counts: a student test script, records with a float, an int64 pair and raw bytes."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

BATCH = 3


def make_tfrecord(path):
    writer = tf.python_io.TFRecordWriter(path)
    rng = np.random.RandomState(73)
    for i in range(12):
        c = rng.randint(0, 255, size=(2, 3)).astype(np.uint8)
        example = tf.train.Example(features=tf.train.Features(feature={
            'a': tf.train.Feature(float_list=tf.train.FloatList(value=[i * 0.5])),
            'b': tf.train.Feature(int64_list=tf.train.Int64List(value=[i, i * i])),
            'c': tf.train.Feature(bytes_list=tf.train.BytesList(value=[c.tobytes()])),
        }))
        writer.write(example.SerializeToString())
    writer.close()


def main(data_dir):
    folder = os.path.join(data_dir, 'h73_pinata')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'test.tfrecord')
    make_tfrecord(path)

    filename_queue = tf.train.string_input_producer([path], num_epochs=1)
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(serialized_example,
                                       features={
                                           'a': tf.FixedLenFeature([], tf.float32),
                                           'b': tf.FixedLenFeature([2], tf.int64),
                                           'c': tf.FixedLenFeature([], tf.string)
                                       })
    a_out = features['a']
    b_out = features['b']
    c_out = tf.decode_raw(features['c'], tf.uint8)
    c_out = tf.reshape(c_out, [2, 3])

    a_batch, b_batch, c_batch = tf.train.shuffle_batch([a_out, b_out, c_out], batch_size=BATCH,
                                                       capacity=20, min_after_dequeue=5, num_threads=2, seed=7)
    sess = tf.Session()
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    try:
        while True:
            a_val, b_val, c_val = sess.run([a_batch, b_batch, c_batch])
            batches.append([np.round(a_val, 3).tolist(), b_val.tolist(), c_val.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "candies: %d" % sum(len(b[0]) for b in batches)}
