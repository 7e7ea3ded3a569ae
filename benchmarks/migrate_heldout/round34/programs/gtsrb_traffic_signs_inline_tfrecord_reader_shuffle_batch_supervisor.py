"""Traffic-sign crops in TFRecords: an inline tf.TFRecordReader().read(q), shuffle_batch(num_threads=2), a Supervisor."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

IMG = 3
NUM_CLASSES = 43


def convert_to(images, labels, rois, filename):
    with tf.python_io.TFRecordWriter(filename) as writer:
        for image, label, roi in zip(images, labels, rois):
            example = tf.train.Example(features=tf.train.Features(feature={
                "image_raw": tf.train.Feature(bytes_list=tf.train.BytesList(value=[image.tobytes()])),
                "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[label])),
                "roi": tf.train.Feature(int64_list=tf.train.Int64List(value=roi)),
            }))
            writer.write(example.SerializeToString())


def inputs(filename, batch_size, num_epochs):
    with tf.name_scope("input"):
        filename_queue = tf.train.string_input_producer([filename], num_epochs=num_epochs)
        _, serialized = tf.TFRecordReader().read(filename_queue)
        features = tf.parse_single_example(serialized, features={
            "image_raw": tf.FixedLenFeature([], tf.string),
            "label": tf.FixedLenFeature([], tf.int64),
            "roi": tf.FixedLenFeature([4], tf.int64),
        })
        image = tf.decode_raw(features["image_raw"], tf.uint8)
        image.set_shape([IMG * IMG * 3])
        image = tf.cast(image, tf.float32) * (1.0 / 255) - 0.5
        label = tf.cast(features["label"], tf.int32)
        roi = tf.cast(features["roi"], tf.int32)
        images, sparse_labels, rois = tf.train.shuffle_batch(
            [image, label, roi], batch_size=batch_size, num_threads=2, capacity=8 + 3 * batch_size,
            min_after_dequeue=4)
        return images, sparse_labels, rois


def main(data_dir):
    root = os.path.join(data_dir, "h34_gtsrb")
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(43)
    images = [rng.randint(0, 255, size=(IMG, IMG, 3)).astype(np.uint8) for _ in range(9)]
    labels = [int(rng.randint(NUM_CLASSES)) for _ in range(9)]
    rois = [[i, i + 1, i + 5, i + 6] for i in range(9)]
    convert_to(images, labels, rois, os.path.join(root, "train.tfrecords"))
    image_batch, label_batch, roi_batch = inputs(os.path.join(root, "train.tfrecords"), batch_size=3, num_epochs=1)
    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    sv = tf.train.Supervisor(logdir=None, init_op=init_op, summary_op=None, saver=None)
    batches = []
    with sv.managed_session() as sess:
        try:
            while not sv.should_stop():
                im, lb, ro = sess.run([image_batch, label_batch, roi_batch])
                batches.append([np.round(im, 4).tolist(), lb.tolist(), ro.tolist()])
        except tf.errors.OutOfRangeError:
            pass
    return {"batches": batches, "end": "signs: %d batches" % len(batches)}
