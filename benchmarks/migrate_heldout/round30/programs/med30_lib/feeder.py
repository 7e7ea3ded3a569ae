import threading

import tensorflow.compat.v1 as tf


class VolumeSliceFeeder(object):
    """Feeds the axial slices of every volume into a FIFOQueue from one Python thread."""

    def __init__(self, manager, height, width):
        self.manager = manager
        self.image_ph = tf.placeholder(tf.float32, [None, height, width], name="slices")
        self.gt_ph = tf.placeholder(tf.int64, [None, height, width], name="gt_slices")
        self.index_ph = tf.placeholder(tf.int32, [None], name="slice_index")
        self.data_queue = tf.FIFOQueue(32, [tf.float32, tf.int64, tf.int32],
                                       shapes=[[height, width], [height, width], []])
        self.enqueue_op = self.data_queue.enqueue_many([self.image_ph, self.gt_ph, self.index_ph])
        self.close_op = self.data_queue.close()
        self._thread = None

    def dequeue(self, batch_size):
        return self.data_queue.dequeue_many(batch_size)

    def _push(self, sess):
        for name in self.manager.data_list:
            image, gt = self.manager.numpy_images[name], self.manager.numpy_gts[name]
            sess.run(self.enqueue_op, feed_dict={self.image_ph: image, self.gt_ph: gt,
                                                 self.index_ph: list(range(image.shape[0]))})
        sess.run(self.close_op)

    def start(self, sess):
        self._thread = threading.Thread(target=self._push, args=(sess,))
        self._thread.daemon = True
        self._thread.start()

    def join(self):
        self._thread.join()
