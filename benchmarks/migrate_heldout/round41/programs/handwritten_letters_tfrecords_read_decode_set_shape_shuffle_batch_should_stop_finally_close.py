# Handwritten letters (4x4 binarised glyphs, 26 classes) stored as TFRecords and
# read back the "Learning TensorFlow" way: producer with num_epochs, TFRecordReader,
# decode_raw + set_shape, shuffle_batch, then a should_stop loop with finally.
from __future__ import print_function

import os

import numpy as np
import tensorflow as tf

NUM_EPOCHS = 1
save_dir = None


def _int64_feature(value):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=[value]))


def _bytes_feature(value):
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[value]))


def write_letters(folder):
    if not os.path.exists(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(26)
    filename = os.path.join(folder, "train.tfrecords")

    writer = tf.io.TFRecordWriter(filename)
    for index in range(12):
        image = (rng.rand(4, 4) > 0.5).astype(np.uint8) * 255
        image_raw = image.tobytes()
        example = tf.train.Example(features=tf.train.Features(feature={
            "height": _int64_feature(4),
            "width": _int64_feature(4),
            "depth": _int64_feature(1),
            "label": _int64_feature(int(rng.randint(26))),
            "image_raw": _bytes_feature(image_raw)}))
        writer.write(example.SerializeToString())
    writer.close()
    return filename


def main(data_dir):
    global save_dir
    save_dir = os.path.join(data_dir, "h41_handwritten_letters")
    filename = write_letters(save_dir)

    filename_queue = tf.compat.v1.train.string_input_producer(
        [filename], num_epochs=NUM_EPOCHS, seed=3)
    reader = tf.compat.v1.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.compat.v1.parse_single_example(
        serialized_example,
        features={
            "image_raw": tf.compat.v1.FixedLenFeature([], tf.string),
            "label": tf.compat.v1.FixedLenFeature([], tf.int64),
        })

    image = tf.compat.v1.decode_raw(features["image_raw"], tf.uint8)
    image.set_shape([16])
    image = tf.cast(image, tf.float32) * (1. / 255) - 0.5
    label = tf.cast(features["label"], tf.int32)

    # Shuffle the examples + batch
    images_batch, labels_batch = tf.compat.v1.train.shuffle_batch(
        [image, label], batch_size=4,
        capacity=20,
        min_after_dequeue=5, seed=3)

    sess = tf.compat.v1.Session()
    init = tf.compat.v1.local_variables_initializer()
    sess.run(init)

    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)

    batches = []
    step = 0
    try:
        step = 0
        while not coord.should_stop():
            step += 1
            imgs, lbls = sess.run([images_batch, labels_batch])
            batches.append([imgs.tolist(), lbls.tolist()])
    except tf.errors.OutOfRangeError:
        end = "Done training for %d epochs, %d steps." % (NUM_EPOCHS, step - 1)
    finally:
        # When done, ask the threads to stop.
        coord.request_stop()

    # Wait for threads to finish.
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}
