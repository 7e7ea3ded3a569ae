"""Code for loading data from a (tiny) robotics grasping dataset.

Each grasp attempt is one Example; the names of its features are listed in a
features_<dataset>.csv file next to the records, and the reader builds its parse
spec from that list.
"""

import os
import re

import numpy as np
import tensorflow as tf
from tensorflow.python.platform import gfile

tf1 = tf.compat.v1

DEFAULT_DATASET = '041'
NUM_STEPS = 2


class GraspDataset(object):
    """Grasp attempts stored as tfrecords, feature names taken from a csv."""

    def __init__(self, data_dir=None, dataset=None):
        if data_dir is None:
            data_dir = os.path.join(os.path.expanduser('~'), '.keras', 'datasets', 'grasping')
        self.data_dir = data_dir
        if dataset is None:
            dataset = DEFAULT_DATASET
        self.dataset = dataset

    def _get_feature_csv_file_path(self):
        return os.path.join(self.data_dir, 'features_' + self.dataset + '.csv')

    def _get_tfrecord_path_glob_pattern(self):
        return os.path.join(self.data_dir, 'grasping_dataset_' + self.dataset + '*.tfrecord*')

    def get_features(self):
        """Returns (features_complete_list, attempt_count) read from the csv file."""
        with open(self._get_feature_csv_file_path(), 'r') as f:
            first_line = f.readline().strip()
            features_complete_list = [name for name in first_line.split(',') if name]
            attempt_count = int(f.readline().strip())
        return features_complete_list, attempt_count

    @staticmethod
    def _parse_spec(features_complete_list):
        spec = {}
        for name in features_complete_list:
            if name.endswith('image/encoded'):
                spec[name] = tf1.FixedLenFeature([], tf.string)
            elif name.endswith('reached_pose') or name.endswith('commanded_pose'):
                spec[name] = tf1.FixedLenFeature([7], tf.float32)
            elif name == 'gripper/status':
                spec[name] = tf1.FixedLenFeature([1], tf.float32)
            elif name == 'grasp_success':
                spec[name] = tf1.FixedLenFeature([], tf.float32)
            else:
                spec[name] = tf1.FixedLenFeature([], tf.string, default_value='')
        return spec

    def _image_decode(self, encoded):
        image = tf1.decode_raw(encoded, tf.uint8)
        image = tf.reshape(image, [2, 2, 3])
        return tf.image.convert_image_dtype(image, tf.float32)

    def _get_simple_tfrecordreader_dataset_ops(self):
        """One attempt's feature ops as a dict, the list of names, the attempt count."""
        features_complete_list, attempt_count = self.get_features()
        tfrecord_paths = sorted(gfile.Glob(self._get_tfrecord_path_glob_pattern()))
        record_input = tf1.train.string_input_producer(tfrecord_paths, num_epochs=1, shuffle=False)
        tfrecordreader = tf1.TFRecordReader()
        _, serialized = tfrecordreader.read(record_input)
        feature_op_dict = tf1.parse_single_example(
            serialized, features=self._parse_spec(features_complete_list))
        for name in list(feature_op_dict):
            if name.endswith('image/encoded'):
                feature_op_dict[name.replace('/encoded', '/decoded')] = self._image_decode(
                    feature_op_dict.pop(name))
        return feature_op_dict, features_complete_list, attempt_count

    def get_simple_batch(self, batch_size=4):
        feature_op_dict, features_complete_list, attempt_count = \
            self._get_simple_tfrecordreader_dataset_ops()
        batch_dict = tf1.train.batch(feature_op_dict, batch_size, num_threads=1,
                                     capacity=2 * batch_size, allow_smaller_final_batch=True)
        return batch_dict, features_complete_list, attempt_count


def get_time_ordered_features(features, feature_type='reached_pose', step_limit=None):
    """The 'grasp/<step>/<feature_type>' names of features, sorted by step."""
    matching = [f for f in features if re.match(r'grasp/\d+/' + feature_type + '$', f)]
    matching.sort(key=lambda f: int(f.split('/')[1]))
    if step_limit is not None:
        matching = matching[:step_limit]
    return matching
