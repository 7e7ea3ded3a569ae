import tensorflow.compat.v1 as tf

NUM_THREADS = 4


def get_image_batch(pattern, batch_size, image_size=10, crop_size=8, train=True):
    if train:

        def random_flip(x):
            return tf.image.random_flip_left_right(x)

        def crop(image):
            return tf.random_crop(image, [crop_size, crop_size, 3])

        def queue():
            fnames = tf.convert_to_tensor(tf.train.match_filenames_once(pattern))
            return tf.train.string_input_producer(fnames, num_epochs=None, shuffle=True)

        def batch(f, x):

            return tf.train.shuffle_batch([f, x],
                                          batch_size=batch_size,
                                          num_threads=NUM_THREADS,
                                          capacity=batch_size * 5,
                                          min_after_dequeue=batch_size * 3)
    else:

        def random_flip(x):
            return tf.identity(x)

        def crop(image):
            return tf.image.resize_image_with_crop_or_pad(image, crop_size, crop_size)

        def queue():
            # a resource variable under TF 2.x: read as a tensor before the producer's truth test
            return tf.train.string_input_producer(tf.convert_to_tensor(tf.train.match_filenames_once(pattern)),
                                                  num_epochs=1,
                                                  shuffle=False)

        def batch(f, x):
            return tf.train.batch([f, x],
                                  batch_size=batch_size,
                                  num_threads=NUM_THREADS,
                                  allow_smaller_final_batch=False)

    def _preprocess(image):
        image = random_flip(image)
        image = crop(image)
        image = tf.transpose(image, [2, 0, 1])  # change to CHW format
        image = (tf.cast(image, tf.float32) - 128.0) / 128.0  # push in to [-1 to 1] area.
        return image

    with tf.device('/cpu:0'):
        filename_queue = queue()

        image_reader = tf.WholeFileReader()
        filename, image_file = image_reader.read(filename_queue)
        image = tf.image.decode_png(image_file, channels=3)
        image.set_shape([image_size, image_size, 3])
        image = _preprocess(image)

        return batch(filename, image)
