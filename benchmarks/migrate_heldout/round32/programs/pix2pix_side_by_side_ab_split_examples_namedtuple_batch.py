"""pix2pix load_examples: side-by-side AB PNGs, string_input_producer(shuffle=mode == 'train') without an epoch
limit, an assert_equal on the channel count under control_dependencies, the image split in A and B halves,
preprocess to [-1, 1], train.batch of paths / inputs / targets into an Examples namedtuple; steps_per_epoch steps."""
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import collections
import glob
import math
import os

import numpy as np
import tensorflow.compat.v1 as tf

Examples = collections.namedtuple("Examples", "paths, inputs, targets, count, steps_per_epoch")


class Args(object):
    input_dir = None
    mode = "test"
    batch_size = 4
    which_direction = "AtoB"


a = Args()


def preprocess(image):
    with tf.name_scope("preprocess"):
        # [0, 1] => [-1, 1]
        return image * 2 - 1


def load_examples():
    if a.input_dir is None or not os.path.exists(a.input_dir):
        raise Exception("input_dir does not exist")

    input_paths = glob.glob(os.path.join(a.input_dir, "*.jpg"))
    decode = tf.image.decode_jpeg
    if len(input_paths) == 0:
        input_paths = glob.glob(os.path.join(a.input_dir, "*.png"))
        decode = tf.image.decode_png

    if len(input_paths) == 0:
        raise Exception("input_dir contains no image files")

    def get_name(path):
        name, _ = os.path.splitext(os.path.basename(path))
        return name

    # if the image names are numbers, sort by the value rather than asciibetically
    # having sorted inputs means that the outputs are sorted in test mode
    if all(get_name(path).isdigit() for path in input_paths):
        input_paths = sorted(input_paths, key=lambda path: int(get_name(path)))
    else:
        input_paths = sorted(input_paths)

    with tf.name_scope("load_images"):
        path_queue = tf.train.string_input_producer(input_paths, shuffle=a.mode == "train")
        reader = tf.WholeFileReader()
        paths, contents = reader.read(path_queue)
        raw_input = decode(contents)
        raw_input = tf.image.convert_image_dtype(raw_input, dtype=tf.float32)

        assertion = tf.assert_equal(tf.shape(raw_input)[2], 3, message="image does not have 3 channels")
        with tf.control_dependencies([assertion]):
            raw_input = tf.identity(raw_input)

        raw_input.set_shape([None, None, 3])

        # break apart image pair and move to range [-1, 1]
        width = tf.shape(raw_input)[1]  # [height, width, channels]
        a_images = preprocess(raw_input[:, :width // 2, :])
        b_images = preprocess(raw_input[:, width // 2:, :])

    if a.which_direction == "AtoB":
        inputs, targets = [a_images, b_images]
    elif a.which_direction == "BtoA":
        inputs, targets = [b_images, a_images]
    else:
        raise Exception("invalid direction")

    inputs.set_shape([2, 2, 3])
    targets.set_shape([2, 2, 3])

    paths_batch, inputs_batch, targets_batch = tf.train.batch([paths, inputs, targets], batch_size=a.batch_size)
    steps_per_epoch = int(math.ceil(len(input_paths) / a.batch_size))

    return Examples(
        paths=paths_batch,
        inputs=inputs_batch,
        targets=targets_batch,
        count=len(input_paths),
        steps_per_epoch=steps_per_epoch,
    )


def _png(img):
    with tf.Graph().as_default(), tf.Session() as s:
        return s.run(tf.image.encode_png(tf.constant(img)))


def main(data_dir):
    a.input_dir = os.path.join(data_dir, "h32_pix2pix", "val")
    os.makedirs(a.input_dir, exist_ok=True)
    rng = np.random.RandomState(2)
    for i in range(1, 9):
        with open(os.path.join(a.input_dir, "%d.png" % i), "wb") as f:
            f.write(_png(rng.randint(0, 256, size=(2, 4, 3)).astype(np.uint8)))
    examples = load_examples()
    batches = []
    sv = tf.train.Supervisor(logdir=None, save_summaries_secs=0, saver=None)
    with sv.managed_session() as sess:
        for step in range(examples.steps_per_epoch):
            p, x, y = sess.run([examples.paths, examples.inputs, examples.targets])
            batches.append([[os.path.basename(q.decode()), round(float(u.sum()), 3), round(float(v.sum()), 3)]
                            for q, u, v in zip(p, x, y)])
        sv.request_stop()
    return {"batches": [[list(column) for column in zip(*rows)] for rows in batches], "end": "wrote %d of %d examples" % (sum(len(b) for b in batches), examples.count)}
