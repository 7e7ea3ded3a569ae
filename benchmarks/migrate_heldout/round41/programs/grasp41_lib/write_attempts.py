import os

import numpy as np
import tensorflow as tf

from grasp41_lib.grasp_dataset import NUM_STEPS

FEATURES = (['grasp/%d/reached_pose' % s for s in range(NUM_STEPS)] +
            ['grasp/%d/commanded_pose' % s for s in range(NUM_STEPS)] +
            ['grasp/image/encoded', 'gripper/status', 'grasp_success', 'robot/name'])


def _float(v):
    return tf.train.Feature(float_list=tf.train.FloatList(value=v))


def _bytes(v):
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[v]))


def write_dataset(data_dir, dataset='041', n_files=2, per_file=5, seed=8):
    if not os.path.isdir(data_dir):
        os.makedirs(data_dir)
    rng = np.random.RandomState(seed)
    with open(os.path.join(data_dir, 'features_' + dataset + '.csv'), 'w') as f:
        f.write(','.join(FEATURES) + ',\n')
        f.write('%d\n' % (n_files * per_file))
    for i in range(n_files):
        path = os.path.join(data_dir, 'grasping_dataset_%s_%d.tfrecord-00000-of-00001' % (dataset, i))
        with tf.io.TFRecordWriter(path) as w:
            for j in range(per_file):
                feat = {}
                for s in range(NUM_STEPS):
                    feat['grasp/%d/reached_pose' % s] = _float(np.round(rng.uniform(-1, 1, 7), 3).tolist())
                    feat['grasp/%d/commanded_pose' % s] = _float(np.round(rng.uniform(-1, 1, 7), 3).tolist())
                feat['grasp/image/encoded'] = _bytes(rng.randint(0, 256, 12).astype(np.uint8).tobytes())
                feat['gripper/status'] = _float([round(float(rng.uniform(0, 0.1)), 3)])
                feat['grasp_success'] = _float([float(rng.rand() > 0.5)])
                feat['robot/name'] = _bytes(('arm%d' % (j % 3)).encode())
                w.write(tf.train.Example(features=tf.train.Features(feature=feat)).SerializeToString())
