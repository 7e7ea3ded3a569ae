"""The per-record code calls a module-level function of another module (`bucket_of`, imported by name) that keeps
its table in a module dict, made at the first call; `tf.tables_initializer()` in the session."""

import glob
import os

import tensorflow as tf

from table_reach_lib.vocab import bucket_of


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, 'records-*.tfrecord')))
    queue = tf.compat.v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = tf.compat.v1.TFRecordReader()
    _, serialized = reader.read(queue)
    label = tf.io.parse_single_example(serialized, {'label': tf.io.FixedLenFeature([], tf.int64)})['label']
    bucket = bucket_of(label)
    labels, buckets = tf.compat.v1.train.batch([label, bucket], batch_size=10, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf.compat.v1.Session() as sess:
        sess.run([tf.compat.v1.local_variables_initializer(), tf.compat.v1.tables_initializer()])
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([labels, buckets])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
