"""tensorflow-deeplab-resnet's ImageReader shape: a list file of image and mask paths, a slice_input_producer over
both made in __init__, the decoding in a module function and the batch in dequeue(); the trainer runs a
fixed number of steps."""

import os

import numpy as np
import tensorflow as tf

IMG_MEAN = np.array((10.0,), dtype=np.float32)


def write_list_file(data_dir, path):
    lines = []
    for i in range(6):
        lines.append('/image-%d.png /image-%d.png' % (i, (i + 1) % 6))
    with open(path, 'w') as f:
        f.write('\n'.join(lines) + '\n')


def read_labeled_image_list(data_dir, data_list):
    """Reads txt file containing paths to images and ground truth masks."""
    f = open(data_list, 'r')
    images = []
    masks = []
    for line in f:
        try:
            image, mask = line.strip("\n").split(' ')
        except ValueError:
            image = mask = line.strip("\n")
        images.append(data_dir + image)
        masks.append(data_dir + mask)
    f.close()
    return images, masks


def read_images_from_disk(input_queue, input_size, img_mean):
    """Read one image and its corresponding mask."""
    img_contents = tf.compat.v1.read_file(input_queue[0])
    label_contents = tf.compat.v1.read_file(input_queue[1])

    img = tf.image.decode_png(img_contents, channels=1)
    img = tf.cast(img, dtype=tf.float32)
    img -= img_mean
    label = tf.image.decode_png(label_contents, channels=1)
    label = tf.cast(label, tf.int32) // 64
    if input_size is not None:
        h, w = input_size
        img = tf.image.crop_to_bounding_box(img, 0, 0, h, w)
        label = tf.image.crop_to_bounding_box(label, 0, 0, h, w)
    return img, label


class ImageReader(object):
    """Generic ImageReader which reads images and corresponding segmentation masks from the disk."""

    def __init__(self, data_dir, data_list, input_size, random_scale, img_mean, coord):
        self.data_dir = data_dir
        self.data_list = data_list
        self.input_size = input_size
        self.coord = coord

        self.image_list, self.label_list = read_labeled_image_list(self.data_dir, self.data_list)
        self.images = tf.convert_to_tensor(self.image_list, dtype=tf.string)
        self.labels = tf.convert_to_tensor(self.label_list, dtype=tf.string)
        self.queue = tf.compat.v1.train.slice_input_producer([self.images, self.labels],
                                                             shuffle=random_scale)
        self.image, self.label = read_images_from_disk(self.queue, self.input_size, img_mean)

    def dequeue(self, num_elements):
        image_batch, label_batch = tf.compat.v1.train.batch([self.image, self.label], num_elements)
        return image_batch, label_batch


def main(data_dir):
    list_dir = os.path.join(data_dir, 'h9_deeplab_image_reader')
    os.makedirs(list_dir, exist_ok=True)
    data_list = os.path.join(list_dir, 'train.txt')
    write_list_file(data_dir, data_list)

    batch_size = 4
    num_steps = 5
    input_size = (3, 3)
    coord = tf.compat.v1.train.Coordinator()
    with tf.name_scope("create_inputs"):
        reader = ImageReader(data_dir, data_list, input_size, False, IMG_MEAN, coord)
        image_batch, label_batch = reader.dequeue(batch_size)

    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.global_variables_initializer())
    threads = tf.compat.v1.train.start_queue_runners(coord=coord, sess=sess)
    batches = []
    for step in range(num_steps):
        images, labels = sess.run([image_batch, label_batch])
        batches.append([images[..., 0].tolist(), labels[..., 0].tolist()])
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "steps"}
