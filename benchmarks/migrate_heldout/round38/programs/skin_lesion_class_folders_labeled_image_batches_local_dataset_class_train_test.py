"""Dermoscopy thumbnails in class folders: read_labeled_image_batches(FLAGS) builds a local DataSet class
holding a train and a test batch; the caller runs the train batches, then the test batches."""
import argparse
import os
import struct
import zlib

import numpy as np
from tensorflow.compat.v1 import train
import tensorflow.compat.v1 as tf
from tensorflow.python.framework import ops
from tensorflow.python.framework import dtypes

CLASSES = ['keratosis', 'melanoma', 'nevus']


def _png(gray):
    h, w = gray.shape
    raw = b''.join(b'\x00' + gray[r].tobytes() for r in range(h))

    def chunk(tag, data):
        return struct.pack('>I', len(data)) + tag + data + struct.pack('>I', zlib.crc32(tag + data) & 0xffffffff)
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 0, 0, 0, 0))
            + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))


def _read_labeled_image_list(img_dir):
    image_list, label_list = [], []
    classes = sorted(d for d in os.listdir(img_dir) if os.path.isdir(os.path.join(img_dir, d)))
    for label, cls in enumerate(classes):
        for name in sorted(os.listdir(os.path.join(img_dir, cls))):
            image_list.append(os.path.join(img_dir, cls, name))
            label_list.append(label)
    return image_list, label_list, len(classes)


def _split(image_list, label_list, test_every):
    train_idx = [i for i in range(len(image_list)) if i % test_every]
    test_idx = [i for i in range(len(image_list)) if not i % test_every]
    pick = lambda idx, xs: [xs[i] for i in idx]
    return (pick(train_idx, image_list), pick(train_idx, label_list),
            pick(test_idx, image_list), pick(test_idx, label_list))


def _batches(image_list, label_list, FLAGS):
    images = ops.convert_to_tensor(image_list, dtype=dtypes.string)
    labels = ops.convert_to_tensor(label_list, dtype=dtypes.int32)
    input_queue = train.slice_input_producer([images, labels], num_epochs=1, shuffle=False)
    image = tf.image.decode_png(tf.read_file(input_queue[0]), channels=1)
    image.set_shape([FLAGS.img_size, FLAGS.img_size, 1])
    image = tf.cast(image, tf.float32) / 255.0
    return train.batch([image, input_queue[1]], batch_size=FLAGS.batch_size)


def read_labeled_image_batches(FLAGS):
    print("\nReading input images from {0}".format(FLAGS.img_dir))
    print("-----------------------------")
    class DataSet(object):
        pass

    # Create dataset structure
    train_data_set = DataSet()
    test_data_set = DataSet()
    data_sets = DataSet()
    data_sets.train = train_data_set
    data_sets.test = test_data_set

    # Reads pathes of images together with their labels
    image_list, label_list, num_classes = _read_labeled_image_list(FLAGS.img_dir)
    train_images, train_labels, test_images, test_labels = _split(image_list, label_list, FLAGS.test_every)

    data_sets.train.images, data_sets.train.labels = _batches(train_images, train_labels, FLAGS)
    data_sets.test.images, data_sets.test.labels = _batches(test_images, test_labels, FLAGS)
    data_sets.num_classes = num_classes
    return data_sets


def main(data_dir):
    out = os.path.join(data_dir, 'h38_skin_lesion')
    rng = np.random.RandomState(38)
    for c, cls in enumerate(CLASSES):
        os.makedirs(os.path.join(out, cls), exist_ok=True)
        for i in range(4):
            with open(os.path.join(out, cls, 'ISIC_%04d.png' % (c * 10 + i)), 'wb') as f:
                f.write(_png(rng.randint(0, 256, size=(3, 3)).astype(np.uint8)))

    FLAGS = argparse.Namespace(img_dir=out, batch_size=3, img_size=3, test_every=4)
    data_sets = read_labeled_image_batches(FLAGS)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        threads = train.start_queue_runners(sess=sess)
        for split in (data_sets.train, data_sets.test):
            try:
                while True:
                    images, labels = sess.run([split.images, split.labels])
                    batches.append([np.round(images[..., 0].astype(np.float64), 5).tolist(), labels.tolist()])
            except tf.errors.OutOfRangeError:
                pass
    return {"batches": batches, "end": "lesions: %d of %d classes" % (sum(len(b[1]) for b in batches),
                                                                      data_sets.num_classes)}
