"""Triplet pairs reader: height / width / left_image / right_image / labels, shapes built by tf.stack from the
parsed sizes, both images padded or cropped to a constant size by resize_image_with_crop_or_pad, train.batch."""
import os

import numpy as np
import tensorflow as tf

IMAGE_HEIGHT = 3
IMAGE_WIDTH = 3


def read_and_decode(filename_queue):

    reader = tf.compat.v1.TFRecordReader()

    _, serialized_example = reader.read(filename_queue)

    features = tf.compat.v1.parse_single_example(
      serialized_example,
      # Defaults are not specified since both keys are required.
      features={
        'height': tf.compat.v1.FixedLenFeature([], tf.int64),
        'width': tf.compat.v1.FixedLenFeature([], tf.int64),
        'left_image': tf.compat.v1.FixedLenFeature([], tf.string),
        'right_image': tf.compat.v1.FixedLenFeature([], tf.string),
        'labels': tf.compat.v1.FixedLenFeature([], tf.int64)
        })

    image = tf.compat.v1.decode_raw(features['left_image'], tf.uint8)
    annotation = tf.compat.v1.decode_raw(features['right_image'], tf.uint8)

    height = tf.cast(features['height'], tf.int32)
    width = tf.cast(features['width'], tf.int32)

    label = tf.cast(features['labels'], tf.int32)

    image_shape = tf.stack([height, width, 3])
    annotation_shape = tf.stack([height, width, 3])

    image = tf.reshape(image, image_shape)
    annotation = tf.reshape(annotation, annotation_shape)

    resized_image = tf.image.resize_with_crop_or_pad(image=image,
                                                     target_height=IMAGE_HEIGHT,
                                                     target_width=IMAGE_WIDTH)

    resized_annotation = tf.image.resize_with_crop_or_pad(image=annotation,
                                                          target_height=IMAGE_HEIGHT,
                                                          target_width=IMAGE_WIDTH)

    images, annotations, labels = tf.compat.v1.train.batch([resized_image, resized_annotation, label],
                                                           batch_size=2,
                                                           capacity=30,
                                                           num_threads=1,
                                                           allow_smaller_final_batch=True)

    return images, annotations, labels


def main(data_dir):
    root = os.path.join(data_dir, 'h32_triplets')
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'pairs.tfrecords')
    rng = np.random.RandomState(77)
    with tf.io.TFRecordWriter(path) as w:
        for i in range(7):
            h, wd = int(rng.randint(2, 5)), int(rng.randint(2, 5))
            left = rng.randint(1, 256, size=(h, wd, 3)).astype(np.uint8)
            right = rng.randint(1, 256, size=(h, wd, 3)).astype(np.uint8)
            ex = tf.train.Example(features=tf.train.Features(feature={
                'height': tf.train.Feature(int64_list=tf.train.Int64List(value=[h])),
                'width': tf.train.Feature(int64_list=tf.train.Int64List(value=[wd])),
                'left_image': tf.train.Feature(bytes_list=tf.train.BytesList(value=[left.tobytes()])),
                'right_image': tf.train.Feature(bytes_list=tf.train.BytesList(value=[right.tobytes()])),
                'labels': tf.train.Feature(int64_list=tf.train.Int64List(value=[i % 2])),
            }))
            w.write(ex.SerializeToString())
    filename_queue = tf.compat.v1.train.string_input_producer([path], num_epochs=1, shuffle=False)
    image, annotation, label = read_and_decode(filename_queue)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.group(tf.compat.v1.global_variables_initializer(),
                                    tf.compat.v1.local_variables_initializer()))
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(coord=coord)
        try:
            while True:
                img, anno, lab = sess.run([image, annotation, label])
                batches.append([[int(a.sum()), int(b.sum()), int((a == 0).sum()), int(l)]
                                for a, b, l in zip(img, anno, lab)])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {'batches': [[list(column) for column in zip(*rows)] for rows in batches], 'end': '%d pairs' % sum(len(b) for b in batches)}
