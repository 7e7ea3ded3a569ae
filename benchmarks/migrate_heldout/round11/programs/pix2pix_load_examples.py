"""pix2pix-style load_examples(): side-by-side A|B images read whole, split into input and target, batched, and
returned as a namedtuple; the options come from an argparse-like namespace; a Supervisor runs max_steps."""

import collections
import glob
import math
import os

import tensorflow as tf

Examples = collections.namedtuple("Examples", "paths, inputs, targets, count, steps_per_epoch")


class Options(object):
    """What argparse gave pix2pix (`a`)."""
    input_dir = None
    which_direction = "AtoB"
    batch_size = 2
    max_epochs = 50
    scale_size = 4


a = Options()


def preprocess(image):
    with tf.compat.v1.name_scope("preprocess"):
        # [0, 1] => [-1, 1]
        return image * 2 - 1


def load_examples():
    input_paths = sorted(glob.glob(os.path.join(a.input_dir, "image-*.png")))
    if len(input_paths) == 0:
        raise Exception("input_dir contains no image files")

    with tf.compat.v1.name_scope("load_images"):
        path_queue = tf.compat.v1.train.string_input_producer(input_paths, shuffle=False,
                                                             num_epochs=a.max_epochs)
        reader = tf.compat.v1.WholeFileReader()
        paths, contents = reader.read(path_queue)
        raw_input = tf.image.decode_png(contents, channels=1)
        raw_input = tf.image.convert_image_dtype(raw_input, dtype=tf.float32)
        raw_input.set_shape([None, None, 1])

        # break apart image pair and move to range [-1, 1]
        width = tf.shape(raw_input)[1]
        a_images = preprocess(raw_input[:, :width // 2, :])
        b_images = preprocess(raw_input[:, width // 2:, :])

    if a.which_direction == "AtoB":
        inputs, targets = [a_images, b_images]
    else:
        inputs, targets = [b_images, a_images]

    def transform(image):
        r = tf.image.resize(image, [a.scale_size, a.scale_size // 2], method="nearest")
        return tf.reshape(r, [a.scale_size, a.scale_size // 2])

    with tf.compat.v1.name_scope("input_images"):
        input_images = transform(inputs)
    with tf.compat.v1.name_scope("target_images"):
        target_images = transform(targets)

    paths_batch, inputs_batch, targets_batch = tf.compat.v1.train.batch(
        [paths, input_images, target_images], batch_size=a.batch_size)
    steps_per_epoch = int(math.ceil(len(input_paths) / a.batch_size))

    return Examples(
        paths=paths_batch,
        inputs=inputs_batch,
        targets=targets_batch,
        count=len(input_paths),
        steps_per_epoch=steps_per_epoch,
    )


def main(data_dir):
    a.input_dir = data_dir
    examples = load_examples()
    max_steps = examples.steps_per_epoch * a.max_epochs
    fetches = {"inputs": examples.inputs, "targets": examples.targets, "paths": examples.paths}

    batches = []
    sv = tf.compat.v1.train.Supervisor(logdir=None, save_summaries_secs=0, saver=None)
    with sv.managed_session() as sess:
        for step in range(max_steps):
            if sv.should_stop():
                break
            results = sess.run(fetches)
            batches.append({
                "inputs": [[[round(v, 4) for v in row] for row in img] for img in results["inputs"].tolist()],
                "targets": [[[round(v, 4) for v in row] for row in img] for img in results["targets"].tolist()],
                "names": [os.path.basename(p.decode()) for p in results["paths"]],
            })
    return {"batches": batches, "end": "steps"}
