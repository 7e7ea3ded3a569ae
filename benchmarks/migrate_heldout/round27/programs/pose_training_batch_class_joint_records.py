"""Pose estimation training input: TFRecord shards of crops and joints, a TrainingBatch object from shuffle_batch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from pose27_lib import read_pose, records


def main(data_dir):
    paths = records.write_shards(os.path.join(data_dir, "h27_pose_training_batch_class_joint_records"))
    training_batch = read_pose.setup_train_inputs(paths, batch_size=4)
    mean_joint = tf.reduce_mean(training_batch.joints, axis=1)
    batches = []
    session = tf.Session()
    session.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=session, coord=coord)
    try:
        while True:
            ids, mj, img = session.run([training_batch.ids, mean_joint, training_batch.images])
            batches.append([ids.tolist(), np.round(mj, 3).tolist(), np.round(img.sum(axis=(1, 2, 3)), 3).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    session.close()
    return {"batches": batches, "end": "%d steps" % len(batches)}
