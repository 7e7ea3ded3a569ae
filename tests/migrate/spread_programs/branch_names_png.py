"""Side-by-side images read whole, split into halves, and an `if` on a module-level options object choosing
which half is the input (a Python value read once, as legacy read it); a nested function resizes both before
`batch`. `import tensorflow as tf` with `tf.compat.v1.*` calls; two epochs."""

import glob
import os

import tensorflow as tf


class Options(object):
    swap = True
    batch_size = 4
    epochs = 2


OPTS = Options()


def halves(pair):
    with tf.compat.v1.name_scope("halves"):
        width = tf.shape(pair)[1]
        return pair[:, :width // 2, :], pair[:, width // 2:, :]


def load(data_dir):
    paths = sorted(glob.glob(os.path.join(data_dir, "image-*.png")))
    with tf.compat.v1.name_scope("load"):
        queue = tf.compat.v1.train.string_input_producer(paths, shuffle=False, num_epochs=OPTS.epochs)
        reader = tf.compat.v1.WholeFileReader()
        names, contents = reader.read(queue)
        image = tf.cast(tf.image.decode_png(contents, channels=1), tf.float32) / 255.0
        image.set_shape([None, None, 1])
        left, right = halves(image)

    if OPTS.swap:
        source, target = [right, left]
    else:
        source, target = [left, right]

    def flat(half):
        return tf.reshape(half, [8])

    with tf.compat.v1.name_scope("flat"):
        source = flat(source)
        target = flat(target) * 2.0

    return tf.compat.v1.train.batch([names, source, target], batch_size=OPTS.batch_size)


def main(data_dir):
    names, source, target = load(data_dir)
    out, end = [], None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                n, s, t = sess.run([names, source, target])
                out.append([[os.path.basename(p.decode()) for p in n], s.tolist(), t.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
