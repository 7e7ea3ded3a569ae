"""Style-transfer input: content images come from a `WholeFileReader` pipeline, while the single style image is
read once with `read_file`, repeated by `tf.train.limit_epochs` and batched by its own `train.batch` (no
`enqueue_many`); both batches are run together at each step.
"""

import glob
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1.train import batch, limit_epochs, string_input_producer

IMAGE_SIZE = 4
BATCH_SIZE = 2


def preprocess(image):
    image = tf.image.convert_image_dtype(image, tf.float32)
    image = tf.image.resize_image_with_crop_or_pad(image, IMAGE_SIZE, IMAGE_SIZE)
    return image * 2.0 - 1.0


def content_batch(files, batch_size, num_epochs=1):
    queue = string_input_producer(files, num_epochs=num_epochs, shuffle=False)
    _, contents = tf.WholeFileReader().read(queue)
    image = preprocess(tf.image.decode_png(contents, channels=1))
    image.set_shape([IMAGE_SIZE, IMAGE_SIZE, 1])
    return batch([image], batch_size=batch_size, num_threads=1)


def style_batch(style_path, batch_size, repeats):
    style = preprocess(tf.image.decode_png(tf.read_file(style_path), channels=1))
    style.set_shape([IMAGE_SIZE, IMAGE_SIZE, 1])
    style = limit_epochs(style, num_epochs=repeats)
    return batch([style], batch_size=batch_size)


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, "image-*.png")))
    content_files, style_path = files[:-1], files[-1]
    content = content_batch(content_files, BATCH_SIZE)
    style = style_batch(style_path, BATCH_SIZE, repeats=4)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                c, s = sess.run([content, style])
                batches.append([c.reshape(len(c), -1).tolist(), s.reshape(len(s), -1).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
