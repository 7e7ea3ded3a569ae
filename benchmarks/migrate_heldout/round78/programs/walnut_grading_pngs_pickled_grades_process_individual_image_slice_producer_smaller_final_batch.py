"""Walnut grading photos: grades in a pickle, process_individual_image(filename_queue, img_size,
random_crop=False) on an unshuffled slice_input_producer, one-thread batch with a smaller final batch."""
import os
import pickle

import numpy as np
import tensorflow.compat.v1 as tf


def process_individual_image(filename_queue, img_size, random_crop=False):
    """Individual loading & processing for each image"""
    image_file = tf.read_file(filename_queue)
    image = tf.image.decode_image(image_file, 3)
    image.set_shape([None, None, 3])
    if random_crop:
        # for training, take a random crop of the image
        image_shape = tf.shape(image)
        image = tf.image.pad_to_bounding_box(image, 0, 0, tf.maximum(img_size, image_shape[0]),
                                             tf.maximum(img_size, image_shape[1]))
        image = tf.random_crop(image, size=[img_size, img_size, 3])
        image.set_shape((img_size, img_size, 3))
    else:
        # for testing, resize the whole image
        image = tf.image.resize_images(image, [img_size, img_size])
    image = tf.cast(image, tf.float32) / 255.0
    return image


def batch_processing(filenames, labels, img_size, batch_size, num_epochs=1, random_crop=False):
    files = tf.convert_to_tensor(filenames, dtype=tf.string)
    grades = tf.convert_to_tensor(labels, dtype=tf.int32)
    filename_queue, label_queue = tf.train.slice_input_producer([files, grades], num_epochs=num_epochs,
                                                                shuffle=False)
    image = process_individual_image(filename_queue, img_size, random_crop)
    image_batch, label_batch = tf.train.batch([image, label_queue], batch_size=batch_size,
                                              num_threads=1, allow_smaller_final_batch=True)
    return image_batch, label_batch


def make_data(out_dir):
    rng = np.random.RandomState(11)
    grades = {}
    with tf.Graph().as_default():
        ph = tf.placeholder(tf.uint8, [2, 2, 3])
        png = tf.image.encode_png(ph)
        with tf.Session() as sess:
            for i in range(7):
                name = 'walnut_%d.png' % i
                with open(os.path.join(out_dir, name), 'wb') as f:
                    f.write(sess.run(png, {ph: rng.randint(0, 256, size=(2, 2, 3)).astype(np.uint8)}))
                grades[name] = int(rng.randint(1, 4))
    with open(os.path.join(out_dir, 'grades.pkl'), 'wb') as f:
        pickle.dump(grades, f)


def main(data_dir):
    out_dir = os.path.join(data_dir, 'h78_walnut')
    if not os.path.isdir(out_dir):
        os.makedirs(out_dir)
    make_data(out_dir)
    with open(os.path.join(out_dir, 'grades.pkl'), 'rb') as f:
        grades = pickle.load(f)
    names = sorted(grades)
    filenames = [os.path.join(out_dir, n) for n in names]
    labels = [grades[n] for n in names]

    images, label_batch = batch_processing(filenames, labels, 2, 3)
    shade = tf.reduce_mean(images, axis=[1, 2])

    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            s, l = sess.run([shade, label_batch])
            batches.append([np.round(s.astype(np.float64), 3).tolist(), l.tolist()])
    except tf.errors.OutOfRangeError:
        print('graded all walnuts')
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "walnuts: %d" % sum(len(b[1]) for b in batches)}
