import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf

CROP_SIZE = (3, 3)
IMG_CHANNEL = 'BGR'

ATTR_KEYS = ['skirt_length_labels', 'coat_length_labels', 'collar_design_labels', 'neckline_design_labels']


def image_mirror(img):
    distort_left_right_random = tf.random_uniform([], 0, 1.0, dtype=tf.float32)
    mirror = tf.less(tf.stack([1.0, distort_left_right_random, 1.0]), 0.5)
    mirror = tf.boolean_mask([0, 1, 2], mirror)
    img = tf.reverse(img, mirror)
    return img


def image_crop(img):
    crop_h = CROP_SIZE[0]
    crop_w = CROP_SIZE[1]
    img = tf.image.resize_images(img, [crop_h, crop_w], method=tf.image.ResizeMethod.NEAREST_NEIGHBOR)
    return img


def input_stream(record_path, is_training, scope=None):
    with tf.device("/cpu:0"):
        with tf.variable_scope(scope or "input_stream"):
            reader = tf.TFRecordReader()
            filename_queue = tf.train.string_input_producer([record_path], num_epochs=1, shuffle=is_training)
            _, serialized_example = reader.read(filename_queue)
            features = tf.parse_single_example(serialized_example, features={
                'image/encoded': tf.FixedLenFeature([], tf.string),
                'image/attr_key': tf.FixedLenFeature([], tf.string),
                'image/label': tf.FixedLenFeature([], tf.int64),
            })
            img = tf.image.decode_png(features['image/encoded'], channels=3)
            if IMG_CHANNEL == 'BGR':
                img = tf.reverse(img, [2])
            img = tf.cast(img, tf.float32)
            if is_training:
                img = image_mirror(img)
            img = image_crop(img)
            label = tf.cast(features['image/label'], tf.int32)
            if is_training:
                batch = tf.train.shuffle_batch([img, label, features['image/attr_key']], batch_size=3,
                                               capacity=30, min_after_dequeue=10, num_threads=4)
            else:
                batch = tf.train.batch([img, label, features['image/attr_key']], batch_size=3,
                                       capacity=30, allow_smaller_final_batch=True)
    return batch


def _png(arr):
    arr = np.asarray(arr, np.uint8)
    h, w = arr.shape[:2]
    raw = b''.join(b'\x00' + arr[y].tobytes() for y in range(h))

    def chunk(kind, data):
        return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0)) +
            chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))


def _write_records(record_path):
    rng = np.random.RandomState(4208)
    with tf.python_io.TFRecordWriter(record_path) as writer:
        for i in range(7):
            img = rng.randint(0, 256, size=(4 + i % 2, 3 + i % 3, 3))
            key = ATTR_KEYS[i % len(ATTR_KEYS)]
            example = tf.train.Example(features=tf.train.Features(feature={
                'image/encoded': tf.train.Feature(bytes_list=tf.train.BytesList(value=[_png(img)])),
                'image/attr_key': tf.train.Feature(bytes_list=tf.train.BytesList(value=[key.encode()])),
                'image/label': tf.train.Feature(int64_list=tf.train.Int64List(value=[int(rng.randint(0, 6))])),
            }))
            writer.write(example.SerializeToString())


def main(data_dir):
    root = os.path.join(data_dir, 'h42_fashionai_input_stream')
    if not os.path.isdir(root):
        os.makedirs(root)
    record_path = os.path.join(root, 'fashionai_val.tfrecord')
    _write_records(record_path)

    images, labels, keys = input_stream(record_path, is_training=False, scope="val_stream")

    config = tf.ConfigProto(allow_soft_placement=True)
    batches = []
    with tf.Session(config=config) as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                im, lb, ky = sess.run([images, labels, keys])
                batches.append([im.astype(np.float64).tolist(), lb.tolist(), [k.decode() for k in ky]])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "attribute images: %d" % sum(len(b[1]) for b in batches)}
