"""pix2pix's choice of inputs and targets by a Python setting (`if a.which_direction == "AtoB": ... elif ...:
... else: raise`), between the read and the batch: make_data's PNGs split into halves by `width // 2`."""

import argparse
import os

import tensorflow.compat.v1 as tf

a = argparse.Namespace(which_direction="BtoA", batch_size=2)


def load_examples(data_dir):
    paths = [os.path.join(data_dir, "image-%d.png" % k) for k in range(6)]
    path_queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    reader = tf.WholeFileReader()
    names, contents = reader.read(path_queue)
    raw = tf.image.convert_image_dtype(tf.image.decode_png(contents, channels=1), dtype=tf.float32)
    raw.set_shape([4, 4, 1])
    width = tf.shape(raw)[1]
    left, right = raw[:, :width // 2, :], raw[:, width // 2:, :]
    if a.which_direction == "AtoB":
        inputs, targets = [left, right]
    elif a.which_direction == "BtoA":
        inputs, targets = [right, left]
    else:
        raise Exception("invalid direction %s" % a.which_direction)
    return tf.train.batch([names, inputs * 2 - 1, targets], batch_size=a.batch_size)


def main(data_dir):
    names, inputs, targets = load_examples(data_dir)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                n, x, y = sess.run([names, inputs, targets])
                batches.append([[os.path.basename(p.decode()) for p in n], x.round(4).tolist(),
                                y.round(4).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
