"""A reader helper returning a record's value and a dict of derived features built in an order of its own (not
sorted), batched as a list; the caller rebuilds the dict from the dict's `keys()` after the batch and reports its
`len` (round 41's planet chips shape); `from tensorflow.compat.v1 import train`."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

KINDS = ('zeta', 'beta', 'mu')


def parse(queue):
    reader = tf.TFRecordReader()
    _, serialized = reader.read(queue)
    features = tf.parse_single_example(serialized, {'x': tf.FixedLenFeature([], tf.int64),
                                                    'y': tf.FixedLenFeature([2], tf.int64)})
    extras = {}
    for i, kind in enumerate(KINDS):
        extras[kind] = features['y'] * (i + 1) + features['x']
    return features['x'], extras


def inputs(path, batch_size):
    queue = train.string_input_producer([path], num_epochs=1, shuffle=False)
    x, extras = parse(queue)
    batched = train.batch([x] + list(extras.values()), batch_size=batch_size)
    return batched[0], dict(zip(extras.keys(), batched[1:])), len(extras)


def main(data_dir):
    if not os.path.isdir(data_dir):
        os.makedirs(data_dir)
    path = os.path.join(data_dir, 'r42k_dict_keys.tfrecords')
    with tf.io.TFRecordWriter(path) as writer:
        for v in range(9):
            writer.write(tf.train.Example(features=tf.train.Features(feature={
                'x': tf.train.Feature(int64_list=tf.train.Int64List(value=[v])),
                'y': tf.train.Feature(int64_list=tf.train.Int64List(value=[v * 10, v * 100]))})).SerializeToString())
    xs, extras, count = inputs(path, 3)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, e = sess.run([xs, extras])
                batches.append([x.tolist(), [[k, e[k].tolist()] for k in e]])
        except tf.errors.OutOfRangeError:
            end = 'extras: %d' % count
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
