"""One PNG read by `read_file` at each run, limited positionally to 3 epochs and batched by 2 with the smaller
final batch kept; `import tensorflow.compat.v1 as tf`."""

import os

import tensorflow.compat.v1 as tf


def main(data_dir):
    image = tf.image.decode_png(tf.read_file(os.path.join(data_dir, "image-2.png")), channels=1)
    image = tf.cast(image, tf.float32) / 255.0
    image.set_shape([4, 4, 1])
    limited = tf.train.limit_epochs(image, 3)
    images = tf.train.batch([limited], batch_size=2, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append(sess.run(images).reshape(-1).round(4).tolist())
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
