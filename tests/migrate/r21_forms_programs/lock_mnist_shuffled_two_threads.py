"""MNIST-style lockstep: an image file and a label file, one producer each over a one-file list (shuffled by
default, which leaves one file as it is), read in step into a `shuffle_batch` of two threads."""

import os
import struct

import tensorflow.compat.v1 as tf


def write(data_dir):
    images, labels = os.path.join(data_dir, "r21_lock_images.bin"), os.path.join(data_dir, "r21_lock_labels.bin")
    with open(images, "wb") as f:
        f.write(b"IDX3" + struct.pack(">i", 23))
        for n in range(23):
            f.write(struct.pack("<i", n))
    with open(labels, "wb") as f:
        f.write(b"IDX1")
        for n in range(20):
            f.write(struct.pack("<i", 3 * n))
    return images, labels


def main(data_dir):
    images_path, labels_path = write(data_dir)
    image_queue = tf.train.string_input_producer([images_path], num_epochs=1)
    label_queue = tf.train.string_input_producer([labels_path], num_epochs=1)
    _, image_raw = tf.FixedLengthRecordReader(record_bytes=4, header_bytes=8).read(image_queue)
    _, label_raw = tf.FixedLengthRecordReader(record_bytes=4, header_bytes=4).read(label_queue)
    image = tf.decode_raw(image_raw, tf.int32)[0]
    label = tf.decode_raw(label_raw, tf.int32)[0]
    images, labels = tf.train.shuffle_batch([image, label], batch_size=4, capacity=30, min_after_dequeue=6,
                                            num_threads=2, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                i, l = sess.run([images, labels])
                batches.append([i.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
