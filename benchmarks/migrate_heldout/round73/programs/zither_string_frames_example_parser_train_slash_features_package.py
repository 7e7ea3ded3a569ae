"""Zither string frames: a research utils module with `example_parser(serialized_example, feature, data_shape,
data_type)` under `read_and_decode(filename_queue, data_shape, data_type=tf.float32, ...)`."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from zither73.tfrecord_utils import read_and_decode

DATA_SHAPE = [3, 2]


def write_records(path):
    with tf.python_io.TFRecordWriter(path) as w:
        for i in range(6):
            frames = (np.arange(6, dtype=np.float32) * 0.25 + i).reshape(DATA_SHAPE)
            ex = tf.train.Example(features=tf.train.Features(feature={
                'train/data': tf.train.Feature(bytes_list=tf.train.BytesList(value=[frames.tobytes()])),
                'train/label': tf.train.Feature(int64_list=tf.train.Int64List(value=[i % 2]))}))
            w.write(ex.SerializeToString())


def main(data_dir):
    folder = os.path.join(data_dir, 'h73_zither')
    os.makedirs(folder, exist_ok=True)
    train_path = os.path.join(folder, 'train.tfrecords')
    write_records(train_path)
    filename_queue = tf.train.string_input_producer([train_path], num_epochs=1, shuffle=False)
    frames, labels = read_and_decode(filename_queue, DATA_SHAPE)
    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    batches = []
    with tf.Session() as sess:
        sess.run(init_op)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        for batch_index in range(3):
            f, l = sess.run([frames, labels])
            batches.append([np.round(f.astype(np.float64), 3).tolist(), l.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "frames: %d" % (2 * len(batches))}
