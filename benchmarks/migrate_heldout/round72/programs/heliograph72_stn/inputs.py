import tensorflow.compat.v1 as tf
import numpy as np


class CroppedInputs(object):

    def __init__(self, list_file, image_dir, batch_size=2):
        self.list_file = list_file
        self.image_dir = image_dir
        self.batch_size = batch_size

    def main(self, train=True):
        fileLists = np.genfromtxt(self.list_file,
                                  dtype=['S60', 'i8', 'i8', 'i8', 'i8', 'i8',
                                         'f4', 'f4'],
                                  delimiter=' ')
        images = []
        xs = []
        hs = []
        ys = []
        ws = []
        labels = []
        if train:
            transforms = []
        for image, label, x, h, y, w, t1, t2 in fileLists:
            images.append(self.image_dir + '/' + image.decode())
            labels.append(label)
            xs.append(x)
            hs.append(h)
            ys.append(y)
            ws.append(w)
            if train:
                transforms.append([t1, t2])
        tensors = [images, labels, xs, hs, ys, ws]
        if train:
            tensors.append(np.array(transforms, np.float32))
        queue = tf.train.slice_input_producer(tensors, num_epochs=1, shuffle=False)
        image = self.read_crop(queue[0], queue[2], queue[3], queue[4], queue[5])
        label = tf.cast(queue[1], tf.int32)
        if train:
            return tf.train.batch([image, label, queue[6]], batch_size=self.batch_size)
        return tf.train.batch([image, label], batch_size=self.batch_size)

    def read_crop(self, path, x, h, y, w):
        raw = tf.read_file(path)
        image = tf.reshape(tf.decode_raw(raw, tf.uint8), [6, 6, 1])
        image = tf.image.crop_to_bounding_box(image, tf.cast(y, tf.int32), tf.cast(x, tf.int32),
                                              tf.cast(h, tf.int32), tf.cast(w, tf.int32))
        image = tf.image.resize_image_with_crop_or_pad(image, 3, 3)
        return tf.cast(image[:, :, 0], tf.float32) / 255.
