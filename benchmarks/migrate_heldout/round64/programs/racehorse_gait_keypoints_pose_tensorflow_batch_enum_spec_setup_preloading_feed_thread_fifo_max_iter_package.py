"""Racehorse gait keypoints (fetlock joints on treadmill frames), trained the pose-tensorflow way: a
`Batch` enum spec, placeholders per batch entry, one Python thread running `load_and_enqueue` into a
shapeless FIFOQueue, and a `max_iter` training loop."""
import logging
import os

import numpy as np
import tensorflow.compat.v1 as tf

from pose64_lib.config import load_config
from pose64_lib.dataset.pose_dataset import PoseDataset, Batch
from pose64_lib.train import get_batch_spec, setup_preloading, start_preloading


def write_gait_frames(folder):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(64)
    n = 5
    images = rng.randint(0, 256, size=(n, 3, 3, 3)).astype(np.uint8)
    joints = np.array([[[0, i % 3, (i + 1) % 3], [1, 2, i % 3]] for i in range(n)], dtype=np.float32)
    names = np.array(['trot_%03d.png' % i for i in range(n)])
    np.savez(os.path.join(folder, 'gait_train.npz'), images=images, joints=joints, names=names)
    return os.path.join(folder, 'gait_train.npz')


def train(cfg):
    dataset = PoseDataset(cfg)

    batch_spec = get_batch_spec(cfg)
    batch, enqueue_op, placeholders, queue = setup_preloading(batch_spec)

    inputs = batch[Batch.inputs] - tf.constant(cfg.mean_pixel)
    targets = batch[Batch.part_score_targets]
    weights = batch[Batch.part_score_weights]
    with tf.variable_scope('pose'):
        w = tf.get_variable('part_pred_w', [3, cfg.num_joints], initializer=tf.constant_initializer(0.01))
    heads = tf.tensordot(inputs, w, axes=[[3], [0]])
    loss = tf.losses.sigmoid_cross_entropy(targets, heads, weights)

    sess = tf.Session()
    coord, thread = start_preloading(sess, enqueue_op, dataset, placeholders)
    sess.run(tf.global_variables_initializer())
    sess.run(tf.local_variables_initializer())

    max_iter = int(cfg.max_iter)
    collected = []
    for it in range(max_iter+1):
        inp, tgt, loss_val = sess.run([batch[Batch.inputs], targets, loss])
        collected.append([inp.tolist(), tgt.tolist(), round(float(loss_val), 4)])

    coord.request_stop()
    sess.run(queue.close(cancel_pending_enqueues=True))
    coord.join([thread])
    sess.close()
    return collected, max_iter


def main(data_dir):
    folder = os.path.join(data_dir, 'h64_racehorse_gait')
    dataset_file = write_gait_frames(folder)
    cfg = load_config({'dataset': dataset_file, 'shuffle': False, 'max_iter': 6})
    logging.getLogger(__name__).debug(cfg)
    batches, max_iter = train(cfg)
    return {"batches": batches, "end": "gait frames: %d iterations (max_iter %d)" % (len(batches), max_iter)}
