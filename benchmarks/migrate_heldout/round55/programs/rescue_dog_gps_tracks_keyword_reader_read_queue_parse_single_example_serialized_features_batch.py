from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

import numpy as np
import tensorflow.compat.v1 as tf

# https://github.com/tensorflow/tensorflow/blob/master/tensorflow/examples/how_tos/reading_data/fully_connected_reader.py


def read_and_decode(filename_queue, track_shape=(3, 2), label_shape=(2)):
    # Define a reader
    reader = tf.TFRecordReader()

    # Read the next record
    _, serialized_example = reader.read(queue=filename_queue)

    # Decode the record read by the reader
    features = tf.parse_single_example(
        serialized = serialized_example,
        features = {
            'track': tf.FixedLenFeature([], tf.string),
            'label': tf.FixedLenFeature([label_shape], tf.float32),
            'handler': tf.FixedLenFeature([], tf.string),
        })

    track = tf.decode_raw(features['track'], tf.float32)
    track = tf.reshape(track, track_shape)
    label = features['label']
    return track, label, features['handler']


def write_tracks(path):
    rng = np.random.RandomState(7)
    with tf.python_io.TFRecordWriter(path) as w:
        for i in range(10):
            track = np.round(rng.uniform(-1, 1, size=(3, 2)), 3).astype(np.float32)
            found = float(i % 2)
            ex = tf.train.Example(features=tf.train.Features(feature={
                'track': tf.train.Feature(bytes_list=tf.train.BytesList(value=[track.tobytes()])),
                'label': tf.train.Feature(float_list=tf.train.FloatList(value=[found, 1.0 - found])),
                'handler': tf.train.Feature(bytes_list=tf.train.BytesList(value=[('team%d' % (i % 3)).encode()])),
            }))
            w.write(ex.SerializeToString())


def main(data_dir):
    out = os.path.join(data_dir, 'h55_dog_gps_tracks')
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, 'tracks.tfrecords')
    write_tracks(path)

    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    track, label, handler = read_and_decode(filename_queue=filename_queue)
    dist = tf.reduce_sum(tf.abs(track[1:] - track[:-1]))
    tracks, labels, handlers, dists = tf.train.batch([track, label, handler, dist], batch_size=4,
                                                     num_threads=1, allow_smaller_final_batch=True)

    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    sess = tf.Session()
    sess.run(init_op)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    try:
        while not coord.should_stop():
            t, l, h, d = sess.run([tracks, labels, handlers, dists])
            batches.append([t.astype(np.float64).round(4).tolist(), l.tolist(),
                            [x.decode() for x in h], np.round(d.astype(np.float64), 4).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "tracks: %d" % sum(len(b[1]) for b in batches)}
