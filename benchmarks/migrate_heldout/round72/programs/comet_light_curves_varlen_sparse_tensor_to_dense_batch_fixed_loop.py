"""Comet light curves: VarLen flux lists made dense with sparse_tensor_to_dense, batched in a fixed loop."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

CURVE_LEN = 4


def make_tfrecord(filename):
    rng = np.random.RandomState(3)
    writer = tf.python_io.TFRecordWriter(filename)
    for i in range(10):
        flux = np.round(rng.uniform(0, 5, size=CURVE_LEN), 2).tolist()
        ex = tf.train.Example(features=tf.train.Features(feature={
            'flux': tf.train.Feature(float_list=tf.train.FloatList(value=flux)),
            'name': tf.train.Feature(bytes_list=tf.train.BytesList(value=[('C/%03d' % i).encode()])),
        }))
        writer.write(ex.SerializeToString())
    writer.close()


def main(data_dir):
    folder = os.path.join(data_dir, 'h72_comet')
    os.makedirs(folder, exist_ok=True)
    filename = os.path.join(folder, 'curves.tfrecord')
    make_tfrecord(filename)

    filename_queue = tf.train.string_input_producer([filename], shuffle=False)
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(serialized_example, features={
        'flux': tf.VarLenFeature(tf.float32),
        'name': tf.FixedLenFeature([], tf.string),
    })
    flux = tf.sparse_tensor_to_dense(features['flux'], default_value=0)
    flux = tf.reshape(flux, [CURVE_LEN])
    name = features['name']

    flux_batch, name_batch = tf.train.batch([flux, name], batch_size=3, capacity=20)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for i in range(3):
            f, n = sess.run([flux_batch, name_batch])
            batches.append([np.round(f, 3).tolist(), [s.decode() for s in n]])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "curves: %d" % (3 * 3)}
