"""Fabric defect patches: make_data's PNGs with seeded random augmentation in the reader (graph seed from
`tf.set_random_seed`, op seeds on `random_flip_left_right` / `random_brightness`), one reader, in order."""
import glob
import os

import tensorflow.compat.v1 as tf


def augment(image):
    image = tf.image.convert_image_dtype(image, tf.float32)
    image = tf.image.random_flip_left_right(image, seed=7)
    image = tf.image.random_brightness(image, max_delta=0.2, seed=8)
    return tf.clip_by_value(image, 0.0, 1.0)


def patch_batches(files, batch_size=4):
    queue = tf.train.string_input_producer(files, num_epochs=2, shuffle=False)
    _, contents = tf.WholeFileReader().read(queue)
    image = tf.image.decode_png(contents, channels=1)
    image.set_shape([4, 4, 1])
    patch = augment(image)
    first_column = tf.reduce_sum(patch[:, 0, 0])
    return tf.train.batch([patch, first_column], batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    tf.set_random_seed(1234)
    files = sorted(glob.glob(os.path.join(data_dir, "image-*.png")))
    patches, first_column = patch_batches(files)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                p, c = sess.run([patches, first_column])
                batches.append([[[round(float(v), 5) for v in im.ravel()] for im in p], [round(float(v), 5) for v in c]])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "done"}
