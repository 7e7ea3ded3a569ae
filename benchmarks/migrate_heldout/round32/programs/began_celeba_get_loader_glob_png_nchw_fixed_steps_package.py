"""BEGAN data loader (package began32_lib): get_loader(root, batch_size, scale_size, data_format) over a glob of
PNGs, an unshuffled producer without epoch limit (the 5 files cycle), train.batch, crop + nearest resize and an
NCHW transpose after the batch; a Trainer-like loop of config.max_step steps."""
import os

import tensorflow as tf

from began32_lib.config import get_config
from began32_lib.data_loader import get_loader
from began32_lib.utils import make_faces, norm_img


class Trainer(object):
    def __init__(self, config, data_loader):
        self.config = config
        self.data_loader = data_loader
        self.step = tf.Variable(0, name='step', trainable=False)
        self.x = norm_img(self.data_loader)
        self.step_inc = tf.compat.v1.assign_add(self.step, 1)

    def train(self, sess):
        out = []
        for _ in range(self.config.max_step):
            x, _ = sess.run([self.data_loader, self.step_inc])
            out.append([[int(v) for v in img.reshape(-1)[:6]] + [int(img.sum())] for img in x])
        return out


def main(data_dir):
    root = os.path.join(data_dir, 'h32_began', 'CelebA')
    os.makedirs(root, exist_ok=True)
    make_faces(root, 5, 320)
    config = get_config(root)
    data_loader = get_loader(config.data_dir, config.batch_size, config.input_scale_size,
                             config.data_format, config.split)
    trainer = Trainer(config, data_loader)
    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.global_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    batches = trainer.train(sess)
    step = sess.run(trainer.step)
    coord.request_stop()
    coord.join(threads, stop_grace_period_secs=5)
    sess.close()
    return {'batches': [[list(column) for column in zip(*rows)] for rows in batches], 'end': 'trained %d steps' % step}
