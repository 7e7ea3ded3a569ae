"""A WholeFileReader helper whose key (the file name) is part of the element."""

import tensorflow.compat.v1 as tf


def load(path_queue):
    reader = tf.WholeFileReader()
    path, contents = reader.read(path_queue)
    pixels = tf.image.decode_png(contents, channels=1)
    pixels.set_shape([4, 4, 1])
    return tf.strings.regex_replace(path, ".*/", ""), tf.reduce_sum(tf.cast(pixels, tf.int32))


def main(data_dir):
    paths = [data_dir + "/image-%d.png" % i for i in range(6)]
    name, total = load(tf.train.string_input_producer(paths, num_epochs=2, shuffle=False))
    names, totals = tf.train.batch([name, total], batch_size=5, allow_smaller_final_batch=True)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([names, totals])
                out.append([[x.decode() for x in a], b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
