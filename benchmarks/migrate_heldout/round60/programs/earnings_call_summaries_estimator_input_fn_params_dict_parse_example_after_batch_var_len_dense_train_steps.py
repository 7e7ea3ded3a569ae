"""Summarisation input_fn (Estimator era, params dict) over earnings-call snippets: batch serialized, parse after."""
import os
import random

import tensorflow.compat.v1 as tf


def _feature(values):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=values))


def convert_to_records(path, rng):
    with tf.python_io.TFRecordWriter(path) as writer:
        for i in range(10):
            source = [rng.randint(3, 60) for _ in range(rng.randint(3, 7))]
            target = [rng.randint(3, 60) for _ in range(rng.randint(1, 3))]
            writer.write(tf.train.Example(features=tf.train.Features(feature={
                "doc_id": _feature([i]), "inputs": _feature(source), "targets": _feature(target)})).SerializeToString())


def make_input_fn(file_pattern, mode):
    def input_fn(params):
        files = tf.gfile.Glob(file_pattern)
        queue = tf.train.string_input_producer(files, num_epochs=params["num_epochs"],
                                               shuffle=(mode == "train" and params["shuffle"]))
        _, serialized = tf.TFRecordReader().read(queue)
        serialized_batch = tf.train.batch([serialized], batch_size=params["batch_size"],
                                          allow_smaller_final_batch=True)
        parsed = tf.parse_example(serialized_batch, {
            "doc_id": tf.FixedLenFeature([], tf.int64),
            "inputs": tf.VarLenFeature(tf.int64),
            "targets": tf.VarLenFeature(tf.int64),
        })
        features = {"doc_id": parsed["doc_id"], "inputs": tf.sparse.to_dense(parsed["inputs"])}
        labels = tf.sparse.to_dense(parsed["targets"])
        return features, labels
    return input_fn


def main(data_dir):
    folder = os.path.join(data_dir, "h60_earnings_call_summaries")
    os.makedirs(folder, exist_ok=True)
    convert_to_records(os.path.join(folder, "calls-00000.tfrecord"), random.Random(615))
    params = {"batch_size": 4, "num_epochs": 1, "shuffle": False}
    features, labels = make_input_fn(os.path.join(folder, "calls-*.tfrecord"), "train")(params)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for step in range(1000):
            try:
                f, l = sess.run([features, labels])
            except tf.errors.OutOfRangeError:
                break
            batches.append([f["doc_id"].tolist(), f["inputs"].tolist(), l.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "call snippets: %d" % sum(len(b[0]) for b in batches)}
