"""Lambdas bound once (no if): the producer, a read taking the queue as its parameter, a per-element scale and
the batch (a clip handed to ``map_structure`` kept), each called where the pipeline needs it; a
TFRecordReader, one thread, no shuffle."""
import os

import tensorflow.compat.v1 as tf


def records(data_dir):
    path = os.path.join(data_dir, "p3_once.tfrecord")
    with tf.io.TFRecordWriter(path) as w:
        for i in range(7):
            w.write(tf.train.Example(features=tf.train.Features(feature={
                "v": tf.train.Feature(int64_list=tf.train.Int64List(value=[i * 3]))})).SerializeToString())
    return path


def make_batches(path, size):
    files = lambda: tf.train.string_input_producer([path], num_epochs=2, shuffle=False)
    reader = tf.TFRecordReader()
    read = lambda q: reader.read(q)
    scale = lambda t, k: tf.cast(t, tf.float32) * k
    clip = lambda t: tf.minimum(t, 15)  # (handed to map_structure: kept as it is)
    group = lambda a, b: tf.train.batch([a, b], batch_size=size, num_threads=1)
    key, serialized = read(files())
    value = tf.parse_single_example(serialized, {"v": tf.FixedLenFeature([], tf.int64)})["v"]
    value = tf.nest.map_structure(clip, value)
    return group(value, scale(value, 0.5))


def main(data_dir):
    v, half = make_batches(records(data_dir), 4)
    out = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([v, half])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
