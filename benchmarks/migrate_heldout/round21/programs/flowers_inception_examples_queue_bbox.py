"""Flowers evaluation input after the Inception training code: a dataset object whose `reader()` makes a
TFRecordReader, two readers filling a hand-built examples FIFOQueue through a QueueRunner, one dequeue parsed
by two preprocessing copies (VarLenFeature boxes), batch_join."""

import os
import struct
import zlib

import tensorflow.compat.v1 as tf

from inception_lib import image_processing

CLASSES = ["daisy", "dandelion", "roses", "sunflowers", "tulips"]


def _png_rgb(rows):
    raw = b"".join(b"\x00" + bytes(r) for r in rows)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", len(rows[0]) // 3, len(rows), 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def _float_feature(values):
    return tf.train.Feature(float_list=tf.train.FloatList(value=values))


def write_shards(directory, num_shards=3, per_shard=8):
    os.makedirs(directory, exist_ok=True)
    n = 0
    for shard in range(num_shards):
        path = os.path.join(directory, "validation-%05d-of-%05d" % (shard, num_shards))
        with tf.python_io.TFRecordWriter(path) as writer:
            for _ in range(per_shard):
                label = n % len(CLASSES) + 1
                rows = [[(n * 9 + r * 7 + c * 3) % 256 for c in range(6 * 3)] for r in range(6)]
                boxes = n % 3
                example = tf.train.Example(features=tf.train.Features(feature={
                    "image/encoded": tf.train.Feature(bytes_list=tf.train.BytesList(value=[_png_rgb(rows)])),
                    "image/class/label": tf.train.Feature(int64_list=tf.train.Int64List(value=[label])),
                    "image/class/text": tf.train.Feature(
                        bytes_list=tf.train.BytesList(value=[CLASSES[label - 1].encode()])),
                    "image/object/bbox/xmin": _float_feature([0.1] * boxes),
                    "image/object/bbox/ymin": _float_feature([0.2] * boxes),
                    "image/object/bbox/xmax": _float_feature([0.9] * boxes),
                    "image/object/bbox/ymax": _float_feature([0.8] * boxes),
                }))
                writer.write(example.SerializeToString())
                n += 1


class FlowersData(object):
    """Flowers data set."""

    def __init__(self, subset, data_dir):
        assert subset in self.available_subsets(), self.available_subsets()
        self.name = "Flowers"
        self.subset = subset
        self.data_dir = data_dir

    def num_classes(self):
        return 5

    def num_examples_per_epoch(self):
        if self.subset == "train":
            return 3170
        return 24

    def available_subsets(self):
        return ["train", "validation"]

    def data_files(self):
        tf_record_pattern = os.path.join(self.data_dir, "%s-*" % self.subset)
        data_files = sorted(tf.gfile.Glob(tf_record_pattern))
        if not data_files:
            raise IOError("No files found for dataset %s/%s at %s" % (self.name, self.subset, self.data_dir))
        return data_files

    def reader(self):
        """Return a reader for a single entry from the data set."""
        return tf.TFRecordReader()


def main(data_dir):
    flowers_dir = os.path.join(data_dir, "h21_flowers")
    write_shards(flowers_dir)
    dataset = FlowersData(subset="validation", data_dir=flowers_dir)
    images, labels = image_processing.inputs(dataset)
    logits_proxy = tf.reduce_mean(images, axis=[1, 2, 3])

    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = []
        for qr in tf.get_collection(tf.GraphKeys.QUEUE_RUNNERS):
            threads.extend(qr.create_threads(sess, coord=coord, daemon=True, start=True))
        try:
            while not coord.should_stop():
                image_batch, label_batch, means = sess.run([images, labels, logits_proxy])
                batches.append([label_batch.tolist(), [round(float(m), 4) for m in means],
                                [round(float(v), 4) for v in image_batch[:, 0, 0, 0]]])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads, stop_grace_period_secs=10)
    return {"batches": batches, "end": dataset.num_examples_per_epoch()}
