"""Super-resolution patch pairs: HR patches stored as raw bytes in TFRecords, the LR input made in the graph.

The dataset class keeps its reading code in static methods (called through the instance and through the
class), the usual layout of SRCNN/ESPCN-era TF1 repositories.
"""

import os

import numpy as np
import tensorflow.compat.v1 as tf

HR_SIZE = 8
SCALE = 2
CHANNELS = 1


def write_patches(data_dir):
    out_dir = os.path.join(data_dir, "h15_sr_patch_pairs")
    os.makedirs(out_dir, exist_ok=True)
    paths = []
    for shard in range(2):
        path = os.path.join(out_dir, "patches-%d.tfrecord" % shard)
        with tf.io.TFRecordWriter(path) as writer:
            for i in range(9):
                n = shard * 9 + i
                hr = ((np.arange(HR_SIZE * HR_SIZE).reshape(HR_SIZE, HR_SIZE) * (n + 1) + 3 * n) % 251).astype(np.uint8)
                example = tf.train.Example(features=tf.train.Features(feature={
                    "hr_pixels": tf.train.Feature(bytes_list=tf.train.BytesList(value=[hr.tobytes()])),
                    "patch_id": tf.train.Feature(int64_list=tf.train.Int64List(value=[n])),
                }))
                writer.write(example.SerializeToString())
        paths.append(path)
    return paths


class SRDataset(object):
    def __init__(self, filenames, batch_size=4, scale=SCALE, num_epochs=1):
        self.filenames = filenames
        self.batch_size = batch_size
        self.scale = scale
        self.num_epochs = num_epochs

    @staticmethod
    def decode_patch(serialized):
        features = tf.parse_single_example(serialized, features={
            "hr_pixels": tf.FixedLenFeature([], tf.string),
            "patch_id": tf.FixedLenFeature([], tf.int64),
        })
        hr = tf.decode_raw(features["hr_pixels"], tf.uint8)
        hr = tf.reshape(hr, [HR_SIZE, HR_SIZE, CHANNELS])
        hr = tf.cast(hr, tf.float32) / 255.0
        return hr, tf.cast(features["patch_id"], tf.int32)

    @staticmethod
    def read_and_decode(filename_queue, scale):
        reader = tf.TFRecordReader()
        _, serialized = reader.read(filename_queue)
        hr, patch_id = SRDataset.decode_patch(serialized)
        lr = tf.image.resize_images(hr, [HR_SIZE // scale, HR_SIZE // scale],
                                    method=tf.image.ResizeMethod.AREA)
        return lr, hr, patch_id

    def inputs(self):
        filename_queue = tf.train.string_input_producer(self.filenames, num_epochs=self.num_epochs,
                                                        shuffle=False)
        lr, hr, patch_id = self.read_and_decode(filename_queue, self.scale)
        lr_batch, hr_batch, id_batch = tf.train.batch(
            [lr, hr, patch_id], batch_size=self.batch_size, num_threads=1,
            capacity=4 * self.batch_size, allow_smaller_final_batch=True)
        return lr_batch, hr_batch, id_batch


def main(data_dir):
    dataset = SRDataset(write_patches(data_dir), batch_size=4)
    lr_images, hr_images, ids = dataset.inputs()
    batches, end = [], None
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                lr, hr, i = sess.run([lr_images, hr_images, ids])
                batches.append([np.round(lr, 5).tolist(), np.round(hr.mean(axis=(1, 2, 3)), 5).tolist(),
                                i.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
