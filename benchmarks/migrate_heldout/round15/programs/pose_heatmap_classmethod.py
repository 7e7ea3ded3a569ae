"""Pose estimation input: a PNG and its keypoints per record; Gaussian heatmaps made in the graph.

The input object is built by a classmethod from a params dict (`PoseInput.from_params(params)`), and its
pipeline is built under a `variable_scope`; batches are shuffled by two threads.
"""

import io
import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf

IMAGE_SIZE = 4
NUM_JOINTS = 3
SIGMA = 1.0


def _png_bytes(pixels):
    raw = b"".join(b"\x00" + bytes(row) for row in pixels)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", len(pixels[0]), len(pixels), 8, 0, 0, 0, 0)
    out = io.BytesIO()
    out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
    return out.getvalue()


def write_annotations(data_dir):
    out_dir = os.path.join(data_dir, "h15_pose_heatmap")
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "pose-train.tfrecord")
    with tf.io.TFRecordWriter(path) as writer:
        for n in range(14):
            pixels = [[(n * 13 + r * 4 + c) % 256 for c in range(IMAGE_SIZE)] for r in range(IMAGE_SIZE)]
            joints = []
            for j in range(NUM_JOINTS):
                joints += [float((n + j) % IMAGE_SIZE), float((2 * n + j) % IMAGE_SIZE)]
            visible = [1 if (n + j) % 4 else 0 for j in range(NUM_JOINTS)]
            example = tf.train.Example(features=tf.train.Features(feature={
                "image/encoded": tf.train.Feature(bytes_list=tf.train.BytesList(value=[_png_bytes(pixels)])),
                "image/id": tf.train.Feature(int64_list=tf.train.Int64List(value=[n])),
                "joints/xy": tf.train.Feature(float_list=tf.train.FloatList(value=joints)),
                "joints/visible": tf.train.Feature(int64_list=tf.train.Int64List(value=visible)),
            }))
            writer.write(example.SerializeToString())
    return [path]


def make_heatmaps(joints_xy, visible):
    """[NUM_JOINTS, 2] keypoints -> [H, W, NUM_JOINTS] Gaussians, zero for invisible joints."""
    grid = tf.cast(tf.range(IMAGE_SIZE), tf.float32)
    yy, xx = tf.meshgrid(grid, grid, indexing="ij")
    maps = []
    for j in range(NUM_JOINTS):
        d2 = tf.square(xx - joints_xy[j, 0]) + tf.square(yy - joints_xy[j, 1])
        maps.append(tf.exp(-d2 / (2.0 * SIGMA ** 2)) * tf.cast(visible[j], tf.float32))
    return tf.stack(maps, axis=-1)


class PoseInput(object):
    def __init__(self, files, batch_size, num_epochs, num_threads, seed):
        self.files = files
        self.batch_size = batch_size
        self.num_epochs = num_epochs
        self.num_threads = num_threads
        self.seed = seed

    @classmethod
    def from_params(cls, files, params):
        return cls(files, params["batch_size"], params.get("num_epochs", 1), params.get("num_threads", 2),
                   params.get("seed", 11))

    def parse(self, serialized):
        parsed = tf.parse_single_example(serialized, {
            "image/encoded": tf.FixedLenFeature([], tf.string),
            "image/id": tf.FixedLenFeature([], tf.int64),
            "joints/xy": tf.FixedLenFeature([NUM_JOINTS * 2], tf.float32),
            "joints/visible": tf.FixedLenFeature([NUM_JOINTS], tf.int64),
        })
        image = tf.image.decode_png(parsed["image/encoded"], channels=1)
        image = tf.image.convert_image_dtype(image, tf.float32)
        image.set_shape([IMAGE_SIZE, IMAGE_SIZE, 1])
        joints = tf.reshape(parsed["joints/xy"], [NUM_JOINTS, 2])
        heatmaps = make_heatmaps(joints, parsed["joints/visible"])
        return image, heatmaps, parsed["image/id"]

    def build(self):
        with tf.variable_scope("pose_input"):
            queue = tf.train.string_input_producer(self.files, num_epochs=self.num_epochs, shuffle=True,
                                                   seed=self.seed)
            reader = tf.TFRecordReader()
            _, record = reader.read(queue)
            image, heatmaps, image_id = self.parse(record)
            return tf.train.shuffle_batch(
                [image, heatmaps, image_id], batch_size=self.batch_size, num_threads=self.num_threads,
                capacity=32, min_after_dequeue=8, seed=self.seed, allow_smaller_final_batch=True)


def main(data_dir):
    params = {"batch_size": 4, "num_epochs": 1, "num_threads": 2}
    pose_input = PoseInput.from_params(write_annotations(data_dir), params)
    images, heatmaps, ids = pose_input.build()
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while not coord.should_stop():
                im, hm, i = sess.run([images, heatmaps, ids])
                batches.append([np.round(im.sum(axis=(1, 2, 3)), 4).tolist(),
                                np.round(hm, 4).reshape(len(i), -1).tolist(), i.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
