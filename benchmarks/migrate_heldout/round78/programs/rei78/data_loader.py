import tensorflow.compat.v1 as tf


class DataLoader:
    def __init__(self, filename, im_size, batch_size):
        self.filelist = open(filename, 'rt').read().splitlines()

        if not self.filelist:
            exit('\nError: file list is empty\n')

        self.im_size = im_size
        self.batch_size = batch_size
        self.data_queue = None

    def next(self):
        with tf.variable_scope('feed'):
            filelist_tensor = tf.convert_to_tensor(self.filelist, dtype=tf.string)
            self.data_queue = tf.train.slice_input_producer([filelist_tensor], num_epochs=1, seed=78)

            im_gt = tf.image.decode_image(tf.read_file(self.data_queue[0]), channels=3)
            # im_gt = tf.cast(im_gt, tf.float32) / 127.5 - 1
            im_gt = tf.cast(im_gt, tf.float32) / 255.0
            im_gt.set_shape([self.im_size, self.im_size, 3])
            im_lr = tf.image.resize_images(im_gt, [self.im_size // 2, self.im_size // 2],
                                           method=tf.image.ResizeMethod.AREA)

            im_lr_batch, im_gt_batch = tf.train.batch([im_lr, im_gt], batch_size=self.batch_size,
                                                      num_threads=1, capacity=4 * self.batch_size)
        return im_lr_batch, im_gt_batch
