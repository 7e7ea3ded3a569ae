"""Kimono pattern tags: a multi-label research fork of the Inception input code
(`parse_example_proto(example_serialized, num_classes)` with `image/class/label` and `image/class/roi_label`
vectors, `batch_inputs` / `inputs`), evaluated on one unshuffled epoch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from kimono74_inception import image_processing
from kimono74_inception.image_coder import ImageCoder

NUM_CLASSES = 4


def _int64(v):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=v))


def write_shard(data_dir):
    root = os.path.join(data_dir, "h74_kimono")
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(7405)
    coder = ImageCoder()
    path = os.path.join(root, "validation-00000-of-00001")
    with tf.python_io.TFRecordWriter(path) as w:
        for i in range(6):
            img = rng.randint(0, 256, size=(4, 4, 3))
            label = (rng.rand(NUM_CLASSES) > 0.5).astype(int).tolist()
            roi = (rng.rand(NUM_CLASSES) > 0.5).astype(int).tolist()
            ex = tf.train.Example(features=tf.train.Features(feature={
                'image/encoded': tf.train.Feature(bytes_list=tf.train.BytesList(value=[coder.encode_png(img)])),
                'image/class/label': _int64(label), 'image/class/roi_label': _int64(roi),
                'image/height': _int64([4]), 'image/width': _int64([4])}))
            w.write(ex.SerializeToString())
    return [path]


def main(data_dir):
    data_files = write_shard(data_dir)
    images, labels, roi_labels = image_processing.inputs(data_files, batch_size=3, num_classes=NUM_CLASSES)
    mean_red = tf.reduce_mean(images[:, :, :, 0], axis=[1, 2])
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = []
        for qr in tf.get_collection(tf.GraphKeys.QUEUE_RUNNERS):
            threads.extend(qr.create_threads(sess, coord=coord, daemon=True, start=True))
        step = 0
        try:
            while step < 10 and not coord.should_stop():
                img, lab, roi, red = sess.run([images, labels, roi_labels, mean_red])
                batches.append([np.round(img[:, 0, :, :], 4).tolist(), lab.tolist(), roi.tolist(),
                                np.round(red, 4).tolist()])
                step += 1
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads, stop_grace_period_secs=10)
    return {"batches": batches, "end": "kimono photos: %d" % sum(len(b[1]) for b in batches)}
