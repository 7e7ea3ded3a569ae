"""Scanner thumbnails saved as 24-bit BMPs: the producer's work items are the paths, an `IdentityReader` hands each
one back as its value, `read_file` + `decode_bmp` load it; the label comes from the file name."""

import os
import struct

import tensorflow.compat.v1 as tf

SIZE = 4


def _bmp(pixels):
    """A bottom-up 24-bit BMP (rows of 4 pixels are 12 bytes: no padding)."""
    rows = b"".join(bytes(c for p in row for c in (p, (p * 2) % 256, 255 - p)) for row in reversed(pixels))
    header = struct.pack("<2sIHHI", b"BM", 54 + len(rows), 0, 0, 54)
    info = struct.pack("<IiiHHIIiiII", 40, SIZE, SIZE, 1, 24, 0, len(rows), 2835, 2835, 0, 0)
    return header + info + rows


def write_thumbnails(data_dir):
    out_dir = os.path.join(data_dir, "h19_thumbs_bmp_identity_reader")
    os.makedirs(out_dir, exist_ok=True)
    paths = []
    for n in range(5):
        path = os.path.join(out_dir, "thumb-%d.bmp" % (n * 3 + 1))
        with open(path, "wb") as f:
            f.write(_bmp([[(n * 40 + r * 8 + c * 3) % 256 for c in range(SIZE)] for r in range(SIZE)]))
        paths.append(path)
    return paths


def load_thumbnail(path):
    contents = tf.read_file(path)
    image = tf.io.decode_bmp(contents, channels=3)
    image.set_shape([SIZE, SIZE, 3])
    gray = tf.image.rgb_to_grayscale(image)
    number = tf.regex_replace(path, r".*thumb-(\d+)\.bmp$", r"\1")
    return gray, tf.string_to_number(number, out_type=tf.int32)


def main(data_dir):
    paths = write_thumbnails(data_dir)
    path_queue = tf.train.string_input_producer(paths, num_epochs=2, shuffle=False)
    reader = tf.IdentityReader()
    key, path = reader.read(path_queue)
    gray, number = load_thumbnail(path)
    red_mean = tf.reduce_mean(tf.cast(tf.io.decode_bmp(tf.read_file(path), channels=3)[:, :, 0], tf.float32))
    grays, numbers, red_means, keys = tf.train.batch([gray, number, red_mean, key], batch_size=4,
                                                     allow_smaller_final_batch=True)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                g, n, r, k = sess.run([grays, numbers, red_means, keys])
                batches.append([g[:, :, :, 0].tolist(), n.tolist(), [round(float(v), 4) for v in r],
                                [os.path.basename(p.decode()) for p in k]])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": len(batches)}
