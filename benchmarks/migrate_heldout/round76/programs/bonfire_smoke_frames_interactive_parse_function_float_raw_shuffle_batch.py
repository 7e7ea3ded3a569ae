# Bonfire smoke frames (4 float32 plume intensities per frame, label 1 = smoke column visible).
# Written after a student `readTFrec.py`: a session opened as `tf.InteractiveSession()` first,
# `parse_function(example_proto)` with defaults, `read_image(image_raw, label)` by `decode_raw(..., tf.float32)`,
# shuffled and batched by four (the source's tf.data chain; here a producer, a reader and `shuffle_batch`).
import os

import numpy as np
import tensorflow.compat.v1 as tf


def parse_function(example_proto):
    features = {"image": tf.FixedLenFeature((), tf.string, default_value=""),
            "label": tf.FixedLenFeature((), tf.int64, default_value=0)}
    parsed_features = tf.parse_single_example(example_proto, features)
    return parsed_features['image'], parsed_features['label']


def read_image(image_raw, label):
    image = tf.decode_raw(image_raw, tf.float32)
    return image, label


def main(data_dir):
    out = os.path.join(data_dir, 'h76_bonfire')
    if not os.path.isdir(out):
        os.makedirs(out)
    path = os.path.join(out, 'train_5_BF.tfrecord')
    rng = np.random.RandomState(5)
    with tf.python_io.TFRecordWriter(path) as w:
        for i in range(8):
            frame = (rng.rand(4) * 10).astype(np.float32)
            ex = tf.train.Example(features=tf.train.Features(feature={
                "image": tf.train.Feature(bytes_list=tf.train.BytesList(value=[frame.tobytes()])),
                "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[int(frame[0] > 5)]))}))
            w.write(ex.SerializeToString())

    sess = tf.InteractiveSession()

    queue = tf.train.string_input_producer([path], num_epochs=1, seed=4)
    reader = tf.TFRecordReader()
    _, example_proto = reader.read(queue)
    image_raw, label = parse_function(example_proto)
    image, label = read_image(image_raw, label)
    image.set_shape([4])
    images, labels = tf.train.shuffle_batch([image, label], batch_size=4, capacity=12,
                                            min_after_dequeue=4, num_threads=1, seed=4)

    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    try:
        while True:
            image, label = sess.run([images, labels])
            print(len(image[0]))
            batches.append([np.round(image, 4).tolist(), label.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "frames: %d" % sum(len(b[1]) for b in batches)}
