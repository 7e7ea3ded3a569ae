"""Colorization input: grey photos converted to RGB and then to YUV in the graph, split into the luma the model
sees and the chroma it must predict; run from an `InteractiveSession` with runners started without arguments."""

import glob
import os

import tensorflow.compat.v1 as tf


def main(data_dir):
    sess = tf.InteractiveSession()
    files = sorted(glob.glob(os.path.join(data_dir, "image-*.png")))
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    key, contents = tf.WholeFileReader().read(filename_queue)
    gray = tf.image.decode_png(contents, channels=1)
    rgb = tf.image.convert_image_dtype(tf.image.grayscale_to_rgb(gray), tf.float32)
    yuv = tf.image.rgb_to_yuv(rgb)
    luma, chroma = tf.split(yuv, [1, 2], axis=-1)
    luma.set_shape([4, 4, 1])
    chroma.set_shape([4, 4, 2])
    luma_batch, chroma_batch, key_batch = tf.train.batch([luma, chroma, key], batch_size=4,
                                                         allow_smaller_final_batch=True)

    tf.local_variables_initializer().run()
    threads = tf.train.start_queue_runners()
    batches = []
    while True:
        try:
            l, c, k = sess.run([luma_batch, chroma_batch, key_batch])
        except tf.errors.OutOfRangeError:
            break
        batches.append([l.tolist(), c.tolist(), [os.path.basename(p.decode()) for p in k]])
    for t in threads:
        t.join()
    sess.close()
    return {"batches": batches, "end": "all photos"}
