"""Stereo pair loader in the shape of monodepth-style depth estimation code: a dataloader object reads a
filenames file ("left right" per line), decodes both images of each pair and batches them in its constructor."""

from __future__ import absolute_import, division, print_function

import collections
import os

import tensorflow.compat.v1 as tf

monodepth_parameters = collections.namedtuple(
    "parameters", "height, width, batch_size, num_threads, num_epochs, do_stereo")


class MonodepthDataloader(object):
    """monodepth dataloader"""

    def __init__(self, data_path, filenames_file, params, dataset, mode):
        self.data_path = data_path
        self.params = params
        self.dataset = dataset
        self.mode = mode

        self.left_image_batch = None
        self.right_image_batch = None

        input_queue = tf.train.string_input_producer([filenames_file], shuffle=False,
                                                     num_epochs=params.num_epochs)
        line_reader = tf.TextLineReader()
        _, line = line_reader.read(input_queue)

        split_line = tf.string_split([line]).values

        if mode == "test" and not self.params.do_stereo:
            left_image_path = tf.string_join([self.data_path, split_line[0]])
            left_image_o = self.read_image(left_image_path)
        else:
            left_image_path = tf.string_join([self.data_path, split_line[0]])
            right_image_path = tf.string_join([self.data_path, split_line[1]])
            left_image_o = self.read_image(left_image_path)
            right_image_o = self.read_image(right_image_path)

        if mode == "train":
            # flip the pair left-right (deterministically here: odd pixel sums are flipped)
            do_flip = tf.equal(tf.reduce_sum(tf.cast(left_image_o, tf.int32)) % 2, 1)
            left_image = tf.cond(do_flip, lambda: tf.image.flip_left_right(right_image_o), lambda: left_image_o)
            right_image = tf.cond(do_flip, lambda: tf.image.flip_left_right(left_image_o), lambda: right_image_o)
            left_image.set_shape([None, None, 1])
            right_image.set_shape([None, None, 1])
            self.left_image_batch, self.right_image_batch = tf.train.batch(
                [left_image, right_image], params.batch_size, num_threads=params.num_threads,
                capacity=4 * params.batch_size, allow_smaller_final_batch=True)
        elif mode == "test":
            self.left_image_batch = tf.stack([left_image_o, tf.image.flip_left_right(left_image_o)], 0)
            self.left_image_batch.set_shape([2, None, None, 1])

    def read_image(self, image_path):
        image = tf.image.decode_png(tf.read_file(image_path), channels=1)
        image = tf.image.convert_image_dtype(image, tf.float32)
        image = tf.image.resize_images(image, [self.params.height, self.params.width],
                                       tf.image.ResizeMethod.NEAREST_NEIGHBOR)
        return image


def _write_filenames(data_dir):
    folder = os.path.join(data_dir, "h12_monodepth_stereo_loader")
    if not os.path.isdir(folder):
        os.makedirs(folder)
    path = os.path.join(folder, "kitti_train_files.txt")
    with open(path, "w") as f:
        for i in range(5):
            f.write("image-%d.png image-%d.png\n" % (i, i + 1))
    return path


def main(data_dir):
    params = monodepth_parameters(height=4, width=4, batch_size=8, num_threads=1, num_epochs=24, do_stereo=True)
    filenames_file = _write_filenames(data_dir)
    dataloader = MonodepthDataloader(data_dir + os.sep, filenames_file, params, "kitti", "train")
    left = dataloader.left_image_batch
    right = dataloader.right_image_batch
    disparity_proxy = tf.reduce_mean(tf.abs(left - right), axis=[1, 2, 3])

    batches = []
    end = None
    config = tf.ConfigProto(allow_soft_placement=True)
    sess = tf.Session(config=config)
    sess.run(tf.global_variables_initializer())
    sess.run(tf.local_variables_initializer())
    coordinator = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coordinator)
    try:
        while True:
            l, r, d = sess.run([left, right, disparity_proxy])
            batches.append([(l[:, :, :, 0] * 255).round().astype(int).tolist(),
                            (r[:, 0, :, 0] * 255).round().astype(int).tolist(),
                            [round(float(v), 5) for v in d]])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    finally:
        coordinator.request_stop()
    coordinator.join(threads)
    sess.close()
    return {"batches": batches, "end": end}
