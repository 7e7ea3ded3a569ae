"""Dog breeds through a slim-style provider (provider34_lib): get_split, DatasetDataProvider.get, train.batch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from provider34_lib import dogs
from provider34_lib.data import DatasetDataProvider


def load_batch(dataset, batch_size=2, height=2, width=2):
    provider = DatasetDataProvider(dataset, num_readers=1, shuffle=False, num_epochs=1, common_queue_capacity=8,
                                   common_queue_min=2)
    image, label, breed = provider.get(["image", "label", "breed"])
    image = tf.image.convert_image_dtype(image, tf.float32)
    image = tf.image.resize_images(image, [height, width])
    images, labels, breeds = tf.train.batch([image, label, breed], batch_size=batch_size, num_threads=1,
                                            capacity=2 * batch_size)
    return images, labels, breeds


def main(data_dir):
    dataset_dir = os.path.join(data_dir, "h34_dogs")
    dogs.write_split(dataset_dir, "train")
    dataset = dogs.get_split("train", dataset_dir)
    images, labels, breeds = load_batch(dataset)
    one_hot = tf.one_hot(labels, dataset.num_classes)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            for _ in range(dataset.num_samples // 2):
                im, oh, br = sess.run([images, one_hot, breeds])
                batches.append([np.round(im, 4).tolist(), oh.tolist(), [b.decode() for b in br]])
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "dogs: %d of %d" % (2 * len(batches), dataset.num_samples)}
