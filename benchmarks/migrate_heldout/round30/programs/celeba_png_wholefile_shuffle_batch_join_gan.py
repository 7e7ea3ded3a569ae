"""GAN face loader: PNG files listed with os.listdir, two WholeFileReader decoders on one shuffling producer, each
decoded, resized and scaled to [-1, 1], then `shuffle_batch_join`."""
import os

import numpy as np
import tensorflow.compat.v1 as tf



class Config(object):
    image_size = 4
    batch_size = 4
    num_readers = 2
    epochs = 1


def save_faces(data_dir):
    root = os.path.join(data_dir, "h30_celeba_png")
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(308)
    with tf.Graph().as_default(), tf.Session() as s:
        ph = tf.placeholder(tf.uint8, [6, 6, 3])
        enc = tf.image.encode_png(ph)
        for i in range(8):
            with open(os.path.join(root, "%06d.png" % (i + 1)), "wb") as f:
                f.write(s.run(enc, {ph: rng.randint(0, 256, (6, 6, 3), dtype=np.uint8)}))
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
    files = [os.path.join(face_dir, f) for f in os.listdir(face_dir) if f.endswith(".png")]
    filename_queue = tf.train.string_input_producer(files, num_epochs=cfg.epochs, shuffle=True, seed=5)
    example_list = [read_face(filename_queue, cfg) for _ in range(cfg.num_readers)]
    return tf.train.shuffle_batch_join(example_list, batch_size=cfg.batch_size, capacity=16, min_after_dequeue=4,
                                       seed=9)


def main(data_dir):
    cfg = Config()
    images, keys = input_data(save_faces(data_dir), cfg)
    z = tf.random_uniform([cfg.batch_size, 2], seed=1)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while not coord.should_stop():
                im, k, _ = sess.run([images, keys, z])
                batches.append([np.round(im.mean(axis=(1, 2, 3)), 4).tolist(),
                                [os.path.basename(x.decode()) for x in k]])
        except tf.errors.OutOfRangeError:
            end = "faces done"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
