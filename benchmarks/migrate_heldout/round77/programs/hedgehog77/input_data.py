"""input_data.py of a student image classifier (spiny / curled hedgehogs): `get_files(file_dir)` builds two
lists from the class folders, stacks them with `np.array([...]).transpose()` and shuffles them; `get_batch(image,
label, image_W, image_H, batch_size, capacity)` casts the lists, makes a `slice_input_producer`, reads each file,
decodes, crops or pads, standardizes and batches with `tf.train.batch`."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def get_files(file_dir):
    spiny = []
    label_spiny = []
    curled = []
    label_curled = []
    for folder in sorted(os.listdir(file_dir)):
        for file in sorted(os.listdir(os.path.join(file_dir, folder))):
            if folder == "spiny":
                spiny.append(os.path.join(file_dir, folder, file))
                label_spiny.append(0)
            else:
                curled.append(os.path.join(file_dir, folder, file))
                label_curled.append(1)
    print("There are %d spiny\nThere are %d curled" % (len(spiny), len(curled)))

    image_list = np.hstack((spiny, curled))
    label_list = np.hstack((label_spiny, label_curled))

    temp = np.array([image_list, label_list])
    temp = temp.transpose()
    np.random.shuffle(temp)

    image_list = list(temp[:, 0])
    label_list = list(temp[:, 1])
    label_list = [int(i) for i in label_list]
    return image_list, label_list


def get_batch(image, label, image_W, image_H, batch_size, capacity):
    image = tf.cast(image, tf.string)
    label = tf.cast(label, tf.int32)

    # make an input queue
    input_queue = tf.train.slice_input_producer([image, label], num_epochs=1, seed=77)

    label = input_queue[1]
    image_contents = tf.read_file(input_queue[0])
    image = tf.image.decode_png(image_contents, channels=3)

    image = tf.image.resize_image_with_crop_or_pad(image, image_W, image_H)
    image = tf.image.per_image_standardization(image)

    image_batch, label_batch = tf.train.batch([image, label],
                                              batch_size=batch_size,
                                              num_threads=2,
                                              capacity=capacity)
    label_batch = tf.reshape(label_batch, [batch_size])
    image_batch = tf.cast(image_batch, tf.float32)
    return image_batch, label_batch
