# Dumpling photo classifier, after dugzzuli/TFDL `p275_get_batch.py`: a `ulibs.get_file(dir)` helper module,
# `get_batch(image_list, label_list, img_width, img_height, batch_size, capacity)` with `slice_input_producer`,
# `read_file`, `decode_jpeg`, `resize_image_with_crop_or_pad`, `per_image_standardization`, a many-thread
# `train.batch` and a `reshape` of the labels.
import os

import numpy as np
import tensorflow.compat.v1 as tf

from dumpling69_lib import ulibs


def get_batch(image_list, label_list, img_width, img_height, batch_size, capacity):
    image = tf.cast(image_list, tf.string)
    label = tf.cast(label_list, tf.int32)
    input_queue = tf.train.slice_input_producer([image, label], num_epochs=1, shuffle=False)

    label = input_queue[1]
    image_contents = tf.read_file(input_queue[0])
    image = tf.image.decode_jpeg(image_contents, channels=3)
    image = tf.image.resize_image_with_crop_or_pad(image, img_width, img_height)
    image = tf.image.per_image_standardization(image)
    image_batch, label_batch = tf.train.batch([image, label], batch_size=batch_size, num_threads=8, capacity=capacity)
    label_batch = tf.reshape(label_batch, [batch_size])
    return image_batch, label_batch


def _write_photos(out):
    rng = np.random.RandomState(69)
    kinds = ["jiaozi", "xiaolongbao", "gyoza"]
    with tf.Graph().as_default():
        pixels = tf.placeholder(tf.uint8, [None, None, 3])
        encoded = tf.image.encode_jpeg(pixels, quality=95)
        with tf.Session() as sess:
            for n in range(9):
                h, w = 6 + n % 3, 7 + n % 2
                img = rng.randint(0, 256, size=(h, w, 3)).astype(np.uint8)
                data = sess.run(encoded, {pixels: img})
                with open(os.path.join(out, "%s.%d.jpg" % (kinds[n % 3], n)), "wb") as f:
                    f.write(data)


def main(data_dir):
    out = os.path.join(data_dir, "h69_dumpling", "train_r")
    os.makedirs(out, exist_ok=True)
    _write_photos(out)
    np.random.seed(69)

    images_list, labels_list = ulibs.get_file(out)
    image_batch, label_batch = get_batch(images_list, labels_list, 6, 6, 3, 200)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                img, lab = sess.run([image_batch, label_batch])
                batches.append([np.round(img.max(axis=(1, 2, 3)), 3).tolist(),
                                np.round(img[:, 0, 0, 0], 3).tolist(), lab.tolist()])
        except tf.errors.OutOfRangeError:
            print('done!')
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "dumplings: %d" % sum(len(b[2]) for b in batches)}
