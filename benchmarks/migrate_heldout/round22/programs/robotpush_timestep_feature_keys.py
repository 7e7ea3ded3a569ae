"""Action-conditioned video prediction on robot pushing episodes: per-timestep feature keys
('move/%d/image/encoded', ...) parsed in a Python loop, frames concatenated along time, a validation split
taken from the sorted file list; settings in a module-level FLAGS object of another module."""

import os
import struct
import zlib

import tensorflow.compat.v1 as tf

from push_lib import prediction_input
from push_lib.flags import FLAGS


def _png(rows):
    raw = b"".join(b"\x00" + bytes(r) for r in rows)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    head = struct.pack(">IIBBBBB", len(rows[0]), len(rows), 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def write_episodes(out_dir, files=4, per_file=6, steps=3):
    if not os.path.isdir(out_dir):
        os.makedirs(out_dir)
    n = 0
    for f in range(files):
        with tf.python_io.TFRecordWriter(os.path.join(out_dir, 'push_%d.tfrecords' % f)) as writer:
            for _ in range(per_file):
                feature = {}
                for t in range(steps):
                    pixels = [[(n * 13 + t * 7 + r * 6 + c * 3) % 256 for c in range(6)] for r in range(4)]
                    feature['move/%d/image/encoded' % t] = tf.train.Feature(
                        bytes_list=tf.train.BytesList(value=[_png(pixels)]))
                    feature['move/%d/commanded_pose/vec' % t] = tf.train.Feature(
                        float_list=tf.train.FloatList(value=[n + t * 0.5, -n * 0.25]))
                    feature['move/%d/endeffector/vec' % t] = tf.train.Feature(
                        float_list=tf.train.FloatList(value=[n * 0.5, t + 0.75]))
                writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
                n += 1


def main(data_dir):
    FLAGS.data_dir = os.path.join(data_dir, 'h22_robotpush_timestep_feature_keys')
    FLAGS.sequence_length = 3
    FLAGS.batch_size = 4
    write_episodes(FLAGS.data_dir)

    val_images, val_actions, val_states = prediction_input.build_tfrecord_input(training=False)
    # The model's first layer, in miniature: mean intensity per frame.
    frame_means = tf.reduce_mean(val_images, axis=[2, 3, 4])

    batches = []
    sess = tf.Session(config=tf.ConfigProto(log_device_placement=False))
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess, coord=coord)
    itr = 0
    try:
        for itr in range(100):
            images, actions, states, means = sess.run([val_images, val_actions, val_states, frame_means])
            batches.append([images.tolist(), actions.tolist(), states.tolist(), means.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": itr}
