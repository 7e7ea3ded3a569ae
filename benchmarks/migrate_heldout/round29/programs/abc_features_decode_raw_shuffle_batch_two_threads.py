"""A float, an int64 pair and a raw uint8 [2, 3] block per record; shuffle_batch with two threads."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def write(path):
    rng = np.random.RandomState(2929)
    writer = tf.python_io.TFRecordWriter(path)
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
    root = os.path.join(data_dir, 'h29_abc_features_decode_raw_shuffle_batch_two_threads')
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'test.tfrecord')
    write(path)

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
    c_raw_out = features['c']
    c_out = tf.decode_raw(c_raw_out, tf.uint8)
    c_out = tf.reshape(c_out, [2, 3])

    a_batch, b_batch, c_batch = tf.train.shuffle_batch([a_out, b_out, c_out], batch_size=3,
                                                       capacity=20, min_after_dequeue=4, num_threads=2)

    sess = tf.Session()
    init = tf.global_variables_initializer()
    sess.run(init)
    sess.run(tf.local_variables_initializer())

    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)

    batches = []
    try:
        while True:
            a_val, b_val, c_val = sess.run([a_batch, b_batch, c_batch])
            batches.append([a_val.tolist(), b_val.tolist(), c_val.tolist()])
    except tf.errors.OutOfRangeError:
        end = 'out of range after %d batches' % len(batches)
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': end}
