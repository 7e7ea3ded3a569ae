"""Super-resolution patch loader: each image is cut into HR patches and their LR (strided) copies, enqueued many
at a time into a hand-built FIFOQueue with its QueueRunner; the loader object builds the graph in build() and
the training loop reads the dequeue from a property; a MonitoredTrainingSession runs until the input ends."""

import glob
import os

import tensorflow.compat.v1 as tf
from tensorflow.python.ops import data_flow_ops
from tensorflow.python.training import queue_runner


class PatchConfig(object):
    patch_size = 2
    scale = 2
    batch_size = 8
    queue_capacity = 64
    num_epochs = 40


class PatchLoader(object):
    def __init__(self, image_dir, config):
        self.image_dir = image_dir
        self.config = config
        self._queue = None
        self._batch = None

    def _image_paths(self):
        return sorted(glob.glob(os.path.join(self.image_dir, "image-*.png")))

    def _patches(self, image):
        p = self.config.patch_size
        hr = tf.reshape(image, [2, p, 2, p])
        hr = tf.reshape(tf.transpose(hr, [0, 2, 1, 3]), [4, p, p])
        lr = hr[:, ::self.config.scale, ::self.config.scale]
        return hr, lr

    def build(self):
        cfg = self.config
        filename_queue = tf.train.string_input_producer(self._image_paths(), num_epochs=cfg.num_epochs,
                                                        shuffle=False)
        _, contents = tf.WholeFileReader().read(filename_queue)
        image = tf.cast(tf.image.decode_png(contents, channels=1), tf.float32) / 255.0
        image = tf.reshape(image, [4, 4])
        hr, lr = self._patches(image)

        self._queue = data_flow_ops.FIFOQueue(
            cfg.queue_capacity, [tf.float32, tf.float32],
            shapes=[[cfg.patch_size, cfg.patch_size],
                    [cfg.patch_size // cfg.scale, cfg.patch_size // cfg.scale]],
            name="patch_queue")
        enqueue_op = self._queue.enqueue_many([hr, lr])
        queue_runner.add_queue_runner(queue_runner.QueueRunner(self._queue, [enqueue_op]))
        self._batch = self._queue.dequeue_many(cfg.batch_size, name="patch_batch")
        return self

    @property
    def hr_lr_batch(self):
        if self._batch is None:
            raise RuntimeError("call build() first")
        return self._batch


def _rounded(patches):
    return [[[round(v, 5) for v in row] for row in patch] for patch in patches.tolist()]


def main(data_dir):
    loader = PatchLoader(data_dir, PatchConfig()).build()
    hr_batch, lr_batch = loader.hr_lr_batch
    batches = []
    end = "OutOfRangeError"
    with tf.train.MonitoredTrainingSession(checkpoint_dir=None, save_summaries_steps=None,
                                           save_summaries_secs=None, log_step_count_steps=None) as sess:
        while not sess.should_stop():
            hr, lr = sess.run([hr_batch, lr_batch])
            batches.append([_rounded(hr), _rounded(lr)])
    return {"batches": batches, "end": end}
