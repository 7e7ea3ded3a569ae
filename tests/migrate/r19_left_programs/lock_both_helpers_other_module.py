"""Both readers of a lockstep pair in helpers of another module (`from r19_left_lib import idx_pair as pair`), the
batch here; the pixel file has 10 records, the tag file 8 (legacy ends at the shorter one's end)."""

import os
import struct

import tensorflow.compat.v1 as tf

from r19_left_lib import idx_pair as pair


def write(data_dir):
    pixels, tags = os.path.join(data_dir, "r19f_pixels.bin"), os.path.join(data_dir, "r19f_tags.bin")
    with open(pixels, "wb") as f:
        f.write(b"HEAD")
        for n in range(10):
            f.write(bytes((n * 13 + k) % 256 for k in range(4)))
    with open(tags, "wb") as f:
        for n in range(8):
            f.write(struct.pack("<h", n * 100 - 300))
    return pixels, tags


def main(data_dir):
    pixels_path, tags_path = write(data_dir)
    pixels = pair.read_pixels(pixels_path, 1)
    tag = pair.read_tags(tags_path, 1)
    means, tags = tf.train.batch([tf.reduce_mean(pixels), tag], batch_size=3, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                m, t = sess.run([means, tags])
                batches.append([m.tolist(), t.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
