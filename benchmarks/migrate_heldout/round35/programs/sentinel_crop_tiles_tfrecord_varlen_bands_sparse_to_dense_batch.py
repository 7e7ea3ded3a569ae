"""Sentinel-2 crop tiles: band values as `VarLenFeature`s, densified and stacked into [2, 2, bands] tiles."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

BANDS = ['B02', 'B03', 'B04', 'B08']
TILE = 2


def write_tiles(path, n):
    rng = np.random.RandomState(3535)
    with tf.python_io.TFRecordWriter(path) as w:
        for i in range(n):
            feature = {b: tf.train.Feature(int64_list=tf.train.Int64List(
                value=rng.randint(0, 10000, size=TILE * TILE).tolist())) for b in BANDS}
            feature['crop_id'] = tf.train.Feature(int64_list=tf.train.Int64List(value=[i % 4]))
            w.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())


def parse_tile(serialized):
    spec = {b: tf.VarLenFeature(tf.int64) for b in BANDS}
    spec['crop_id'] = tf.FixedLenFeature([], tf.int64)
    parsed = tf.parse_single_example(serialized, spec)
    bands = [tf.reshape(tf.sparse_tensor_to_dense(parsed[b]), [TILE, TILE]) for b in BANDS]
    tile = tf.cast(tf.stack(bands, axis=-1), tf.float32) / 10000.0
    ndvi = (tile[:, :, 3] - tile[:, :, 2]) / (tile[:, :, 3] + tile[:, :, 2] + 1e-6)
    return tile, ndvi, parsed['crop_id']


def main(data_dir):
    root = os.path.join(data_dir, 'h35_sentinel')
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'tiles.tfrecord.gz')
    write_tiles(path, 7)
    # the file is not compressed despite its name: the reader is told so with options
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader(options=tf.python_io.TFRecordOptions(tf.python_io.TFRecordCompressionType.NONE))
    _, serialized = reader.read(queue)
    tile, ndvi, crop = parse_tile(serialized)
    tiles, ndvis, crops = tf.train.batch([tile, ndvi, crop], batch_size=3, allow_smaller_final_batch=True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while not coord.should_stop():
                t, n, c = sess.run([tiles, ndvis, crops])
                batches.append([np.round(t, 4).tolist(), np.round(n, 4).tolist(), c.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "tiles: %d" % sum(len(b[2]) for b in batches)}
