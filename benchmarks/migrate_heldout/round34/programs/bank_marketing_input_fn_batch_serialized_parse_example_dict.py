"""Bank-marketing records for an Estimator: input_fn batches serialized Examples, then parse_example into a dict."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

JOBS = ["admin", "technician", "services", "retired"]


def write_records(path, n):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    rng = np.random.RandomState(8)
    with tf.python_io.TFRecordWriter(path) as writer:
        for i in range(n):
            feature = {
                "age": tf.train.Feature(int64_list=tf.train.Int64List(value=[int(rng.randint(18, 80))])),
                "job": tf.train.Feature(bytes_list=tf.train.BytesList(value=[JOBS[i % 4].encode()])),
                "balance": tf.train.Feature(float_list=tf.train.FloatList(value=[float(rng.randint(-500, 5000))])),
                "y": tf.train.Feature(int64_list=tf.train.Int64List(value=[int(i % 3 == 0)])),
            }
            writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())


def input_fn(filenames, batch_size=4, num_epochs=1):
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    serialized_batch = tf.train.batch([serialized], batch_size=batch_size, allow_smaller_final_batch=True)
    features = tf.parse_example(serialized_batch, features={
        "age": tf.FixedLenFeature([], tf.int64),
        "job": tf.FixedLenFeature([], tf.string),
        "balance": tf.FixedLenFeature([], tf.float32, default_value=0.0),
        "y": tf.FixedLenFeature([], tf.int64),
    })
    labels = features.pop("y")
    return features, labels


def main(data_dir):
    path = os.path.join(data_dir, "h34_bank", "bank-full.tfrecord")
    write_records(path, 10)
    features, labels = input_fn([path])
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                f, l = sess.run([features, labels])
                batches.append([f["age"].tolist(), [j.decode() for j in f["job"]], f["balance"].tolist(),
                                l.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "bank rows: %d" % sum(len(b[0]) for b in batches)}
