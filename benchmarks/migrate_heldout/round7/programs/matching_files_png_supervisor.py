"""WholeFileReader over the files a `tf.matching_files` pattern gives (`from tensorflow.compat.v1 import
train`), two epochs, under a Supervisor that catches the end of the input in its step loop."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def read_png(filename_queue):
    image_reader = tf.WholeFileReader()
    _, image_file = image_reader.read(filename_queue)
    image = tf.image.decode_png(image_file)
    image.set_shape((4, 4, 1))
    pixels = tf.reshape(tf.cast(image, tf.int32), [16])
    brightness = tf.reduce_mean(tf.cast(image, tf.float32))
    return pixels, brightness


def main(data_dir):
    filenames = tf.matching_files(os.path.join(data_dir, 'image-*.png'))
    filename_queue = train.string_input_producer(filenames, num_epochs=2, shuffle=False)
    pixels, brightness = read_png(filename_queue)
    pixel_batch, brightness_batch = train.batch([pixels, brightness], batch_size=5, capacity=20,
                                                allow_smaller_final_batch=True)

    sv = train.Supervisor(logdir=None, summary_op=None, save_model_secs=0)
    batches = []
    end = None
    with sv.managed_session() as sess:
        for step in range(100):
            if sv.should_stop():
                end = 'should_stop'
                break
            try:
                p, b = sess.run([pixel_batch, brightness_batch])
            except tf.errors.OutOfRangeError:
                end = 'OutOfRangeError'
                break
            batches.append([p.tolist(), b.tolist()])
    return {'batches': batches, 'end': end}
