"""An input_pipeline class: HR PNG files, a fixed HR crop, the LR patch by area resizing."""
import glob
import os

import tensorflow as tf

tf1 = tf.compat.v1


class PatchLoader(object):
    def __init__(self, cfg, hr_dir):
        self.cfg = cfg
        self.files = sorted(glob.glob(os.path.join(hr_dir, "*.png")))

    def _load(self, path):
        raw = tf1.read_file(path)
        hr = tf.image.decode_png(raw, channels=3)
        hr = tf.image.crop_to_bounding_box(hr, 1, 1, self.cfg.hr_size, self.cfg.hr_size)
        hr = tf.cast(hr, tf.float32) / 255.0
        lr_size = self.cfg.hr_size // self.cfg.scale
        lr = tf1.image.resize_images(hr, [lr_size, lr_size], method=tf1.image.ResizeMethod.AREA)
        return lr, hr

    def __call__(self):
        with tf1.name_scope("srgan_input"):
            (path,) = tf1.train.slice_input_producer([tf.constant(self.files)], num_epochs=self.cfg.n_epoch,
                                                     shuffle=False)
            lr, hr = self._load(path)
            lr.set_shape([self.cfg.hr_size // self.cfg.scale] * 2 + [3])
            hr.set_shape([self.cfg.hr_size, self.cfg.hr_size, 3])
            return tf1.train.batch([lr, hr, path], batch_size=self.cfg.batch_size, num_threads=1,
                                   allow_smaller_final_batch=True)
