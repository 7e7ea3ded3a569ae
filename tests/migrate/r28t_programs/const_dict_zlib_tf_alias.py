"""A reader's options given through a module constant dict: ``TFRecordReader(**READER_KWARGS)`` (ZLIB)."""
import os

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1

READER_KWARGS = {'options': tf1.python_io.TFRecordOptions(tf1.python_io.TFRecordCompressionType.ZLIB)}


def write(data_dir):
    os.makedirs(data_dir, exist_ok=True)
    files = []
    for s in range(2):
        path = os.path.join(data_dir, 'z-%d.tfrecord' % s)
        with tf1.python_io.TFRecordWriter(path, options=tf1.python_io.TFRecordOptions(
                tf1.python_io.TFRecordCompressionType.ZLIB)) as w:
            for k in range(5):
                ex = tf.train.Example(features=tf.train.Features(feature={
                    'x': tf.train.Feature(int64_list=tf.train.Int64List(value=[s * 10 + k]))}))
                w.write(ex.SerializeToString())
        files.append(path)
    return files


def inputs(files, batch_size):
    queue = tf1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = tf1.TFRecordReader(**READER_KWARGS)
    _, record = reader.read(queue)
    x = tf1.parse_single_example(record, {'x': tf1.FixedLenFeature([], tf.int64)})['x']
    return tf1.train.batch([x * 2], batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    files = write(os.path.join(data_dir, 'r28t_const'))
    batch = inputs(files, 3)
    batches = []
    sess = tf1.Session()
    sess.run(tf1.group(tf1.global_variables_initializer(), tf1.local_variables_initializer()))
    coord = tf1.train.Coordinator()
    threads = tf1.train.start_queue_runners(sess, coord)
    try:
        while True:
            batches.append(np.asarray(sess.run(batch)).tolist())
    except tf.errors.OutOfRangeError:
        end = 'done'
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': end}
