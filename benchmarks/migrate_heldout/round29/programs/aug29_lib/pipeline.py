from tensorflow.compat import v1 as tf

from aug29_lib.augment import augment_patch


class AugmentedInput(object):
    def __init__(self, config, patches, labels):
        self.config = config
        self.patches = patches
        self.labels = labels

    def _augment(self, patch, label):
        size = self.config.patch_size
        patch, label = tf.py_func(augment_patch, [patch, label], [tf.float32, tf.int32])
        patch.set_shape([size, size])
        label.set_shape([])
        return patch, label

    def inputs(self):
        cfg = self.config
        patch, label = tf.train.slice_input_producer([self.patches, self.labels], num_epochs=cfg.num_epochs,
                                                     shuffle=False)
        patch, label = self._augment(patch, label)
        return tf.train.batch([patch, label], batch_size=cfg.batch_size, num_threads=cfg.num_threads,
                              capacity=cfg.capacity)
