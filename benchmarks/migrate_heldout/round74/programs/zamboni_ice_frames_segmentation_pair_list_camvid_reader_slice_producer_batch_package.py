"""Zamboni ice-resurfacing frames: a segmentation repository's inputs module (`get_filename_list` reading
"image label" pairs, `dataset_reader(filename_queue, width, height, channels)  # prev name: CamVid_reader`,
`dataset_inputs` over a slice producer), read as the test split: unshuffled, one epoch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from zamboni74_segnet.png import encode_png
from zamboni74_segnet import inputs

W, H, C = 3, 2, 3


def write_pairs(data_dir):
    root = os.path.join(data_dir, "h74_zamboni")
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(7406)
    lines = []
    for i in range(6):
        img = os.path.join(root, "frame%02d.png" % i)
        lab = os.path.join(root, "frame%02d_mask.png" % i)
        with open(img, "wb") as f:
            f.write(encode_png(rng.randint(0, 256, size=(H, W, C))))
        with open(lab, "wb") as f:
            f.write(encode_png(rng.randint(0, 3, size=(H, W, 1))))
        lines.append("%s %s" % (img, lab))
    path = os.path.join(root, "test.txt")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path


def main(data_dir):
    image_filenames, label_filenames = inputs.get_filename_list(write_pairs(data_dir))
    images, labels = inputs.dataset_inputs(image_filenames, label_filenames, 2, W, H, C, shuffle=False,
                                           num_epochs=1)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        try:
            for step in range(len(image_filenames) // 2):
                img, lab = sess.run([images, labels])
                batches.append([img.tolist(), lab[:, :, :, 0].tolist()])
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "frames: %d" % (2 * len(batches))}
