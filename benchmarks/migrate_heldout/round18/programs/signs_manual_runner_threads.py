"""Road-sign thumbnails: PNGs read whole, standardised, shuffled into batches; the runners started by hand from
the QUEUE_RUNNERS collection (`qr.create_threads`)."""
import glob
import os

import tensorflow.compat.v1 as tf

IMAGE_SIZE = 4


def read_sign(filename_queue):
    reader = tf.WholeFileReader()
    key, contents = reader.read(filename_queue)
    image = tf.image.decode_png(contents, channels=1)
    image.set_shape([IMAGE_SIZE, IMAGE_SIZE, 1])
    pixels = tf.cast(image, tf.float32)
    brightness = tf.reduce_mean(pixels)
    standard = tf.image.per_image_standardization(pixels)
    corner = tf.cast(image[0, 0, 0], tf.int32)
    return standard, brightness, corner


def sign_batches(files, batch_size=4):
    filename_queue = tf.train.string_input_producer(files, num_epochs=3, shuffle=True, seed=21)
    standard, brightness, corner = read_sign(filename_queue)
    min_after_dequeue = 4
    return tf.train.shuffle_batch([standard, brightness, corner], batch_size=batch_size,
                                  capacity=min_after_dequeue + 3 * batch_size,
                                  min_after_dequeue=min_after_dequeue, num_threads=2, seed=22,
                                  allow_smaller_final_batch=True)


def start_runners(sess, coord):
    threads = []
    for qr in tf.get_collection(tf.GraphKeys.QUEUE_RUNNERS):
        threads.extend(qr.create_threads(sess, coord=coord, daemon=True, start=True))
    return threads


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, "image-*.png")))
    images, brightness, corner = sign_batches(files)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = start_runners(sess, coord)
        try:
            while not coord.should_stop():
                img, bright, corn = sess.run([images, brightness, corner])
                batches.append([[[round(float(p), 4) for p in im.ravel()] for im in img],
                                [round(float(b), 4) for b in bright], corn.tolist()])
        except tf.errors.OutOfRangeError:
            end = "out_of_range"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
