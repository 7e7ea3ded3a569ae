"""pix2pix-style test input: side-by-side A|B PNGs found by glob (the decoder chosen by the extension found,
numeric names sorted as numbers), WholeFileReader on an endless producer (`shuffle=a.mode == "train"`), an
assertion under control_dependencies, the halves split by width, an `Examples` namedtuple with
steps_per_epoch; Supervisor.managed_session running `min(steps_per_epoch, max_steps)` steps of a fetch dict
with PNG-encoded outputs (`map_fn(encode_png)`)."""

import argparse
import collections
import glob
import math
import os
import struct
import zlib

import tensorflow.compat.v1 as tf

a = argparse.Namespace(input_dir=None, output_dir=None, mode="test", batch_size=4, max_steps=None, max_epochs=None,
                       which_direction="BtoA", scale_size=4, aspect_ratio=1.0)

EPS = 1e-12
CROP_SIZE = 4

Examples = collections.namedtuple("Examples", "paths, inputs, targets, count, steps_per_epoch")


def _png_rgb(rows):
    raw = b"".join(b"\x00" + bytes(r) for r in rows)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", len(rows[0]) // 3, len(rows), 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def write_pairs(data_dir, count=10):
    folder = os.path.join(data_dir, "h21_facades", "val")
    os.makedirs(folder, exist_ok=True)
    for n in range(1, count + 1):
        rows = []
        for r in range(4):
            left = [(n * 11 + r * 8 + c * 5) % 256 for c in range(4 * 3)]  # photo
            right = [(n * 30 + r * 40) % 256 if c % 3 == n % 3 else 0 for c in range(4 * 3)]  # label map
            rows.append(left + right)
        with open(os.path.join(folder, "%d.png" % n), "wb") as out:
            out.write(_png_rgb(rows))
    return folder


def preprocess(image):
    with tf.name_scope("preprocess"):
        # [0, 1] => [-1, 1]
        return image * 2 - 1


def deprocess(image):
    with tf.name_scope("deprocess"):
        # [-1, 1] => [0, 1]
        return (image + 1) / 2


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

    def transform(image):
        r = image
        # area produces a nice downscaling, but does nearest neighbor for upscaling
        r = tf.image.resize_images(r, [a.scale_size, a.scale_size], method=tf.image.ResizeMethod.AREA)
        if a.scale_size > CROP_SIZE:
            r = tf.image.crop_to_bounding_box(r, 0, 0, CROP_SIZE, CROP_SIZE)
        elif a.scale_size < CROP_SIZE:
            raise Exception("scale size cannot be less than crop size")
        return r

    with tf.name_scope("input_images"):
        input_images = transform(inputs)

    with tf.name_scope("target_images"):
        target_images = transform(targets)

    paths_batch, inputs_batch, targets_batch = tf.train.batch([paths, input_images, target_images],
                                                              batch_size=a.batch_size)
    steps_per_epoch = int(math.ceil(len(input_paths) / a.batch_size))

    return Examples(
        paths=paths_batch,
        inputs=inputs_batch,
        targets=targets_batch,
        count=len(input_paths),
        steps_per_epoch=steps_per_epoch,
    )


def save_images(fetches):
    filesets = []
    for i, in_path in enumerate(fetches["paths"]):
        name, _ = os.path.splitext(os.path.basename(in_path.decode("utf8")))
        fileset = {"name": name, "step": None}
        for kind in ["inputs", "outputs", "targets"]:
            filename = name + "-" + kind + ".png"
            fileset[kind] = filename
            contents = fetches[kind][i]
            with open(os.path.join(a.output_dir, filename), "wb") as f:
                f.write(contents)
            fileset[kind + "_bytes"] = len(contents)
        filesets.append(fileset)
    return filesets


def main(data_dir):
    a.input_dir = write_pairs(data_dir)
    a.output_dir = os.path.join(data_dir, "h21_facades", "out")
    os.makedirs(a.output_dir, exist_ok=True)

    examples = load_examples()

    with tf.variable_scope("generator"):
        gain = tf.get_variable("gain", [], initializer=tf.constant_initializer(0.5))
        outputs = tf.tanh(examples.inputs * gain)

    def convert(image):
        return tf.image.convert_image_dtype(image, dtype=tf.uint8, saturate=True)

    # reverse any processing on images so they can be written to disk or displayed to user
    with tf.name_scope("convert_inputs"):
        converted_inputs = convert(deprocess(examples.inputs))
    with tf.name_scope("convert_targets"):
        converted_targets = convert(deprocess(examples.targets))
    with tf.name_scope("convert_outputs"):
        converted_outputs = convert(deprocess(outputs))

    with tf.name_scope("encode_images"):
        display_fetches = {
            "paths": examples.paths,
            "inputs": tf.map_fn(tf.image.encode_png, converted_inputs, dtype=tf.string, name="input_pngs"),
            "targets": tf.map_fn(tf.image.encode_png, converted_targets, dtype=tf.string, name="target_pngs"),
            "outputs": tf.map_fn(tf.image.encode_png, converted_outputs, dtype=tf.string, name="output_pngs"),
            "input_pixels": converted_inputs,
        }

    sv = tf.train.Supervisor(logdir=None, save_summaries_secs=0, saver=None)
    batches = []
    with sv.managed_session() as sess:
        max_steps = 2 ** 32
        if a.max_epochs is not None:
            max_steps = examples.steps_per_epoch * a.max_epochs
        if a.max_steps is not None:
            max_steps = a.max_steps

        if a.mode == "test":
            # testing: at most, process the test data once
            max_steps = min(examples.steps_per_epoch, max_steps)
            for step in range(max_steps):
                results = sess.run(display_fetches)
                filesets = save_images(results)
                batches.append({
                    "names": [f["name"] for f in filesets],
                    "png_bytes": [[f["inputs_bytes"], f["targets_bytes"], f["outputs_bytes"]] for f in filesets],
                    "input_pixels": [px.reshape(-1).tolist()[:12] for px in results["input_pixels"]],
                })
    return {"batches": batches, "end": [examples.count, examples.steps_per_epoch]}
