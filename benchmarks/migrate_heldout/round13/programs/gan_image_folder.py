"""GAN-style image-folder input: files globbed in Python, a `read_parse_preproc` helper under a variable_scope
that returns a one-element list, normalisation to [-1, 1], shuffle_batch with two threads."""

import glob
import os

import tensorflow.compat.v1 as tf


def read_parse_preproc(filename_queue):
    """read, parse, and preproc single example."""
    with tf.variable_scope("read_parse_preproc"):
        reader = tf.WholeFileReader()
        _, image_file = reader.read(filename_queue)
        image = tf.image.decode_png(image_file, channels=1)
        image = tf.reshape(image, [4, 4, 1])
        image = tf.cast(image, tf.float32)
        image = image / 127.5 - 1.0
        return [image]


def get_batch(files, batch_size, num_threads=2, num_epochs=2):
    with tf.variable_scope("input"):
        filename_queue = tf.train.string_input_producer(files, shuffle=True, seed=7, num_epochs=num_epochs)
        example = read_parse_preproc(filename_queue)
        min_after_dequeue = 3
        capacity = min_after_dequeue + (num_threads + 1) * batch_size
        batch = tf.train.shuffle_batch(example, batch_size=batch_size, capacity=capacity,
                                       min_after_dequeue=min_after_dequeue, num_threads=num_threads,
                                       allow_smaller_final_batch=True)
        return batch


def main(data_dir):
    files = glob.glob(os.path.join(data_dir, "image-*.png"))
    images = get_batch(files, batch_size=5)
    batches = []
    end = None
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                images_v = sess.run(images)
                batches.append([images_v.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
