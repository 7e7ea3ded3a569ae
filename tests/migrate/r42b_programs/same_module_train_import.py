"""The helpers in the program's own module, `train` imported by name, the test on a tuple of kinds, the labels'
list made by `tf.unstack`; two callers, of three label names and of one."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

NAMES = ('a', 'b', 'c')


def make(filename):
    with tf.python_io.TFRecordWriter(filename) as writer:
        for i in range(8):
            feature = {'x': tf.train.Feature(float_list=tf.train.FloatList(value=[i / 4.0, -i]))}
            for k, name in enumerate(NAMES):
                feature[name] = tf.train.Feature(int64_list=tf.train.Int64List(value=[i * 10 + k]))
            writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())


def decode(path, names, num_epochs=None):
    files = train.string_input_producer([path], num_epochs=num_epochs, shuffle=False)
    reader = tf.TFRecordReader()
    _, record = reader.read(files)
    spec = dict((n, tf.FixedLenFeature([], tf.int64)) for n in names)
    spec['x'] = tf.FixedLenFeature([2], tf.float32)
    got = tf.parse_single_example(record, spec)
    ys = tf.unstack(tf.stack([got[n] for n in names]))  # (a list, made by an op)
    if len(ys) == 1:
        ys = ys[0]
    return got['x'], ys


def batched(x, ys, size, shuffle=False):
    if isinstance(ys, (list, tuple)):
        parts = [x] + list(ys)
    else:
        parts = [x, ys]
    if shuffle == True:
        result = train.shuffle_batch(parts, batch_size=size, capacity=32, min_after_dequeue=4)
    else:
        result = train.batch(parts, batch_size=size, capacity=32)
    return result


def main(data_dir):
    root = os.path.join(data_dir, 'r42b_same')
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'same.tfrecords')
    make(path)

    x, ys = decode(path, list(NAMES), num_epochs=1)
    x_b, a_b, b_b, c_b = batched(x, ys, 2)
    total = a_b + b_b + c_b
    x1, y1 = decode(path, ['c'], num_epochs=1)
    x1_b, c1_b = batched(x1, y1, 2)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                xs, t, xs1, c1 = sess.run([x_b, total, x1_b, c1_b])
                batches.append([xs.tolist(), t.tolist(), xs1.tolist(), c1.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
