"""Optical-flow training pairs (FlyingChairs-like): two image lists and raw .flo files, slice_input_producer,
pairs with too little motion dropped by maybe_shuffle_batch's keep_input."""
import os

import numpy as np
import tensorflow as tf
from tensorflow.compat import v1 as tfv1

FLAGS = type("Flags", (), {"batch_size": 4, "min_motion": 0.5, "num_epochs": 1})


def write_pairs(root, n=10):
    os.makedirs(root, exist_ok=True)
    img1, img2, flows = [], [], []
    with tf.Graph().as_default():
        ph = tfv1.placeholder(tf.uint8, [2, 2, 3])
        enc = tf.image.encode_png(ph)
        with tfv1.Session() as sess:
            for i in range(n):
                for tag, lst, shift in (("img1", img1, 0), ("img2", img2, 5)):
                    p = os.path.join(root, "%05d_%s.png" % (i, tag))
                    with open(p, "wb") as f:
                        f.write(sess.run(enc, {ph: np.full((2, 2, 3), 10 * i + shift, np.uint8)}))
                    lst.append(p)
                magnitude = 0.0 if i in (3, 7) else 1.0 + i
                flo = os.path.join(root, "%05d_flow.flo" % i)
                np.full((2, 2, 2), magnitude, np.float32).tofile(flo)
                flows.append(flo)
    return img1, img2, flows


def read_pair(queue):
    im1 = tf.image.decode_png(tfv1.read_file(queue[0]), channels=3)
    im2 = tf.image.decode_png(tfv1.read_file(queue[1]), channels=3)
    flow = tf.reshape(tfv1.decode_raw(tfv1.read_file(queue[2]), tf.float32), [2, 2, 2])
    im1.set_shape([2, 2, 3])
    im2.set_shape([2, 2, 3])
    return tf.cast(im1, tf.float32) / 255.0, tf.cast(im2, tf.float32) / 255.0, flow


def inputs(img1, img2, flows):
    queue = tfv1.train.slice_input_producer([img1, img2, flows], num_epochs=FLAGS.num_epochs, shuffle=True, seed=3)
    im1, im2, flow = read_pair(queue)
    motion = tf.reduce_mean(tf.abs(flow))
    keep = tf.greater(motion, FLAGS.min_motion)
    return tfv1.train.maybe_shuffle_batch([im1, im2, flow], batch_size=FLAGS.batch_size, capacity=16,
                                          min_after_dequeue=2, keep_input=keep, seed=3)


def main(data_dir):
    img1, img2, flows = write_pairs(os.path.join(data_dir, "h27_flownet_image_pairs_flo_maybe_shuffle_batch"))
    im1, im2, flow = inputs(img1, img2, flows)
    out = []
    with tfv1.Session() as sess:
        sess.run(tfv1.local_variables_initializer())
        coord = tfv1.train.Coordinator()
        threads = tfv1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                a, b, f = sess.run([im1, im2, flow])
                out.append([np.round(a[:, 0, 0, 0] * 255).astype(int).tolist(),
                            np.round(b[:, 0, 0, 0] * 255).astype(int).tolist(), f[:, 0, 0, 0].tolist()])
        except tf.errors.OutOfRangeError:
            coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "pairs exhausted"}
