"""PNG images read whole with `WholeFileReader`, decoded with `decode_png` and batched with their file names (the
image-folder classifier shape), a fixed list of files found by glob, flags kept as module variables."""
import glob
import os

import tensorflow as tf

IMAGE_SIZE = 4
BATCH_SIZE = 4
NUM_EPOCHS = 1


def read_image(filename_queue):
    reader = tf.compat.v1.WholeFileReader()
    key, contents = reader.read(filename_queue)
    image = tf.io.decode_png(contents, channels=1)
    image.set_shape([IMAGE_SIZE, IMAGE_SIZE, 1])
    image = tf.cast(image, tf.int32)
    return key, image


def main(data_dir):
    image_paths = sorted(glob.glob(os.path.join(data_dir, "image-*.png")))
    filename_queue = tf.compat.v1.train.string_input_producer(image_paths, num_epochs=NUM_EPOCHS, shuffle=False)
    key, image = read_image(filename_queue)
    pixel_sum = tf.reduce_sum(image)
    key_batch, image_batch, sum_batch = tf.compat.v1.train.batch(
        [key, image, pixel_sum], batch_size=BATCH_SIZE, num_threads=1, allow_smaller_final_batch=True)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                keys, images, sums = sess.run([key_batch, image_batch, sum_batch])
                batches.append([[os.path.basename(k.decode()) for k in keys], images[:, :, :, 0].tolist(),
                                sums.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
