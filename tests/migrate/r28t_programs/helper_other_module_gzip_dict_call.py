"""``read_example(queue, reader_kwargs=dict(options=...GZIP...))``: the helper, in another module, makes
``TFRecordReader(**(reader_kwargs or {}))``."""
import os

import tensorflow as tf

from r28t_lib.records import read_example

tf1 = tf.compat.v1


def write(data_dir):
    os.makedirs(data_dir, exist_ok=True)
    files = []
    for s in range(3):
        path = os.path.join(data_dir, 'g-%d.tfrecord.gz' % s)
        with tf1.python_io.TFRecordWriter(path, options=tf1.python_io.TFRecordOptions(
                tf1.python_io.TFRecordCompressionType.GZIP)) as w:
            for k in range(3):
                ex = tf.train.Example(features=tf.train.Features(feature={
                    'x': tf.train.Feature(int64_list=tf.train.Int64List(value=[s * 100 + k]))}))
                w.write(ex.SerializeToString())
        files.append(path)
    return files


def main(data_dir):
    files = write(os.path.join(data_dir, 'r28t_gzip'))
    queue = tf1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    x = read_example(queue, reader_kwargs=dict(options=tf1.io.TFRecordOptions(compression_type='GZIP')))
    batch = tf1.train.batch([x + 1], batch_size=4, allow_smaller_final_batch=True)
    batches = []
    sess = tf1.Session()
    sess.run(tf1.group(tf1.global_variables_initializer(), tf1.local_variables_initializer()))
    coord = tf1.train.Coordinator()
    threads = tf1.train.start_queue_runners(sess, coord)
    try:
        while True:
            batches.append(sess.run(batch).tolist())
    except tf.errors.OutOfRangeError:
        end = 'done'
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': end}
