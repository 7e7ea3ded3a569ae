"""The runners are started by a helper of this module that loops over the QUEUE_RUNNERS collection
(`qr.create_threads(sess, coord=coord, daemon=True, start=True)`), stopped and joined by the caller."""
import glob
import os

import tensorflow as tf

IMAGE_SIZE = 4


def read_image(queue):
    _, contents = tf.compat.v1.WholeFileReader().read(queue)
    image = tf.image.decode_png(contents, channels=1)
    image.set_shape([IMAGE_SIZE, IMAGE_SIZE, 1])
    return tf.reduce_sum(tf.cast(image, tf.int32)), tf.cast(image[0, 0, 0], tf.int32)


def image_batches(files):
    queue = tf.compat.v1.train.string_input_producer(files, num_epochs=2, shuffle=False)
    total, corner = read_image(queue)
    return tf.compat.v1.train.batch([total, corner], batch_size=3, allow_smaller_final_batch=True)


def start_runners(sess, coord):
    threads = []
    for qr in tf.compat.v1.get_collection(tf.compat.v1.GraphKeys.QUEUE_RUNNERS):
        threads.extend(qr.create_threads(sess, coord=coord, daemon=True, start=True))
    return threads


def main(data_dir):
    totals, corners = image_batches(sorted(glob.glob(os.path.join(data_dir, "image-*.png"))))
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = start_runners(sess, coord)
        try:
            while not coord.should_stop():
                t, c = sess.run([totals, corners])
                batches.append([t.tolist(), c.tolist()])
        except tf.errors.OutOfRangeError:
            end = "out_of_range"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
