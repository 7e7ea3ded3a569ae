"""Flowers-style list file read in Python, slice_input_producer([paths, labels], shuffle=False, num_epochs=1),
tf.read_file + decode_jpeg + resize_images, train.batch(3, allow_smaller_final_batch=True)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

CLASSES = ["daisy", "roses", "tulips"]


def _make_flowers(root):
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(5)
    lines = []
    with tf.Graph().as_default():
        ph = tf.placeholder(tf.uint8, [None, None, 3])
        enc = tf.image.encode_jpeg(ph, quality=100)
        with tf.Session() as s:
            for i in range(7):
                cls = CLASSES[i % 3]
                os.makedirs(os.path.join(root, cls), exist_ok=True)
                h, w = 6 + i % 2 * 2, 8
                arr = (rng.rand(h, w, 3) * 255).astype(np.uint8)
                rel = os.path.join(cls, "img_%d.jpg" % i)
                with open(os.path.join(root, rel), "wb") as f:
                    f.write(s.run(enc, {ph: arr}))
                lines.append("%s %d" % (rel, i % 3))
    with open(os.path.join(root, "train.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")


def read_labeled_image_list(root, list_file):
    f = open(os.path.join(root, list_file), "r")
    filenames = []
    labels = []
    for line in f:
        filename, label = line[:-1].split(" ")
        filenames.append(os.path.join(root, filename))
        labels.append(int(label))
    f.close()
    return filenames, labels


def read_images_from_disk(input_queue):
    label = input_queue[1]
    file_contents = tf.read_file(input_queue[0])
    example = tf.image.decode_jpeg(file_contents, channels=3)
    example = tf.image.resize_images(example, [4, 4], method=tf.image.ResizeMethod.NEAREST_NEIGHBOR)
    return example, label


def main(data_dir):
    root = os.path.join(data_dir, "h33_flowers")
    _make_flowers(root)
    image_list, label_list = read_labeled_image_list(root, "train.txt")
    images = tf.convert_to_tensor(image_list, dtype=tf.string)
    labels = tf.convert_to_tensor(label_list, dtype=tf.int32)
    input_queue = tf.train.slice_input_producer([images, labels], num_epochs=1, shuffle=False)
    image, label = read_images_from_disk(input_queue)
    image_batch, label_batch = tf.train.batch([image, label], batch_size=3,
                                              allow_smaller_final_batch=True)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                im, lb = sess.run([image_batch, label_batch])
                batches.append([im.astype(np.int64).tolist(), lb.tolist()])
        except tf.errors.OutOfRangeError:
            end = "flowers: %d images" % sum(len(b[1]) for b in batches)
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
