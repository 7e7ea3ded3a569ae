"""The dog-breeds split: records with encoded raw pixels, a class label and a breed name."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from provider34_lib import data

_FILE_PATTERN = "dogs_%s_%d.tfrecord"
SPLITS_TO_SIZES = {"train": 6}
_NUM_CLASSES = 3
_ITEMS_TO_DESCRIPTIONS = {"image": "A 2x2 color image.", "label": "An integer in [0, 3).", "breed": "Breed name."}
_BREEDS = ["beagle", "husky", "pug"]


def write_split(dataset_dir, split_name):
    os.makedirs(dataset_dir, exist_ok=True)
    rng = np.random.RandomState(21)
    index = 0
    for shard in range(2):
        with tf.python_io.TFRecordWriter(os.path.join(dataset_dir, _FILE_PATTERN % (split_name, shard))) as w:
            for _ in range(SPLITS_TO_SIZES[split_name] // 2):
                label = index % _NUM_CLASSES
                pixels = rng.randint(0, 255, size=(2, 2, 3)).astype(np.uint8)
                feature = {
                    "image/encoded": tf.train.Feature(bytes_list=tf.train.BytesList(value=[pixels.tobytes()])),
                    "image/class/label": tf.train.Feature(int64_list=tf.train.Int64List(value=[label])),
                    "image/class/text": tf.train.Feature(bytes_list=tf.train.BytesList(
                        value=[_BREEDS[label].encode()])),
                }
                w.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
                index += 1


def get_split(split_name, dataset_dir, reader=None):
    if reader is None:
        reader = tf.TFRecordReader
    sources = [os.path.join(dataset_dir, _FILE_PATTERN % (split_name, s)) for s in range(2)]
    keys_to_features = {
        "image/encoded": tf.FixedLenFeature((), tf.string, default_value=""),
        "image/class/label": tf.FixedLenFeature([], tf.int64, default_value=tf.zeros([], dtype=tf.int64)),
        "image/class/text": tf.FixedLenFeature((), tf.string, default_value="unknown"),
    }

    def _image(example):
        image = tf.decode_raw(example["image/encoded"], tf.uint8)
        return tf.reshape(image, [2, 2, 3])

    items_to_handlers = {
        "image": _image,
        "label": lambda example: example["image/class/label"],
        "breed": lambda example: example["image/class/text"],
    }
    decoder = data.ExampleDecoder(keys_to_features, items_to_handlers)
    return data.Dataset(data_sources=sources, reader=reader, decoder=decoder,
                        num_samples=SPLITS_TO_SIZES[split_name], items_to_descriptions=_ITEMS_TO_DESCRIPTIONS,
                        num_classes=_NUM_CLASSES)
