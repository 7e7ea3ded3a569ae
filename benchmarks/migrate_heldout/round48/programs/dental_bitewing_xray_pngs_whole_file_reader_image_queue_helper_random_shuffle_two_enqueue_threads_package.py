import os
import random

import numpy as np
import tensorflow as tf

from dental48_lib import png_reader
from dental48_lib.queue.image_queue import image_queue

batch_size = 3


def make_xrays(folder):
    if not os.path.exists(folder):
        os.makedirs(folder)
    rng = random.Random(4812)
    names = []
    for i in range(12):
        finding = "caries" if i % 3 == 0 else "healthy"
        rows = [[rng.randint(0, 255) for _ in range(png_reader.IMAGE_SIZE)] for _ in range(png_reader.IMAGE_SIZE)]
        path = os.path.join(folder, "bw%02d_%s_xray.png" % (i, finding))
        png_reader.write_gray_png(path, rows)
        names.append(path)
    return names


def main(data_dir):
    files = make_xrays(os.path.join(data_dir, "h48_dental_bitewing"))
    image, label = png_reader.read_xray(files, num_epochs=1)
    images, labels = image_queue(image, label, batch_size, threads_num=2, data_type='train')
    brightness = tf.reduce_mean(images, axis=[1, 2, 3])

    out = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess, coord)
        step = 0
        try:
            while not coord.should_stop():
                img, lab, br = sess.run([images, labels, brightness])
                out.append([np.round(img[:, :, :, 0].astype(np.float64), 4).tolist(), lab.tolist(),
                            np.round(br.astype(np.float64), 4).tolist()])
                step += 1
        except tf.errors.OutOfRangeError:
            print('epoch done after %d steps' % step)
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": "radiographs: %d" % (batch_size * len(out))}
