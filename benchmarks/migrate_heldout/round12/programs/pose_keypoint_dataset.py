"""Pose estimation training script: the input data set object lives in pose_lib; this script builds a
(stand-in) model over the keypoint batches and trains under a MonitoredTrainingSession until the data ends."""

import glob
import os

import tensorflow as tf

from pose_lib.dataset import PoseDataset

BATCH_SIZE = 16
NUM_EPOCHS = 2


def build_model(batch):
    heatmap_proxy = tf.reduce_sum(batch["keypoints"] * tf.cast(batch["visible"], tf.float32), axis=1)
    global_step = tf.compat.v1.train.get_or_create_global_step()
    train_op = tf.compat.v1.assign_add(global_step, 1)
    return heatmap_proxy, train_op


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, "records-*.tfrecord")))
    dataset = PoseDataset(files, BATCH_SIZE, num_readers=2, num_epochs=NUM_EPOCHS, is_training=True)
    batch = dataset.get_batch()
    heatmap_proxy, train_op = build_model(batch)

    batches = []
    end = "should_stop"
    with tf.compat.v1.train.MonitoredTrainingSession(checkpoint_dir=None, save_summaries_steps=None,
                                                     log_step_count_steps=None) as sess:
        while not sess.should_stop():
            try:
                values, score, _ = sess.run([batch, heatmap_proxy, train_op])
            except tf.errors.OutOfRangeError:
                end = "OutOfRangeError"
                break
            batches.append({
                "keypoints": values["keypoints"].tolist(),
                "visible": values["visible"].tolist(),
                "person_id": values["person_id"].tolist(),
                "score": [round(float(s), 3) for s in score],
            })
    return {"batches": batches, "end": end}
