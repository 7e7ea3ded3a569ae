"""Satellite tiles in two archives (plain and GZIP TFRecords) merged by batch_join of two decoders."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

TILE = 2
BANDS = 4


def write_archive(root, prefix, start, count, compressed):
    os.makedirs(root, exist_ok=True)
    opts = tf.python_io.TFRecordOptions(tf.python_io.TFRecordCompressionType.GZIP) if compressed else None
    for shard in range(2):
        path = os.path.join(root, '%s_%d.tfrecord%s' % (prefix, shard, '.gz' if compressed else ''))
        with tf.python_io.TFRecordWriter(path, options=opts) as w:
            for k in range(count // 2):
                tile_id = start + shard * (count // 2) + k
                bands = (np.arange(TILE * TILE * BANDS, dtype=np.float32) * 0.01 + tile_id).astype(np.float32)
                ex = tf.train.Example(features=tf.train.Features(feature={
                    'tile_id': tf.train.Feature(int64_list=tf.train.Int64List(value=[tile_id])),
                    'bands': tf.train.Feature(bytes_list=tf.train.BytesList(value=[bands.tobytes()])),
                    'cloudy': tf.train.Feature(int64_list=tf.train.Int64List(value=[tile_id % 2])),
                }))
                w.write(ex.SerializeToString())


def decoder(pattern, compressed, seed):
    files = tf.gfile.Glob(pattern)
    queue = tf.train.string_input_producer(sorted(files), num_epochs=1, shuffle=True, seed=seed)
    if compressed:
        reader = tf.TFRecordReader(options=tf.python_io.TFRecordOptions(
            compression_type=tf.python_io.TFRecordCompressionType.GZIP))
    else:
        reader = tf.TFRecordReader()
    _, value = reader.read(queue)
    ex = tf.parse_single_example(value, {
        'tile_id': tf.FixedLenFeature([], tf.int64),
        'bands': tf.FixedLenFeature([], tf.string),
        'cloudy': tf.FixedLenFeature([], tf.int64),
    })
    bands = tf.reshape(tf.decode_raw(ex['bands'], tf.float32), [TILE, TILE, BANDS])
    ndvi = (bands[..., 3] - bands[..., 2]) / (bands[..., 3] + bands[..., 2])
    return [ex['tile_id'], tf.reduce_mean(ndvi), ex['cloudy']]


def main(data_dir):
    root = os.path.join(data_dir, 'h28_satellite_tiles_gfile_glob_plain_and_gzip_batch_join')
    write_archive(root, 'sentinel', 0, 8, compressed=False)
    write_archive(root, 'landsat', 100, 8, compressed=True)
    decoders = [decoder(os.path.join(root, 'sentinel_*.tfrecord'), False, seed=1),
                decoder(os.path.join(root, 'landsat_*.tfrecord.gz'), True, seed=2)]
    ids, ndvi, cloudy = tf.train.batch_join(decoders, batch_size=4, capacity=16)

    results = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                i, n, c = sess.run([ids, ndvi, cloudy])
                results.append([i.tolist(), np.round(n, 5).tolist(), c.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'all tiles read'
        coord.request_stop()
        coord.join(threads)
    return {'batches': results, 'end': end}
