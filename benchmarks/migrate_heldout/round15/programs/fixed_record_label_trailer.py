"""Fixed-length binary records written by a C++ data tool: the image bytes come first (channel-major), the label
is a **big-endian int16 stored after the image**, at a byte offset computed from the layout constants; the label
is cut with `substr` and decoded with `decode_raw(..., little_endian=False)`, the image with `decode_raw` +
`strided_slice` + `transpose`.
"""

import os
import struct

import tensorflow.compat.v1 as tf


class Layout(object):
    HEIGHT = 2
    WIDTH = 3
    DEPTH = 2
    IMAGE_BYTES = HEIGHT * WIDTH * DEPTH
    LABEL_OFFSET = IMAGE_BYTES
    LABEL_BYTES = 2
    RECORD_BYTES = IMAGE_BYTES + LABEL_BYTES


def write_records(data_dir):
    out_dir = os.path.join(data_dir, "h15_fixed_record_label_trailer")
    os.makedirs(out_dir, exist_ok=True)
    paths = []
    for f in range(2):
        path = os.path.join(out_dir, "data_batch_%d.bin" % (f + 1))
        with open(path, "wb") as out:
            for i in range(10):
                n = f * 10 + i
                image = bytes((n * 7 + k) % 256 for k in range(Layout.IMAGE_BYTES))
                out.write(image + struct.pack(">h", 300 * (n % 3) - n))
        paths.append(path)
    return paths


def read_record(filename_queue):
    reader = tf.FixedLengthRecordReader(record_bytes=Layout.RECORD_BYTES)
    _, value = reader.read(filename_queue)
    record_bytes = tf.decode_raw(value, tf.uint8)
    depth_major = tf.reshape(tf.strided_slice(record_bytes, [0], [Layout.IMAGE_BYTES]),
                             [Layout.DEPTH, Layout.HEIGHT, Layout.WIDTH])
    image = tf.transpose(depth_major, [1, 2, 0])
    label_bytes = tf.substr(value, Layout.LABEL_OFFSET, Layout.LABEL_BYTES)
    label = tf.cast(tf.reshape(tf.decode_raw(label_bytes, tf.int16, little_endian=False), []), tf.int32)
    return image, label


def inputs(data_dir, batch_size):
    files = write_records(data_dir)
    for f in files:
        if not tf.gfile.Exists(f):
            raise ValueError("Failed to find file: " + f)
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    image, label = read_record(filename_queue)
    image = tf.cast(image, tf.float32)
    return tf.train.batch([image, label], batch_size=batch_size, capacity=3 * batch_size,
                          allow_smaller_final_batch=True)


def main(data_dir):
    images, labels = inputs(data_dir, batch_size=6)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                im, lab = sess.run([images, labels])
                batches.append([im.tolist(), lab.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
