"""Tandem bike rides: a student script that writes its TFRecord with create_record() and reads it back
with read_and_decode(filename), the producer built inside the reader function."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

cwd = None


def create_record(out_path):
    writer = tf.python_io.TFRecordWriter(out_path)
    rng = np.random.RandomState(5)
    for index in range(8):
        img = rng.randint(0, 9, size=(2, 3)).astype(np.uint8)
        img_raw = img.tobytes()
        example = tf.train.Example(features=tf.train.Features(feature={
            "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[index])),
            'img_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[img_raw]))
        }))
        writer.write(example.SerializeToString())
    writer.close()


def read_and_decode(filename):
    filename_queue = tf.train.string_input_producer([filename], shuffle=False)

    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(serialized_example,
                                       features={
                                           'label': tf.FixedLenFeature([], tf.int64),
                                           'img_raw': tf.FixedLenFeature([], tf.string),
                                       })

    img = tf.decode_raw(features['img_raw'], tf.uint8)
    img = tf.reshape(img, [2, 3])
    img = tf.cast(img, tf.float32) * (1. / 8) - 0.5
    label = tf.cast(features['label'], tf.int32)

    return img, label


def main(data_dir):
    global cwd
    cwd = os.path.join(data_dir, 'h72_tandem')
    os.makedirs(cwd, exist_ok=True)
    create_record(os.path.join(cwd, "train.tfrecords"))
    img, label = read_and_decode(os.path.join(cwd, "train.tfrecords"))

    img_batch, label_batch = tf.train.batch([img, label],
                                            batch_size=3, capacity=30)
    init = tf.global_variables_initializer()
    batches = []
    with tf.Session() as sess:
        sess.run(init)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for i in range(4):
            val, l = sess.run([img_batch, label_batch])
            batches.append([np.round(val, 3).tolist(), l.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rides: %d" % 12}
