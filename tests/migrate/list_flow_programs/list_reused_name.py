"""`example` is two variables: a Python list in `summary()` (grown by `append`, counted) and, in `image_batch`,
the one-element list a `WholeFileReader` helper returns, read as `example[0]`; shuffle_batch with two threads;
a multiset of images and the batch sizes."""

import glob
import os

import tensorflow.compat.v1 as tf


def summary(values):
    example = [min(values)]
    example.append(max(values))
    return len(example), example


def load_image(queue):
    _, contents = tf.WholeFileReader().read(queue)
    image = tf.image.decode_png(contents, channels=1)
    return [tf.reshape(image, [16])]


def image_batch(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, "image-*.png")))
    queue = tf.train.string_input_producer(files, num_epochs=3, shuffle=True, seed=11)
    example = load_image(queue)
    image = tf.cast(example[0], tf.int32) + 1
    return tf.train.shuffle_batch([image], batch_size=4, capacity=20, min_after_dequeue=4, num_threads=2,
                                  allow_smaller_final_batch=True)


def main(data_dir):
    images = image_batch(data_dir)
    sizes, rows, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                got = sess.run(images).tolist()
                sizes.append(len(got))
                rows.extend(got)
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": [sizes, sorted(rows), list(summary([3, 1, 2]))], "end": end}
