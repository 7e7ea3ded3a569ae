"""The segmentation reader: a class builds a slice_input_producer in __init__ and batches in a method."""

import os

import tensorflow.compat.v1 as tf


def read_images_from_disk(input_queue):
    img = tf.image.decode_png(tf.read_file(input_queue[0]), channels=1)
    label = tf.image.decode_png(tf.read_file(input_queue[1]), channels=1)
    return tf.cast(img, tf.float32), tf.cast(label, tf.int32)


class ImageReader(object):
    def __init__(self, data_dir, coord):
        self.coord = coord
        self.image_list = [os.path.join(data_dir, "image-%d.png" % i) for i in range(6)]
        self.label_list = [os.path.join(data_dir, "image-%d.png" % (5 - i)) for i in range(6)]
        self.images = tf.convert_to_tensor(self.image_list, dtype=tf.string)
        self.labels = tf.convert_to_tensor(self.label_list, dtype=tf.string)
        self.queue = tf.train.slice_input_producer([self.images, self.labels], shuffle=False, num_epochs=2)
        self.image, self.label = read_images_from_disk(self.queue)
        self.image.set_shape([4, 4, 1])
        self.label.set_shape([4, 4, 1])

    def dequeue(self, num_elements):
        image_batch, label_batch = tf.train.batch([self.image, self.label], num_elements,
                                                  allow_smaller_final_batch=True)
        return image_batch, label_batch


def main(data_dir):
    coord = tf.train.Coordinator()
    reader = ImageReader(data_dir, coord)
    image_batch, label_batch = reader.dequeue(5)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        threads = tf.train.start_queue_runners(coord=coord, sess=sess)
        try:
            while True:
                a, b = sess.run([image_batch, label_batch])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
