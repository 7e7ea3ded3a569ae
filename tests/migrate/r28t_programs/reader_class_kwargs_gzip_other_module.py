"""tefla's shape: ``Reader(files, reader_kwargs={'options': TFRecordOptions(GZIP)})`` made here, the class (in
another module) builds ``TFRecordReader(**self.reader_kwargs)``."""
import os

import numpy as np
import tensorflow as tf

from r28t_lib.reader_class import Reader

tf1 = tf.compat.v1


def write(data_dir):
    os.makedirs(data_dir, exist_ok=True)
    files = []
    for s in range(3):
        path = os.path.join(data_dir, 'c-%d.tfrecord.gz' % s)
        with tf1.python_io.TFRecordWriter(path, options=tf1.python_io.TFRecordOptions(
                tf1.python_io.TFRecordCompressionType.GZIP)) as w:
            for k in range(3):
                idx = s * 3 + k
                ex = tf.train.Example(features=tf.train.Features(feature={
                    'id': tf.train.Feature(int64_list=tf.train.Int64List(value=[idx])),
                    'feats': tf.train.Feature(float_list=tf.train.FloatList(value=[idx / 4.0, -idx / 2.0]))}))
                w.write(ex.SerializeToString())
        files.append(path)
    return files


def main(data_dir):
    files = write(os.path.join(data_dir, 'r28t_class'))
    reader = Reader(files,
                    reader_kwargs={'options': tf1.python_io.TFRecordOptions(
                        tf1.python_io.TFRecordCompressionType.GZIP)},
                    num_epochs=1)
    ids, feats = reader.batch_inputs(2)
    batches = []
    sess = tf1.Session()
    sess.run(tf1.group(tf1.global_variables_initializer(), tf1.local_variables_initializer()))
    coord = tf1.train.Coordinator()
    threads = tf1.train.start_queue_runners(sess, coord)
    try:
        while True:
            i, f = sess.run([ids, feats])
            batches.append([i.tolist(), np.round(f, 3).tolist()])
    except tf.errors.OutOfRangeError:
        end = 'done'
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': end}
