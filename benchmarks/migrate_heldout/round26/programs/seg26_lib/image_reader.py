"""An ImageReader in the DeepLab-ResNet style: image list, slice producer, read_images_from_disk, dequeue(n)."""
import tensorflow.compat.v1 as tf

from seg26_lib import preprocess


def read_labeled_image_list(data_dir, data_list):
    images, masks = [], []
    with open(data_list) as f:
        for line in f:
            image, mask = line.strip("\n").split(" ")
            images.append(data_dir + image)
            masks.append(data_dir + mask)
    return images, masks


def read_images_from_disk(input_queue, num_classes, img_mean):
    img_contents = tf.read_file(input_queue[0])
    label_contents = tf.read_file(input_queue[1])
    img = tf.image.decode_png(img_contents, channels=3)
    img = preprocess.subtract_mean(img, img_mean)
    label = tf.image.decode_png(label_contents, channels=1)
    label = preprocess.clean_label(label, num_classes)
    img.set_shape([3, 3, 3])
    label.set_shape([3, 3, 1])
    return img, label


class ImageReader(object):
    """Reads images and their masks from the disk and enqueues them into a TensorFlow queue."""

    def __init__(self, data_dir, data_list, num_classes, img_mean, coord):
        self.data_dir = data_dir
        self.data_list = data_list
        self.coord = coord
        self.image_list, self.label_list = read_labeled_image_list(self.data_dir, self.data_list)
        self.images = tf.convert_to_tensor(self.image_list, dtype=tf.string)
        self.labels = tf.convert_to_tensor(self.label_list, dtype=tf.string)
        self.queue = tf.train.slice_input_producer([self.images, self.labels], shuffle=False, num_epochs=1)
        self.image, self.label = read_images_from_disk(self.queue, num_classes, img_mean)

    def dequeue(self, num_elements):
        image_batch, label_batch = tf.train.batch([self.image, self.label], num_elements)
        return image_batch, label_batch
