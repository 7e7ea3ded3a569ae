"""Lobster trap tracks (buoy snapshots per trap) from a research tracking script: `create_track_examples(loader,
set_name)` built from one-line lambdas (`str_feature`, `int_list_feature`, `float_list_feature`, `int_feature`,
`float_feature`), a small `Loader` object with `nsnps` / `snps`, then a reader that batches tracks in order."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


class Loader(object):
    def __init__(self, root, seed):
        rng = np.random.RandomState(seed)
        self.root = root
        self.nsnps = {'train': 6, 'val': 2}
        self.snps = {'train': {'image_dir': [os.path.join(root, 'trap_%02d' % i) for i in range(6)],
                               'positions': np.round(rng.uniform(0, 50, (6, 2)), 2),
                               'length': rng.randint(2, 9, 6)},
                     'val': {'image_dir': [os.path.join(root, 'val_%02d' % i) for i in range(2)],
                             'positions': np.round(rng.uniform(0, 50, (2, 2)), 2),
                             'length': rng.randint(2, 9, 2)}}


def create_track_examples(loader, set_name):
    str_feature        = lambda x: tf.train.Feature(bytes_list=tf.train.BytesList(value=x))
    int_list_feature   = lambda x: tf.train.Feature(int64_list=tf.train.Int64List(value=x))
    float_list_feature = lambda x: tf.train.Feature(float_list=tf.train.FloatList(value=x))
    int_feature        = lambda x: int_list_feature([x])
    float_feature      = lambda x: float_list_feature([x])

    tracks = []
    for i in range(loader.nsnps[set_name]):
        image_dir = loader.snps[set_name]['image_dir'][i]
        position = loader.snps[set_name]['positions'][i]
        length = loader.snps[set_name]['length'][i]
        tracks.append(tf.train.Example(features=tf.train.Features(feature={
            'image_dir': str_feature([os.path.basename(image_dir).encode()]),
            'position': float_list_feature(position.tolist()),
            'length': int_feature(int(length)),
            'speed': float_feature(float(position[0]) / float(length)),
        })))
    filename = os.path.join(loader.root, '%s.tfrecords' % set_name)
    with tf.python_io.TFRecordWriter(filename) as writer:
        for track in tracks:
            writer.write(track.SerializeToString())
    return filename


def read_tracks(filename, batch_size):
    queue = tf.train.string_input_producer([filename], num_epochs=1, shuffle=False)
    _, serialized = tf.TFRecordReader().read(queue)
    ex = tf.parse_single_example(serialized, features={
        'image_dir': tf.FixedLenFeature([], tf.string),
        'position': tf.FixedLenFeature([2], tf.float32),
        'length': tf.FixedLenFeature([], tf.int64),
        'speed': tf.FixedLenFeature([], tf.float32),
    })
    return tf.train.batch([ex['image_dir'], ex['position'], ex['length'], ex['speed']], batch_size=batch_size)


def main(data_dir):
    root = os.path.join(data_dir, 'h75_lobster')
    os.makedirs(root, exist_ok=True)
    loader = Loader(root, seed=12)
    filename = create_track_examples(loader, 'train')
    dirs, positions, lengths, speeds = read_tracks(filename, batch_size=2)
    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            d, p, l, s = sess.run([dirs, positions, lengths, speeds])
            batches.append([[x.decode() for x in d], np.round(p, 2).tolist(), l.tolist(), np.round(s, 3).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "tracks: %d" % (2 * len(batches))}
