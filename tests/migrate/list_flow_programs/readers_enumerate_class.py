"""In a class method: `WholeFileReader`s named by their index in a comprehension, read in a
`for i, r in enumerate(readers):` loop that appends a one-tensor list, joined by `batch_join`: a bare tensor
back; a multiset of images and the batch sizes."""

import glob
import os

import tensorflow.compat.v1 as tf


class ImageFolder:
    def __init__(self, data_dir, num_readers=2):
        self.files = sorted(glob.glob(os.path.join(data_dir, "image-*.png")))
        self.num_readers = num_readers

    def batch(self, size):
        queue = tf.train.string_input_producer(self.files, num_epochs=2, shuffle=False)
        readers = [tf.WholeFileReader(name="png_reader_%d" % i) for i in range(self.num_readers)]
        examples = []
        for i, r in enumerate(readers):
            _, contents = r.read(queue)
            image = tf.reshape(tf.image.decode_png(contents, channels=1), [16])
            examples.append([tf.cast(image, tf.int32) * 3])
        return tf.train.batch_join(examples, batch_size=size, allow_smaller_final_batch=True)


def main(data_dir):
    images = ImageFolder(data_dir, num_readers=2).batch(5)
    sizes, rows, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                got = sess.run(images).tolist()
                sizes.append(len(got))
                rows.extend(got)
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": [sizes, sorted(rows)], "end": end}
