import os

import numpy as np
import tensorflow.compat.v1 as tf

from starlib.records import read_value


def main(data_dir):
    folder = os.path.join(data_dir, "cs_records")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "v.tfrecord")
    with tf.io.TFRecordWriter(path) as w:
        for v in range(-4, 5):
            w.write(tf.train.Example(features=tf.train.Features(feature={
                "v": tf.train.Feature(int64_list=tf.train.Int64List(value=[v]))})).SerializeToString())
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    batch = tf.train.batch([read_value(queue)], batch_size=3)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                out.append([np.round(sess.run(batch), 3).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
