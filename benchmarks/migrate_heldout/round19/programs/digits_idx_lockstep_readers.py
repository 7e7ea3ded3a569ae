"""MNIST's raw IDX files read with two fixed-length readers in lockstep: images (16-byte header) and labels
(8-byte header) live in separate files, one producer and one reader each, joined in one `train.batch`."""

import os
import struct
import typing

import tensorflow.compat.v1 as tf


class IdxSpec(typing.NamedTuple):
    rows: int = 4
    cols: int = 4
    image_header_bytes: int = 16
    label_header_bytes: int = 8
    num_epochs: int = 2
    batch_size: int = 5


NUM_DIGITS = 24


def write_idx(data_dir, spec):
    out_dir = os.path.join(data_dir, "h19_digits_idx_lockstep_readers")
    os.makedirs(out_dir, exist_ok=True)
    images = os.path.join(out_dir, "train-images-idx3-ubyte")
    labels = os.path.join(out_dir, "train-labels-idx1-ubyte")
    with open(images, "wb") as f:
        f.write(struct.pack(">IIII", 2051, NUM_DIGITS, spec.rows, spec.cols))
        for n in range(NUM_DIGITS):
            f.write(bytes((n * 11 + p * 17) % 256 for p in range(spec.rows * spec.cols)))
    with open(labels, "wb") as f:
        f.write(struct.pack(">II", 2049, NUM_DIGITS))
        f.write(bytes((n * 3) % 10 for n in range(NUM_DIGITS)))
    return images, labels


def read_images(path, spec):
    queue = tf.train.string_input_producer([path], num_epochs=spec.num_epochs, shuffle=False, name="image_files")
    reader = tf.FixedLengthRecordReader(record_bytes=spec.rows * spec.cols, header_bytes=spec.image_header_bytes)
    _, raw = reader.read(queue)
    pixels = tf.decode_raw(raw, tf.uint8)
    image = tf.reshape(pixels, [spec.rows, spec.cols, 1])
    return tf.cast(image, tf.float32) / 255.0


def read_labels(path, spec):
    queue = tf.train.string_input_producer([path], num_epochs=spec.num_epochs, shuffle=False, name="label_files")
    reader = tf.FixedLengthRecordReader(record_bytes=1, header_bytes=spec.label_header_bytes)
    _, raw = reader.read(queue)
    return tf.cast(tf.reshape(tf.decode_raw(raw, tf.uint8), []), tf.int32)


def main(data_dir):
    spec = IdxSpec()
    images_path, labels_path = write_idx(data_dir, spec)
    image = read_images(images_path, spec)
    label = read_labels(labels_path, spec)
    one_hot = tf.one_hot(label, 10)
    images, labels, targets = tf.train.batch([image, label, one_hot], batch_size=spec.batch_size,
                                             allow_smaller_final_batch=True)
    ink = tf.reduce_sum(images, axis=[1, 2, 3])

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                ink_v, labels_v, targets_v = sess.run([ink, labels, targets])
                batches.append([[round(float(v), 4) for v in ink_v], labels_v.tolist(),
                                targets_v.argmax(axis=1).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": len(batches)}
