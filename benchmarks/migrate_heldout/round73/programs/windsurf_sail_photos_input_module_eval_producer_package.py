"""Windsurf sail photos: a student `input.py` module (read_and_decode / input_producer) and its eval batch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

import windsurf73.input as input_

BATCH_SIZE = 2


def convert(path, n):
    rng = np.random.RandomState(1973)
    with tf.python_io.TFRecordWriter(path) as writer:
        for i in range(n):
            image = rng.randint(0, 256, size=(4, 4, 3)).astype(np.uint8)
            ex = tf.train.Example(features=tf.train.Features(feature={
                'image': tf.train.Feature(bytes_list=tf.train.BytesList(value=[image.tobytes()])),
                'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[i % 5]))}))
            writer.write(ex.SerializeToString())


def main(data_dir):
    folder = os.path.join(data_dir, 'h73_windsurf')
    os.makedirs(folder, exist_ok=True)
    filename = os.path.join(folder, 'sails_eval.tfrecords')
    convert(filename, 8)
    images, labels = input_.eval_producer(filename, BATCH_SIZE)
    mean = tf.reduce_mean(tf.cast(images, tf.float32), axis=[1, 2, 3])
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    step = 0
    try:
        while True:
            m, l = sess.run([mean, labels])
            batches.append([np.round(m.astype(np.float64), 3).tolist(), l.tolist()])
            step += 1
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "sails: %d" % (step * BATCH_SIZE)}
