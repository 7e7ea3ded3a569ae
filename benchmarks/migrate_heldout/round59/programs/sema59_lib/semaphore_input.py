import os

import tensorflow.compat.v1 as tf


IMAGE_HEIGHT = 3
IMAGE_WIDTH = 4

# Global constants describing the Semaphore data set.
NUM_CLASSES = 4
NUM_EXAMPLES_PER_EPOCH_FOR_TRAIN = 8
NUM_EXAMPLES_PER_EPOCH_FOR_EVAL = 4


def read_image(queue):
    reader = tf.WholeFileReader()
    filename, content = reader.read(queue, name='read_image')
    filename_split = tf.string_split([filename], delimiter='/')
    # folders are named 1..NUM_CLASSES, the folder is the one before the file name
    label_id = tf.string_to_number(filename_split.values[-2], out_type=tf.int32) - 1
    label_id = tf.reshape(label_id, [1])
    img_tensor = tf.image.decode_png(
        content,
        dtype=tf.uint8,
        channels=3,
        name='img_decode')
    img_tensor.set_shape([IMAGE_HEIGHT, IMAGE_WIDTH, 3])

    return img_tensor, label_id


def inputs(data_dir, batch_size):
    filenames = []
    for folder in sorted(os.listdir(data_dir)):
        for f in sorted(os.listdir(os.path.join(data_dir, folder))):
            filenames.append(os.path.join(data_dir, folder, f))

    queue = tf.train.string_input_producer(filenames, shuffle=False, num_epochs=1)
    image, label = read_image(queue)
    image = tf.cast(image, tf.float32) / 255.0

    images, label_batch = tf.train.batch(
        [image, label],
        batch_size=batch_size,
        num_threads=1,
        capacity=NUM_EXAMPLES_PER_EPOCH_FOR_TRAIN + 3 * batch_size)
    return images, tf.reshape(label_batch, [batch_size])
