"""Image-folder shape: a WholeFileReader over PNG files from `string_input_producer` (shuffled, a few dozen
epochs), `decode_png`, `shuffle_batch` with two threads and `allow_smaller_final_batch`, read in a
`MonitoredTrainingSession` until it should stop."""

import glob
import os

import tensorflow.compat.v1 as tf

IMAGE_SIZE = 4


def read_image(filename_queue):
    reader = tf.WholeFileReader()
    filename, contents = reader.read(filename_queue)
    image = tf.image.decode_png(contents, channels=1)
    image.set_shape([IMAGE_SIZE, IMAGE_SIZE, 1])
    image = tf.cast(tf.reshape(image, [IMAGE_SIZE * IMAGE_SIZE]), tf.int32)
    return filename, image


def image_batches(image_dir, batch_size, num_epochs):
    paths = sorted(glob.glob(os.path.join(image_dir, "image-*.png")))
    filename_queue = tf.train.string_input_producer(paths, num_epochs=num_epochs, shuffle=True, seed=31)
    filename, image = read_image(filename_queue)
    return tf.train.shuffle_batch([filename, image], batch_size=batch_size, capacity=60, min_after_dequeue=20,
                                  num_threads=2, seed=37, allow_smaller_final_batch=True)


def main(data_dir):
    names, images = image_batches(data_dir, batch_size=16, num_epochs=40)
    brightness = tf.reduce_mean(tf.cast(images, tf.float32), axis=1)
    batches = []
    with tf.train.MonitoredTrainingSession(checkpoint_dir=None, save_summaries_steps=None,
                                           log_step_count_steps=None) as sess:
        while not sess.should_stop():
            n, img, bright = sess.run([names, images, brightness])
            batches.append([[os.path.basename(s.decode()) for s in n], img.tolist(), bright.tolist()])
    return {"batches": batches, "end": "should_stop"}
