"""The round-30 shape: k copies of a WholeFileReader helper given the queue and a config object, joined by
`shuffle_batch_join`, the record key (the file name) returned with the image."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


class Config(object):
    image_size = 3
    batch_size = 3
    num_readers = 2
    epochs = 2


def save_faces(data_dir):
    root = os.path.join(data_dir, "r30c_join_png")
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(30)
    with tf.Graph().as_default(), tf.Session() as s:
        ph = tf.placeholder(tf.uint8, [5, 5, 3])
        enc = tf.image.encode_png(ph)
        for i in range(7):
            with open(os.path.join(root, "%04d.png" % i), "wb") as f:
                f.write(s.run(enc, {ph: rng.randint(0, 256, (5, 5, 3), dtype=np.uint8)}))
    return root


def read_face(filename_queue, cfg):
    reader = tf.WholeFileReader()
    key, value = reader.read(filename_queue)
    image = tf.image.decode_png(value, channels=3)
    image = tf.image.resize_images(image, [cfg.image_size, cfg.image_size],
                                   method=tf.image.ResizeMethod.NEAREST_NEIGHBOR)
    image = tf.cast(image, tf.float32) / 127.5 - 1.0
    image.set_shape([cfg.image_size, cfg.image_size, 3])
    return [image, key]


def input_data(face_dir, cfg):
    files = sorted(os.path.join(face_dir, f) for f in os.listdir(face_dir) if f.endswith(".png"))
    filename_queue = tf.train.string_input_producer(files, num_epochs=cfg.epochs, shuffle=True, seed=3)
    example_list = [read_face(filename_queue, cfg) for _ in range(cfg.num_readers)]
    return tf.train.shuffle_batch_join(example_list, batch_size=cfg.batch_size, capacity=10, min_after_dequeue=2,
                                       seed=4, allow_smaller_final_batch=True)


def main(data_dir):
    cfg = Config()
    images, keys = input_data(save_faces(data_dir), cfg)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while not coord.should_stop():
                im, k = sess.run([images, keys])
                batches.append([np.round(im.mean(axis=(1, 2, 3)), 4).tolist(),
                                [x.decode().replace(data_dir, "DATA") for x in k]])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
