"""Landmark recognition evaluation (Inception's shape, one-reader path): a `Dataset` subclass giving the files and
`reader()`, one `reader.read` whose serialized example is parsed by each of 2 preprocessing copies made in a
loop over `thread_id` (`if not thread_id:` adds the image summary), `central_crop` + `resize_bilinear`,
`batch_join` under `device('/cpu:0')`; `in_top_k` precision for `ceil(num_examples / batch_size)` steps, runners
made by `qr.create_threads(sess, coord=coord, daemon=True, start=True)` from the collection."""

import math
import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf

from landmarks_lib import image_processing
from landmarks_lib.dataset import LandmarksData

LANDMARKS = [b'bridge', b'tower', b'castle', b'temple']


def _png(rows):
    raw = b"".join(b"\x00" + bytes(r) for r in rows)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    head = struct.pack(">IIBBBBB", len(rows[0]), len(rows), 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def write_validation(out_dir, shards=2, per_shard=6):
    if not os.path.isdir(out_dir):
        os.makedirs(out_dir)
    n = 0
    for s in range(shards):
        path = os.path.join(out_dir, 'validation-%05d-of-%05d' % (s, shards))
        with tf.python_io.TFRecordWriter(path) as writer:
            for _ in range(per_shard):
                pixels = [[((n + 2) * (r * 6 + c) * 29) % 256 for c in range(6)] for r in range(6)]
                example = tf.train.Example(features=tf.train.Features(feature={
                    'image/encoded': tf.train.Feature(bytes_list=tf.train.BytesList(value=[_png(pixels)])),
                    'image/class/label': tf.train.Feature(int64_list=tf.train.Int64List(value=[n % 4])),
                    'image/class/text': tf.train.Feature(bytes_list=tf.train.BytesList(value=[LANDMARKS[n % 4]])),
                }))
                writer.write(example.SerializeToString())
                n += 1


def inference(images, num_classes):
    flat = tf.reshape(images, [images.get_shape()[0], -1])
    dim = int(flat.get_shape()[1])
    weights = tf.get_variable('weights', [dim, num_classes], initializer=tf.constant_initializer(
        np.sin(np.arange(dim * num_classes)).reshape(dim, num_classes)))
    return tf.matmul(flat, weights)


def evaluate(dataset, batch_size):
    images, labels, texts = image_processing.inputs(dataset, batch_size=batch_size)
    logits = inference(images, dataset.num_classes())
    top_1_op = tf.nn.in_top_k(logits, labels, 1)

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        try:
            threads = []
            for qr in tf.get_collection(tf.GraphKeys.QUEUE_RUNNERS):
                threads.extend(qr.create_threads(sess, coord=coord, daemon=True, start=True))

            num_iter = int(math.ceil(dataset.num_examples_per_epoch() / batch_size))
            count_top_1 = 0.0
            total_sample_count = num_iter * batch_size
            step = 0
            while step < num_iter and not coord.should_stop():
                top_1, image_values, label_values, text_values = sess.run([top_1_op, images, labels, texts])
                count_top_1 += np.sum(top_1)
                batches.append([np.round(image_values, 5).tolist(), label_values.tolist(),
                                [t.decode() for t in text_values], top_1.tolist()])
                step += 1
            precision_at_1 = count_top_1 / total_sample_count
        except Exception as e:  # pylint: disable=broad-except
            coord.request_stop(e)

        coord.request_stop()
        coord.join(threads, stop_grace_period_secs=10)
    return batches, round(float(precision_at_1), 6)


def main(data_dir):
    out = os.path.join(data_dir, 'h22_landmarks_inception_one_reader_thread_summaries')
    write_validation(out)
    dataset = LandmarksData(subset='validation', data_dir=out)
    batches, precision = evaluate(dataset, batch_size=4)
    return {'batches': batches, 'end': precision}
