import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf

TILE = 4


def _png(arr, color_type, width=TILE):
    raw = b''.join(b'\x00' + row.astype(np.uint8).tobytes() for row in arr)

    def chunk(tag, data):
        return struct.pack('>I', len(data)) + tag + data + struct.pack('>I', zlib.crc32(tag + data) & 0xffffffff)
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', width, arr.shape[0], 8, color_type, 0, 0, 0))
            + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))


def build_tiles(path):
    rng = np.random.RandomState(6307)
    with tf.python_io.TFRecordWriter(path) as writer:
        for i in range(16):
            rgb = rng.randint(0, 256, (TILE, TILE, 3))
            mask = (rgb.mean(axis=2) > 128).astype(np.uint8) * 255
            rgba_mask = np.dstack([mask, mask, mask, np.full_like(mask, 255)])
            ex = tf.train.Example(features=tf.train.Features(feature={
                'image_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[_png(rgb.reshape(TILE, -1), 2)])),
                'label_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[_png(rgba_mask.reshape(TILE, -1), 6)])),
            }))
            writer.write(ex.SerializeToString())


def read_and_decode(filename_queue, use_random_crop=True):
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)

    features = tf.parse_single_example(serialized_example,
                                       features={
                                           'image_raw': tf.FixedLenFeature([], tf.string),
                                           'label_raw': tf.FixedLenFeature([], tf.string),
                                       })
    image = tf.image.decode_png(features['image_raw'], channels=3, dtype=tf.uint8, name="decode_sat")
    label = tf.image.decode_png(features['label_raw'], channels=4, dtype=tf.uint8, name="decode_mask")
    image.set_shape([TILE, TILE, 3])
    label.set_shape([TILE, TILE, 4])
    if use_random_crop:
        both = tf.random_crop(tf.concat([image, label], axis=2), [TILE - 1, TILE - 1, 7])
        image, label = both[:, :, :3], both[:, :, 3:]
    cloud = tf.cast(tf.equal(label[:, :, 0], 255), tf.int32)
    return tf.cast(image, tf.float32) / 255.0, cloud


def main(data_dir):
    d = os.path.join(data_dir, 'h63_cloud_mask_satellite_tiles_png_pairs_tfrecord_read_and_decode_use_random_crop_flag_shuffle_batch')
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, 'sentinel2_like_tiles.tfrecords')
    build_tiles(path)
    filename_queue = tf.train.string_input_producer([path], num_epochs=1)
    image, mask = read_and_decode(filename_queue, use_random_crop=False)
    images, masks = tf.train.shuffle_batch([image, mask], batch_size=4, capacity=16,
                                           min_after_dequeue=6, num_threads=1)
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        sess.run(tf.global_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        batches = []
        try:
            for _ in range(50):
                im, mk = sess.run([images, masks])
                batches.append([np.round(im, 5).tolist(), mk.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': len(batches)}
