"""CIFAR-10 binary batches kept gzip-compressed on disk (`data_batch_N.bin.gz`) and read without unpacking:
`FixedLengthRecordReader(**reader_kwargs)` with `encoding="GZIP"`, the label by `tf.slice`, the image by
reshape + transpose, grey by `rgb_to_grayscale`; one pass, `train.batch`."""

import gzip
import os

import numpy as np
import tensorflow.compat.v1 as tf

LABEL_BYTES = 1
HEIGHT, WIDTH, DEPTH = 4, 4, 3
IMAGE_BYTES = HEIGHT * WIDTH * DEPTH
BATCH_SIZE = 4


def write_batches(data_dir):
    folder = os.path.join(data_dir, "h21_cifar_gz")
    os.makedirs(folder, exist_ok=True)
    n = 0
    paths = []
    for i in (1, 2):
        path = os.path.join(folder, "data_batch_%d.bin.gz" % i)
        with gzip.open(path, "wb") as out:
            for _ in range(7 + 2 * i):
                pixels = np.array([(n * 29 + k * 3) % 256 for k in range(IMAGE_BYTES)], dtype=np.uint8)
                out.write(bytes([n % 10]) + pixels.tobytes())
                n += 1
        paths.append(path)
    return paths


def read_cifar10_gz(filename_queue):
    reader_kwargs = dict(record_bytes=LABEL_BYTES + IMAGE_BYTES, header_bytes=0, footer_bytes=0, encoding="GZIP")
    reader = tf.FixedLengthRecordReader(**reader_kwargs)
    key, value = reader.read(filename_queue)
    record = tf.decode_raw(value, tf.uint8)
    label = tf.cast(tf.slice(record, [0], [LABEL_BYTES]), tf.int32)
    label = tf.reshape(label, [])
    depth_major = tf.reshape(tf.slice(record, [LABEL_BYTES], [IMAGE_BYTES]), [DEPTH, HEIGHT, WIDTH])
    image = tf.transpose(depth_major, [1, 2, 0])
    return key, label, image


def inputs(filenames, batch_size):
    for f in filenames:
        if not tf.gfile.Exists(f):
            raise ValueError("Failed to find file: " + f)
    with tf.name_scope("input"):
        filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
        key, label, image = read_cifar10_gz(filename_queue)
        grey = tf.image.rgb_to_grayscale(tf.cast(image, tf.float32))
        return tf.train.batch([key, label, grey], batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    keys, labels, greys = inputs(write_batches(data_dir), BATCH_SIZE)
    brightness = tf.reduce_mean(greys, axis=[1, 2, 3])

    batches = []
    with tf.Session() as sess:
        sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                k, l, b, g = sess.run([keys, labels, brightness, greys])
                batches.append([[os.path.basename(x.decode()) for x in k], l.tolist(),
                                [round(float(v), 3) for v in b], [round(float(v), 3) for v in g[:, 0, 0, 0]]])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": sum(len(b[1]) for b in batches)}
