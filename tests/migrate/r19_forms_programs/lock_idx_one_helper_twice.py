"""IDX-like images and labels in two files, one producer and one FixedLengthRecordReader each, made by ONE helper
called twice (its arguments differ), the two values batched together: read in lockstep."""

import os
import struct

import tensorflow.compat.v1 as tf

COUNT = 13


def write(data_dir):
    images, labels = os.path.join(data_dir, "r19f_images.idx"), os.path.join(data_dir, "r19f_labels.idx")
    with open(images, "wb") as f:
        f.write(struct.pack(">IIII", 2051, COUNT, 2, 3))
        for n in range(COUNT):
            f.write(bytes((n * 7 + p * 5) % 256 for p in range(6)))
    with open(labels, "wb") as f:
        f.write(struct.pack(">II", 2049, COUNT))
        f.write(bytes(n % 10 for n in range(COUNT)))
    return images, labels


def fixed_records(path, record_bytes, header_bytes, epochs):
    queue = tf.train.string_input_producer([path], num_epochs=epochs, shuffle=False)
    reader = tf.FixedLengthRecordReader(record_bytes=record_bytes, header_bytes=header_bytes)
    _, raw = reader.read(queue)
    return tf.decode_raw(raw, tf.uint8)


def main(data_dir):
    images_path, labels_path = write(data_dir)
    pixels = fixed_records(images_path, 6, 16, 2)
    label = fixed_records(labels_path, 1, 8, 2)
    image = tf.reshape(tf.cast(pixels, tf.int32), [2, 3])
    label = tf.cast(tf.reshape(label, []), tf.int32)
    images, labels = tf.train.batch([image, label], batch_size=4, allow_smaller_final_batch=True)
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
