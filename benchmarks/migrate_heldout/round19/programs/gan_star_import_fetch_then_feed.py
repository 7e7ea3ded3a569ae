"""GAN training loop: the real images are dequeued by one `sess.run` and fed to the discriminator's placeholder by
the next (fetch, then feed); a test batch is sampled every other step; `from ... import *` of the loader package."""

import os

import tensorflow.compat.v1 as tf

from loader_lib.hyper_parameters import *  # noqa: F401,F403
from loader_lib.image_loader import *  # noqa: F401,F403


def build_discriminator():
    real_images = tf.placeholder(tf.float32, [None, IMAGE_SIZE, IMAGE_SIZE, 1], name="real_images")  # noqa: F405
    with tf.variable_scope("discriminator"):
        flat = tf.reshape(real_images, [-1, IMAGE_SIZE * IMAGE_SIZE])  # noqa: F405
        w = tf.get_variable("w", [IMAGE_SIZE * IMAGE_SIZE, 1], initializer=tf.constant_initializer(0.05))  # noqa: F405
        b = tf.get_variable("b", [1], initializer=tf.zeros_initializer())
        logit_real = tf.matmul(flat, w) + b
    return real_images, tf.sigmoid(logit_real)


def main(data_dir):
    train_image_batch, train_label_batch, test_image_batch, test_label_batch = get_batches(data_dir)  # noqa: F405
    real_images, probability_real = build_discriminator()

    batches, tests = [], []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        sess.run(tf.global_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        iBatch = 0
        try:
            while not coord.should_stop():
                image_batch, names = sess.run([train_image_batch, train_label_batch])
                p_real = sess.run(probability_real, feed_dict={real_images: image_batch})
                batches.append([[round(float(v), 4) for v in image_batch.sum(axis=(1, 2, 3))],
                                [os.path.basename(n.decode()) for n in names],
                                [round(float(v), 5) for v in p_real[:, 0]]])
                if iBatch % TEST_EVERY == 0:  # noqa: F405
                    test_images, test_names = sess.run([test_image_batch, test_label_batch])
                    tests.append([os.path.basename(n.decode()) for n in test_names])
                iBatch += 1
        except Exception as e:  # noqa: BLE001 - reported to the coordinator, as the GAN scripts do
            coord.request_stop(e)
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": {"steps": iBatch, "tests": tests}}
