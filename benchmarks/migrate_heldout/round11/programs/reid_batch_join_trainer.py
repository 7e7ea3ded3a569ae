"""Person re-identification trainer shape: image paths and identity labels listed in Python, a
slice_input_producer over them, several preprocessing threads each reading and decoding a file, joined with
batch_join; flags as module-level variables passed as parameters."""

import glob
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

nrof_preprocess_threads = 3
image_size = 4
batch_size = 16
max_nrof_epochs = 20


def get_dataset(data_dir):
    image_paths = sorted(glob.glob(os.path.join(data_dir, "image-*.png")))
    labels = [int(os.path.basename(p)[len("image-"):-len(".png")]) % 3 for p in image_paths]
    return image_paths, labels


def read_images(input_queue, image_size):
    filename, label = input_queue[0], input_queue[1]
    file_contents = tf.read_file(filename)
    image = tf.image.decode_png(file_contents, channels=1)
    image = tf.reshape(image, [image_size, image_size])
    image = tf.image.per_image_standardization(tf.expand_dims(image, -1))
    image = tf.reshape(tf.round(image * 1000.0) / 1000.0, [image_size * image_size])
    return image, label


def build_input(image_list, label_list, batch_size, nrof_threads, epochs):
    images = tf.convert_to_tensor(image_list, dtype=tf.string)
    labels = tf.convert_to_tensor(label_list, dtype=tf.int32)
    input_queue = train.slice_input_producer([images, labels], num_epochs=epochs, shuffle=True, seed=11)

    images_and_labels = []
    for _ in range(nrof_threads):
        image, label = read_images(input_queue, image_size)
        images_and_labels.append([image, label])

    image_batch, label_batch = train.batch_join(
        images_and_labels, batch_size=batch_size,
        capacity=4 * nrof_threads * batch_size,
        allow_smaller_final_batch=True)
    return image_batch, label_batch


def main(data_dir):
    image_list, label_list = get_dataset(data_dir)
    image_batch, label_batch = build_input(image_list, label_list, batch_size, nrof_preprocess_threads,
                                           max_nrof_epochs)
    batches = []
    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    tf.train.start_queue_runners(coord=coord, sess=sess)
    end = None
    with sess.as_default():
        try:
            while True:
                images_, labels_ = sess.run([image_batch, label_batch])
                batches.append([images_.tolist(), labels_.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
    coord.request_stop()
    sess.close()
    return {"batches": batches, "end": end}
