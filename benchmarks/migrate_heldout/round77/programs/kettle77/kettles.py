"""datasets/kettles.py in the shape of slim's `datasets/flowers.py`: `_FILE_PATTERN`, `SPLITS_TO_SIZES`,
`_NUM_CLASSES`, `_ITEMS_TO_DESCRIPTIONS`, `get_split(split_name, dataset_dir, file_pattern=None, reader=None)`."""
import os

import tensorflow.compat.v1 as tf

from kettle77 import slim_lite as slim

_FILE_PATTERN = 'kettles_%s.tfrecord'

SPLITS_TO_SIZES = {'train': 12, 'validation': 7}

_NUM_CLASSES = 3

_ITEMS_TO_DESCRIPTIONS = {
    'image': 'A 5 x 5 colour photo of a kettle element.',
    'label': 'Limescale level, between 0 and 2',
}


def get_split(split_name, dataset_dir, file_pattern=None, reader=None):
    if split_name not in SPLITS_TO_SIZES:
        raise ValueError('split name %s was not recognized.' % split_name)
    if not file_pattern:
        file_pattern = _FILE_PATTERN
    file_pattern = os.path.join(dataset_dir, file_pattern % split_name)
    if reader is None:
        reader = tf.TFRecordReader

    keys_to_features = {
        'image/encoded': tf.FixedLenFeature((), tf.string, default_value=''),
        'image/class/label': tf.FixedLenFeature([], tf.int64, default_value=0),
    }
    items_to_handlers = {
        'image': slim.RawImage('image/encoded', [5, 5, 3]),
        'label': slim.Tensor('image/class/label'),
    }
    decoder = slim.TFExampleDecoder(keys_to_features, items_to_handlers)

    return slim.Dataset(
        data_sources=[file_pattern],
        reader=reader,
        decoder=decoder,
        num_samples=SPLITS_TO_SIZES[split_name],
        items_to_descriptions=_ITEMS_TO_DESCRIPTIONS,
        num_classes=_NUM_CLASSES)
