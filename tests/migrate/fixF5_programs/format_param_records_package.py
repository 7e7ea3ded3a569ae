"""A reader chosen by a format parameter (`if fmt == "csv": ... else: ...`), each arm a package helper read
through its module (`formats.read_records(queue, 2.0)`), then one `shuffle_batch`; the caller passes "records"."""
import os

import tensorflow.compat.v1 as tf

from f5_lib import formats


def inputs(pattern, fmt, batch_size=3):
    queue = tf.train.string_input_producer(tf.gfile.Glob(pattern), num_epochs=1, shuffle=False)
    if fmt == "csv":
        idx, weight = formats.read_csv(queue)
    else:
        idx, weight = formats.read_records(queue, 2.0)
    return tf.train.shuffle_batch([idx, weight], batch_size=batch_size, capacity=12, min_after_dequeue=4, seed=3)


def main(data_dir):
    folder = os.path.join(data_dir, "f5_records")
    os.makedirs(folder, exist_ok=True)
    with tf.python_io.TFRecordWriter(os.path.join(folder, "a.tfrecord")) as w:
        for n in range(9):
            w.write(tf.train.Example(features=tf.train.Features(feature={
                "idx": tf.train.Feature(int64_list=tf.train.Int64List(value=[n])),
                "weight": tf.train.Feature(float_list=tf.train.FloatList(value=[n * 0.25])),
            })).SerializeToString())
    idxs, weights = inputs(os.path.join(folder, "*.tfrecord"), "records")
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([idxs, weights])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
