"""Marble diameters: a student TFRecord script with a `write_records()` function and a reader that batches the
serialized strings first and parses them afterwards with `tf.parse_example` (the "parse after batch" form the
performance guides recommended), `for i in range(3)` over the batches. Written from knowledge of that form."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

FILENAME = "marbles.tfrecords"


def _float_feature(value):
    return tf.train.Feature(float_list=tf.train.FloatList(value=value))


def _int64_feature(value):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=[value]))


def _bytes_feature(value):
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[value]))


def write_records(path):
    rng = np.random.RandomState(7704)
    colours = [b"red", b"blue", b"green", b"amber"]
    writer = tf.python_io.TFRecordWriter(path)
    for i in range(9):
        example = tf.train.Example(features=tf.train.Features(feature={
            "diameter": _float_feature(list(np.round(rng.uniform(12, 25, size=2), 2))),
            "colour": _bytes_feature(colours[rng.randint(0, 4)]),
            "index": _int64_feature(i),
        }))
        writer.write(example.SerializeToString())
    writer.close()


def main(data_dir):
    folder = os.path.join(data_dir, "h77_marble")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, FILENAME)
    write_records(path)

    filename_queue = tf.train.string_input_producer([path], shuffle=False)
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    serialized_batch = tf.train.batch([serialized_example], batch_size=3, num_threads=1, capacity=10)
    features = tf.parse_example(serialized_batch, features={
        "diameter": tf.FixedLenFeature([2], tf.float32),
        "colour": tf.FixedLenFeature([], tf.string),
        "index": tf.FixedLenFeature([], tf.int64),
    })

    batches = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for i in range(3):
            d, c, idx = sess.run([features["diameter"], features["colour"], features["index"]])
            batches.append([np.round(d, 2).tolist(), [x.decode() for x in c], idx.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "marbles: %d" % sum(len(b[2]) for b in batches)}
