"""Functions for building the face recognition input pipeline (facenet.py's layout)."""

import os

import tensorflow as tf

RANDOM_FLIP = 4
FIXED_STANDARDIZATION = 8


def get_control_flag(control, field):
    return tf.equal(tf.math.floormod(tf.math.floordiv(control, field), 2), 1)


def create_input_pipeline(input_queue, image_size, nrof_preprocess_threads, batch_size_placeholder):
    images_and_labels_list = []
    for _ in range(nrof_preprocess_threads):
        filenames, label, control = input_queue.dequeue()
        images = []
        for filename in tf.unstack(filenames):
            file_contents = tf.compat.v1.read_file(filename)
            image = tf.image.decode_png(file_contents, channels=1)
            image = tf.cond(get_control_flag(control[0], RANDOM_FLIP),
                            lambda: tf.image.flip_left_right(image),
                            lambda: tf.identity(image))
            image.set_shape(image_size + (1,))
            images.append(tf.cast(tf.reduce_sum(image, axis=2), tf.int32))
        images_and_labels_list.append([images, label])

    image_batch, label_batch = tf.compat.v1.train.batch_join(
        images_and_labels_list, batch_size=batch_size_placeholder,
        shapes=[image_size, ()], enqueue_many=True,
        capacity=4 * nrof_preprocess_threads * 100,
        allow_smaller_final_batch=True)
    return image_batch, label_batch


class ImageClass():
    """Stores the paths to images for a given class."""

    def __init__(self, name, image_paths):
        self.name = name
        self.image_paths = image_paths

    def __len__(self):
        return len(self.image_paths)


def get_dataset(path):
    files = sorted(f for f in os.listdir(path) if f.startswith('image-') and f.endswith('.png'))
    dataset = []
    for i in range(3):
        paths = [os.path.join(path, f) for f in files[2 * i:2 * i + 2]]
        dataset.append(ImageClass('class_%d' % i, paths))
    return dataset


def get_image_paths_and_labels(dataset):
    image_paths_flat = []
    labels_flat = []
    for i in range(len(dataset)):
        image_paths_flat += dataset[i].image_paths
        labels_flat += [i] * len(dataset[i].image_paths)
    return image_paths_flat, labels_flat
