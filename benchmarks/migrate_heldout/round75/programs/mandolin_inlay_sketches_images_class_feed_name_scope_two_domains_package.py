"""Mandolin inlay sketches and photos (two domains) for an image-translation GAN: an `Images()` class whose
`feed()` opens a `name_scope(self.name)`, reads `image/file_name` / `image/encoded_image`, scales to [-1, 1] and
`shuffle_batch`es on two threads; module helpers `to_image` / `batch_to_image` turn batches back into uint8."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from mandolin75.images import Images, batch_to_image


def write_domain(path, prefix, rng, n=6):
    with tf.python_io.TFRecordWriter(path) as writer:
        for i in range(n):
            pixels = rng.randint(0, 256, (4, 4)).astype(np.uint8)
            example = tf.train.Example(features=tf.train.Features(feature={
                'image/file_name': tf.train.Feature(bytes_list=tf.train.BytesList(
                    value=[('%s_%d.png' % (prefix, i)).encode()])),
                'image/encoded_image': tf.train.Feature(bytes_list=tf.train.BytesList(value=[pixels.tobytes()]))}))
            writer.write(example.SerializeToString())


def main(data_dir):
    out = os.path.join(data_dir, 'h75_mandolin')
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(31)
    write_domain(os.path.join(out, 'sketch.tfrecords'), 'sketch', rng)
    write_domain(os.path.join(out, 'photo.tfrecords'), 'photo', rng)

    X_reader = Images(os.path.join(out, 'sketch.tfrecords'), name='X', batch_size=2)
    Y_reader = Images(os.path.join(out, 'photo.tfrecords'), name='Y', batch_size=2)
    x, x_names = X_reader.feed()
    y, y_names = Y_reader.feed()
    x_image = batch_to_image(x)
    y_image = batch_to_image(y)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for image, names in ((x_image, x_names), (y_image, y_names)):
            try:
                while not coord.should_stop():
                    im, nm = sess.run([image, names])
                    batches.append([im[:, :, :, 0].tolist(), [n.decode() for n in nm]])
            except tf.errors.OutOfRangeError:
                pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "sketches and photos: %d" % (2 * len(batches))}
