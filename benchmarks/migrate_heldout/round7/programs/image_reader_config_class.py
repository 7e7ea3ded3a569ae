"""An image reader class with a config object: slice_input_producer in __init__, reading in one method,
batching in another, a property for the example count."""

import os

import tensorflow.compat.v1 as tf


class InputConfig(object):
    def __init__(self, data_dir, batch_size=5, shuffle=False, num_epochs=2, num_images=6):
        self.data_dir = data_dir
        self.batch_size = batch_size
        self.shuffle = shuffle
        self.num_epochs = num_epochs
        self.num_images = num_images

    @property
    def image_paths(self):
        return [os.path.join(self.data_dir, 'image-%d.png' % i) for i in range(self.num_images)]


class ImageReader(object):
    def __init__(self, config):
        self.config = config
        image_paths = tf.convert_to_tensor(config.image_paths, dtype=tf.string)
        labels = tf.convert_to_tensor([i * 3 for i in range(config.num_images)], dtype=tf.int32)
        self.input_queue = tf.train.slice_input_producer(
            [image_paths, labels], shuffle=self.config.shuffle, num_epochs=self.config.num_epochs)

    @property
    def num_examples(self):
        return self.config.num_images * self.config.num_epochs

    def read(self):
        file_content = tf.read_file(self.input_queue[0])
        image = tf.image.decode_png(file_content, channels=1)
        image = tf.reshape(tf.cast(image, tf.int32), [4, 4])
        return image, self.input_queue[1]

    def batch(self):
        image, label = self.read()
        return tf.train.batch([image, label], batch_size=self.config.batch_size, num_threads=1,
                              capacity=self.config.batch_size * 4, allow_smaller_final_batch=True)


def main(data_dir):
    config = InputConfig(data_dir)
    reader = ImageReader(config)
    image_batch, label_batch = reader.batch()

    batches = []
    end = None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for _ in range(reader.num_examples):
                images, labels = sess.run([image_batch, label_batch])
                batches.append([images.tolist(), labels.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}
