"""Fast style transfer training images: a preprocess_fn passed down to image(), producer with capacity,
WholeFileReader, train.batch without a smaller final batch."""
import os

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1


def write_content(root, n=7):
    os.makedirs(root, exist_ok=True)
    paths = []
    with tf.Graph().as_default():
        ph = tf1.placeholder(tf.uint8, [None, None, 3])
        enc = tf.image.encode_png(ph)
        with tf1.Session() as sess:
            for i in range(n):
                size = 4 + (i % 3)
                arr = (np.arange(size * size * 3).reshape(size, size, 3) + 7 * i).astype(np.uint8)
                p = os.path.join(root, "COCO_train2014_%012d.png" % i)
                with open(p, "wb") as f:
                    f.write(sess.run(enc, {ph: arr}))
                paths.append(p)
    return paths


def mean_image_subtraction(image, means=(123.68, 116.78, 103.94)):
    channels = tf.split(image, 3, axis=2)
    return tf.concat([c - m for c, m in zip(channels, means)], axis=2)


def preprocessing(image, height, width):
    image = tf1.image.resize_images(image, [height, width], method=tf1.image.ResizeMethod.NEAREST_NEIGHBOR)
    return mean_image_subtraction(tf.cast(image, tf.float32))


def image(batch_size, height, width, paths, preprocess_fn, epochs=1, shuffle=False):
    filename_queue = tf1.train.string_input_producer(paths, shuffle=shuffle, num_epochs=epochs, capacity=4)
    reader = tf1.WholeFileReader()
    _, img_bytes = reader.read(filename_queue)
    img = tf.image.decode_png(img_bytes, channels=3)
    processed = preprocess_fn(img, height, width)
    processed.set_shape([height, width, 3])
    return tf1.train.batch([processed], batch_size, dynamic_pad=False)


def main(data_dir):
    paths = write_content(os.path.join(data_dir, "h27_style_transfer_content_images_preprocess_fn_param"))
    content = image(2, 3, 3, paths, preprocessing)
    gram = tf.reduce_sum(content, axis=[1, 2])
    batches = []
    with tf1.Session() as sess:
        sess.run([tf1.global_variables_initializer(), tf1.local_variables_initializer()])
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(coord=coord)
        step = 0
        try:
            while not coord.should_stop():
                g = sess.run(gram)
                batches.append([np.round(g, 2).tolist()])
                step += 1
        except tf.errors.OutOfRangeError:
            print("Done training for %d steps" % step)
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "steps=%d" % step}
