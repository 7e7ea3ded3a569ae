"""Grasp attempts of a robot arm: the dataset class reads the feature names from a csv,
builds the parse spec from them and batches the parsed dict."""
import os

import numpy as np
import tensorflow as tf

from grasp41_lib import grasp_dataset
from grasp41_lib.write_attempts import write_dataset


def main(data_dir):
    root = os.path.join(data_dir, 'h41_grasp_attempts')
    write_dataset(root)
    data = grasp_dataset.GraspDataset(data_dir=root)
    batch_dict, features_complete_list, attempt_count = data.get_simple_batch(batch_size=4)

    poses = grasp_dataset.get_time_ordered_features(features_complete_list, 'reached_pose')
    final_pose = batch_dict[poses[-1]]
    # distance travelled between the first and the last reached pose (xyz only)
    travel = tf.norm(final_pose[:, :3] - batch_dict[poses[0]][:, :3], axis=1)
    image_mean = tf.reduce_mean(batch_dict['grasp/image/decoded'], axis=[1, 2, 3])

    fetch = [batch_dict['robot/name'], travel, image_mean,
             batch_dict['gripper/status'], batch_dict['grasp_success']]
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                names, t, m, g, s = sess.run(fetch)
                batches.append([[n.decode() for n in names],
                                np.round(t.astype(np.float64), 4).tolist(),
                                np.round(m.astype(np.float64), 4).tolist(),
                                np.round(g.astype(np.float64), 3).reshape(-1).tolist(),
                                s.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    seen = sum(len(b[0]) for b in batches)
    return {'batches': batches, 'end': 'attempts: %d of %d' % (seen, attempt_count)}
