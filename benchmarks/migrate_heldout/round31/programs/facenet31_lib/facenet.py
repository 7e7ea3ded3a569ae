"""Functions for building the face recognition network (the data part)."""
import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.python.ops import data_flow_ops


class ImageClass():
    "Stores the paths to images for a given class"
    def __init__(self, name, image_paths):
        self.name = name
        self.image_paths = image_paths

    def __str__(self):
        return self.name + ', ' + str(len(self.image_paths)) + ' images'

    def __len__(self):
        return len(self.image_paths)


def write_png(path, img):
    h, w = img.shape
    raw = b''.join(b'\x00' + img[r].astype(np.uint8).tobytes() for r in range(h))
    def chunk(tag, data):
        return struct.pack('>I', len(data)) + tag + data + struct.pack('>I', zlib.crc32(tag + data) & 0xffffffff)
    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 0, 0, 0, 0))
                + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))


def get_dataset(path, has_class_directories=True):
    dataset = []
    path_exp = os.path.expanduser(path)
    classes = [p for p in os.listdir(path_exp) if os.path.isdir(os.path.join(path_exp, p))]
    classes.sort()
    for class_name in classes:
        facedir = os.path.join(path_exp, class_name)
        image_paths = [os.path.join(facedir, img) for img in sorted(os.listdir(facedir))]
        dataset.append(ImageClass(class_name, image_paths))
    return dataset


def get_image_paths_and_labels(dataset):
    image_paths_flat = []
    labels_flat = []
    for i in range(len(dataset)):
        image_paths_flat += dataset[i].image_paths
        labels_flat += [i] * len(dataset[i].image_paths)
    return image_paths_flat, labels_flat


def create_input_queue(image_paths_placeholder, labels_placeholder):
    input_queue = data_flow_ops.FIFOQueue(capacity=100000,
                                          dtypes=[tf.string, tf.int32],
                                          shapes=[(1,), (1,)],
                                          shared_name=None, name=None)
    enqueue_op = input_queue.enqueue_many([image_paths_placeholder, labels_placeholder], name='enqueue_op')
    return input_queue, enqueue_op
