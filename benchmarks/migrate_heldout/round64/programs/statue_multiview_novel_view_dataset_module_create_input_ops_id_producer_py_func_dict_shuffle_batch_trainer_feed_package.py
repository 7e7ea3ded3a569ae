"""Museum-free version of a novel-view-synthesis trainer: sculpture-garden statues photographed from several
camera poses; a view and its target pose are read through the id producer / py_func / dict shuffle_batch of
`create_input_ops`, then fed into the model's placeholders (Multiview2Novelview-style Trainer)."""
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os
from six.moves import xrange

import numpy as np
import tensorflow.compat.v1 as tf

from mv64_lib.input_ops import create_input_ops, check_data_id
import mv64_lib.dataset_statue as dataset


def write_statue_views(folder):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(6464)
    arrays = {}
    ids = []
    for i in range(16):
        sid = 'statue_%02d' % i
        ids.append(sid)
        arrays[sid + '/image'] = rng.randint(0, 256, size=(2, 2, 2, 3)).astype(np.uint8)
        arrays[sid + '/pose'] = np.eye(2, dtype=np.float32)[[i % 2, (i + 1) % 2]]
    np.savez(os.path.join(folder, 'data_statue.npz'), **arrays)
    with open(os.path.join(folder, 'id_statue.txt'), 'w') as fp:
        fp.write('\n'.join(ids) + '\n')


class Model(object):

    def __init__(self, config, is_train=True):
        self.batch_size = config.batch_size
        self.num_input = config.num_input
        self.image = tf.placeholder(
            name='image', dtype=tf.float32,
            shape=[self.batch_size, self.num_input, 2, 2, 3],
        )
        self.camera_pose = tf.placeholder(
            name='camera_pose', dtype=tf.float32,
            shape=[self.batch_size, self.num_input, 2],
        )
        self.is_training = tf.placeholder_with_default(bool(is_train), [], name='is_training')
        self.build(is_train=is_train)

    def get_feed_dict(self, batch_chunk, step=None, is_training=None):
        fd = {
            self.image: batch_chunk['image'],  # [B, n, h, w, c]
            self.camera_pose: batch_chunk['camera_pose'],  # [B, n, 2]
        }
        if is_training is not None:
            fd[self.is_training] = is_training
        return fd

    def build(self, is_train=True):
        w = tf.get_variable('pose_w', [2, 3], initializer=tf.constant_initializer(0.25))
        source = self.image[:, 0]
        target_pose = self.camera_pose[:, 1]
        shift = tf.matmul(target_pose, w)
        self.predicted = source + shift[:, None, None, :]
        self.loss = tf.reduce_mean(tf.abs(self.predicted - self.image[:, 1]), axis=[1, 2, 3])


class Trainer(object):

    def __init__(self, config, dataset, dataset_test):
        self.config = config
        self.batch_size = config.batch_size

        # --- input ops ---
        check_data_id(dataset, None)
        _, self.batch_train = create_input_ops(dataset, self.batch_size,
                                               num_threads=2,
                                               is_training=True)

        # --- create model ---
        self.model = Model(config)

        self.global_step = tf.train.get_or_create_global_step()
        self.step_op = tf.assign_add(self.global_step, 1)

        self.supervisor = tf.train.Supervisor(
            logdir=None,
            is_chief=True,
            saver=None,
            summary_op=None,
            summary_writer=None,
            save_summaries_secs=0,
            save_model_secs=0,
            global_step=self.global_step,
        )

        session_config = tf.ConfigProto(
            allow_soft_placement=True,
            device_count={'GPU': 1},
        )
        self.session = self.supervisor.prepare_or_wait_for_session(config=session_config)

    def train(self):
        collected = []
        max_steps = self.config.max_steps
        for s in xrange(max_steps):
            try:
                step, loss, chunk = self.run_single_step(self.batch_train, step=s, is_train=True)
            except tf.errors.OutOfRangeError:
                break
            collected.append([[x.decode('utf-8') for x in chunk['id']],
                              np.round(chunk['image'], 4).tolist(),
                              chunk['camera_pose'].tolist(),
                              np.round(loss, 4).tolist()])
        self.supervisor.stop()
        return collected

    def run_single_step(self, batch, step=None, is_train=True):
        batch_chunk = self.session.run(batch)

        fetch = [self.step_op, self.model.loss]

        fetch_values = self.session.run(
            fetch, feed_dict=self.model.get_feed_dict(batch_chunk, step=step)
        )
        [step, loss] = fetch_values[:]
        return step, loss, batch_chunk


class Config(object):
    batch_size = 4
    num_input = 2
    max_steps = 100


def main(data_dir):
    folder = os.path.join(data_dir, 'h64_statue_views')
    write_statue_views(folder)
    dataset.__PATH__ = folder

    config = Config()
    dataset_train, dataset_test = dataset.create_default_splits(config.num_input)

    trainer = Trainer(config, dataset_train, dataset_test)
    batches = trainer.train()
    return {"batches": batches,
            "end": "statue views: %d of %s" % (sum(len(b[0]) for b in batches), repr(dataset_train))}
