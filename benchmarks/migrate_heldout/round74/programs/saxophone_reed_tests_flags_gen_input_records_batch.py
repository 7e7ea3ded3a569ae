"""Saxophone reed stiffness tests: a FLAGS script with `gen_input(filename, batch_size, shuffle, repeat,
buffer_size, record_shape)` and an inner `decode(line)`; the source's TFRecordDataset became a producer,
a TFRecordReader and train.batch (shuffle_batch when shuffle=True)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

tf.logging.set_verbosity('ERROR')

FLAGS = tf.app.flags.FLAGS


def parse_args():
    flags = tf.app.flags
    if 'input' not in FLAGS:
        flags.DEFINE_string('input', '', 'Input tfrecord file')
    FLAGS(['saxophone'])


def gen_input(filename, batch_size=16, shuffle=False, repeat=1, buffer_size=16, record_shape=(4,)):
    def decode(line):
        features = {
            'x': tf.FixedLenFeature(record_shape, tf.float32),
            'y': tf.FixedLenFeature((), tf.int64)
        }
        parsed = tf.parse_single_example(line, features)
        return parsed['x'], parsed['y']

    filename_queue = tf.train.string_input_producer([filename], num_epochs=repeat, shuffle=False)
    _, line = tf.TFRecordReader().read(filename_queue)
    x, y = decode(line)
    if shuffle:
        return tf.train.shuffle_batch([x, y], batch_size, capacity=buffer_size + batch_size,
                                      min_after_dequeue=buffer_size)
    return tf.train.batch([x, y], batch_size)


def write_records(path):
    rng = np.random.RandomState(7402)
    with tf.python_io.TFRecordWriter(path) as w:
        for i in range(8):
            ex = tf.train.Example(features=tf.train.Features(feature={
                'x': tf.train.Feature(float_list=tf.train.FloatList(value=rng.uniform(0, 5, 4).tolist())),
                'y': tf.train.Feature(int64_list=tf.train.Int64List(value=[i % 4]))}))
            w.write(ex.SerializeToString())


def main(data_dir):
    parse_args()
    root = os.path.join(data_dir, "h74_saxophone")
    os.makedirs(root, exist_ok=True)
    FLAGS.input = os.path.join(root, "reeds.tfrecord")
    write_records(FLAGS.input)
    x, y = gen_input(FLAGS.input, batch_size=4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                xs, ys = sess.run([x, y])
                batches.append([np.round(xs, 4).tolist(), ys.tolist()])
        except tf.errors.OutOfRangeError:
            tf.logging.debug('end of input')
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "reeds: %d" % sum(len(b[1]) for b in batches)}
