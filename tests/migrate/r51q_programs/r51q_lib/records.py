"""Record helpers: each takes the file queue its caller made, reads, decodes and batches."""
import tensorflow as tf

tf1 = tf.compat.v1

BATCH = 2


def read_and_batch(filename_queue):
    reader = tf1.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    features = tf1.parse_single_example(serialized, features={
        'value': tf1.FixedLenFeature([], tf.int64),
        'name': tf1.FixedLenFeature([], tf.string),
    })
    value = tf.cast(features['value'], tf.int32) * 10
    values, names = tf1.train.batch([value, features['name']], batch_size=BATCH, num_threads=1,
                                    capacity=4 * BATCH)
    return values, names


def write_records(path, count, base):
    with tf.io.TFRecordWriter(path) as w:
        for i in range(count):
            ex = tf.train.Example(features=tf.train.Features(feature={
                'value': tf.train.Feature(int64_list=tf.train.Int64List(value=[base + i])),
                'name': tf.train.Feature(bytes_list=tf.train.BytesList(value=[('r%d' % (base + i)).encode()])),
            }))
            w.write(ex.SerializeToString())
