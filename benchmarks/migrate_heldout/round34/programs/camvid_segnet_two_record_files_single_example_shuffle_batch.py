"""SegNet-style inputs: images and label masks in two TFRecord files, each read by its own single-example reader."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

HEIGHT, WIDTH = 2, 3


def _write(path, arrays):
    with tf.python_io.TFRecordWriter(path) as writer:
        for a in arrays:
            ex = tf.train.Example(features=tf.train.Features(feature={
                "image/encoded": tf.train.Feature(bytes_list=tf.train.BytesList(value=[a.tobytes()]))}))
            writer.write(ex.SerializeToString())


def read_and_decode_single_example(filename, channels):
    filename_queue = tf.train.string_input_producer([filename], num_epochs=1)
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(
        serialized_example, features={"image/encoded": tf.FixedLenFeature([], tf.string)})
    image = tf.decode_raw(features["image/encoded"], tf.uint8)
    image = tf.cast(image, tf.float32)
    image.set_shape([HEIGHT * WIDTH * channels])
    return tf.reshape(image, [HEIGHT, WIDTH, channels])


def inputs(batch_size, train_filename, train_labels_filename=None):
    _min_after_dequeue = 4
    _capacity = _min_after_dequeue + 3 * batch_size
    image = read_and_decode_single_example(train_filename, 3) / 255
    _inp = [image]
    if train_labels_filename:
        label = read_and_decode_single_example(train_labels_filename, 1)
        _inp.append(tf.cast(label, tf.int32))
    rs = tf.train.shuffle_batch(_inp, batch_size=batch_size, capacity=_capacity,
                                min_after_dequeue=_min_after_dequeue)
    return rs


def main(data_dir):
    root = os.path.join(data_dir, "h34_camvid")
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(7)
    imgs = [rng.randint(0, 255, size=(HEIGHT, WIDTH, 3)).astype(np.uint8) for _ in range(8)]
    masks = [np.full((HEIGHT, WIDTH, 1), i % 5, np.uint8) for i in range(8)]
    for i in range(8):
        imgs[i][0, 0, 0] = i  # ties each image to its mask
    _write(os.path.join(root, "train.tfrecords"), imgs)
    _write(os.path.join(root, "train_labels.tfrecords"), masks)
    images, labels = inputs(4, os.path.join(root, "train.tfrecords"), os.path.join(root, "train_labels.tfrecords"))
    batches = []
    sess = tf.Session()
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            im, lb = sess.run([images, labels])
            batches.append([np.round(im, 4).tolist(), lb.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "segnet epoch over"}
