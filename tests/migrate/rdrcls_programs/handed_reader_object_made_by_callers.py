"""A reader object handed to a reader function by two callers: made by one the line before (`reader = ...`), inline
in the call by the other (`from tensorflow.compat.v1 import train`)."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def read_example(reader, filename_queue):
    _, serialized = reader.read(filename_queue)
    parsed = tf.parse_single_example(serialized, {'id': tf.FixedLenFeature([], tf.int64)})
    return parsed['id'] * 3


def record_batches(path):
    queue = train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader()
    ident = read_example(reader, queue)
    return train.batch([ident], batch_size=2)


def more_record_batches(path):
    queue = train.string_input_producer([path, path], num_epochs=1, shuffle=False)
    return train.batch([read_example(tf.TFRecordReader(), queue)], batch_size=3)


def main(data_dir):
    folder = os.path.join(data_dir, 'rdrcls_objects')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    records = os.path.join(folder, 'ids.record')
    with tf.python_io.TFRecordWriter(records) as writer:
        for i in range(6):
            feature = {'id': tf.train.Feature(int64_list=tf.train.Int64List(value=[i]))}
            writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
    fetches = [record_batches(records), more_record_batches(records)]
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        for fetch in fetches:
            try:
                while True:
                    out = sess.run(fetch)
                    batches.append([[x.decode() if isinstance(x, bytes) else x for x in col.tolist()]
                                    for col in (out if isinstance(out, list) else [out])])
            except tf.errors.OutOfRangeError:
                pass
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': 'batches: %d' % len(batches)}
