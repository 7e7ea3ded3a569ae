"""`import tensorflow as tf` with every legacy call spelled through tf.compat.v1, WholeFileReader of PNGs."""

import tensorflow as tf


def load_images(data_dir):
    paths = [data_dir + "/image-%d.png" % i for i in range(6)]
    path_queue = tf.compat.v1.train.string_input_producer(paths, num_epochs=2, shuffle=False)
    image_reader = tf.compat.v1.WholeFileReader()
    path, contents = image_reader.read(path_queue)
    image = tf.image.decode_png(contents, channels=1)
    image = tf.image.convert_image_dtype(image, tf.float32)
    image.set_shape([4, 4, 1])
    return tf.compat.v1.train.batch([path, image], batch_size=4, allow_smaller_final_batch=True)


def main(data_dir):
    paths, images = load_images(data_dir)
    out = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                p, im = sess.run([paths, images])
                out.append([[x.decode().rsplit("/", 1)[-1] for x in p], im.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
