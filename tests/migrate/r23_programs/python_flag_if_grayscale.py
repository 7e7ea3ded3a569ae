"""``if is_grayscale:`` gives the image a new value between the read and the batch, the flag a parameter (a
Python value, read once when the graph is built); a second ``if`` on another module's setting with an
augmented assignment and an ``elif`` (held-out round 23: refused as "a rebinding")."""

import os

import tensorflow.compat.v1 as tf

from r23_lib.flags import Settings


def inputs(data_dir, is_grayscale, batch_size=4):
    files = sorted(os.path.join(data_dir, n) for n in os.listdir(data_dir) if n.endswith(".png"))
    queue = tf.train.string_input_producer(files, num_epochs=2, shuffle=False)
    _, contents = tf.WholeFileReader().read(queue)
    image = tf.cast(tf.image.decode_png(contents, channels=1), tf.int32)
    # a grey-scale model wants one channel, doubled
    if is_grayscale:
        image = tf.concat([image, image], axis=-1)
    if Settings.scale > 1:
        image *= Settings.scale
    elif Settings.scale < 0:
        image = -image
    image.set_shape([4, 4, 2 if is_grayscale else 1])
    return tf.train.batch([image], batch_size)


def main(data_dir):
    batch = inputs(data_dir, True)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append(sess.run(batch).tolist())
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
