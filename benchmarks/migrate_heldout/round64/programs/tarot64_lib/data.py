from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import tensorflow.compat.v1 as tf


def disk_image_batch(image_paths, batch_size, shape, preprocess_fn=None, shuffle=True, num_threads=16,
                     min_after_dequeue=100, allow_smaller_final_batch=False, scope=None):
    """
    This function is suitable for bmp, jpg, png and gif files

    image_paths: string list or 1-D tensor, each of which is an iamge path
    preprocess_fn: single image preprocessing function
    """

    with tf.name_scope(scope, 'disk_image_batch'):
        data_num = len(image_paths)

        # dequeue a single image path and read the image bytes; enqueue the whole file list
        _, img = tf.WholeFileReader().read(
            tf.train.string_input_producer(image_paths, shuffle=shuffle, capacity=data_num,
                                           num_epochs=1, seed=64))
        img = tf.image.decode_image(img)

        # preprocessing
        img.set_shape(shape)
        if preprocess_fn is not None:
            img = preprocess_fn(img)

        # batch datas
        if shuffle:
            capacity = min_after_dequeue + (num_threads + 1) * batch_size
            img_batch = tf.train.shuffle_batch([img],
                                               batch_size=batch_size,
                                               capacity=capacity,
                                               min_after_dequeue=min_after_dequeue,
                                               num_threads=num_threads,
                                               allow_smaller_final_batch=allow_smaller_final_batch,
                                               seed=64)
        else:
            img_batch = tf.train.batch([img],
                                       batch_size=batch_size,
                                       allow_smaller_final_batch=allow_smaller_final_batch)

        return img_batch, data_num


class DiskImageData:

    def __init__(self, image_paths, batch_size, shape, preprocess_fn=None, shuffle=True, num_threads=16,
                 min_after_dequeue=100, allow_smaller_final_batch=False, sess=None, scope=None):
        """
        This function is suitable for bmp, jpg, png and gif files

        image_paths: string list or 1-D tensor, each of which is an iamge path
        preprocess_fn: single image preprocessing function
        """

        self._batch_ops, self._data_num = disk_image_batch(image_paths, batch_size, shape, preprocess_fn, shuffle, num_threads,
                                                           min_after_dequeue, allow_smaller_final_batch, scope)

        if sess:
            self._sess = sess
            self._sess_created = False
        else:
            self._sess = tf.Session()
            self._sess_created = True
        self._sess.run(tf.local_variables_initializer())
        self._coord = tf.train.Coordinator()
        self._threads = tf.train.start_queue_runners(sess=self._sess, coord=self._coord)

    def __len__(self):
        return self._data_num

    def batch_ops(self):
        return self._batch_ops

    def batch(self):
        return self._sess.run(self._batch_ops)

    def __del__(self):
        self._coord.request_stop()
        self._coord.join(self._threads)
        if self._sess_created:
            self._sess.close()
