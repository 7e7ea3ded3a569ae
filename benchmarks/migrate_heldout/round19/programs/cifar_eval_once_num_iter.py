"""cifar10_eval's shape: `evaluate()` builds inputs + inference + `in_top_k`, `eval_once()` runs
`num_iter = ceil(num_examples / batch_size)` steps over an endless producer with
`while step < num_iter and not coord.should_stop()`, and reports precision @ 1."""

import math
import os

import numpy as np
import tensorflow.compat.v1 as tf

NUM_EXAMPLES_FOR_EVAL = 100
BATCH_SIZE = 16
NUM_CLASSES = 3


def read_record(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(
        serialized_example,
        features={
            "x": tf.FixedLenFeature([3], tf.float32),
            "label": tf.FixedLenFeature([], tf.int64),
        })
    label = tf.cast(features["label"] % NUM_CLASSES, tf.int32)
    return features["x"], label


def inputs(data_dir, batch_size):
    filenames = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(4)]
    for f in filenames:
        if not tf.gfile.Exists(f):
            raise ValueError("Failed to find file: " + f)
    with tf.name_scope("input"):
        filename_queue = tf.train.string_input_producer(filenames, shuffle=False)
        x, label = read_record(filename_queue)
        num_preprocess_threads = 1
        min_queue_examples = int(NUM_EXAMPLES_FOR_EVAL * 0.1)
        x_batch, label_batch = tf.train.batch(
            [x, label], batch_size=batch_size, num_threads=num_preprocess_threads,
            capacity=min_queue_examples + 3 * batch_size)
    return x_batch, tf.reshape(label_batch, [batch_size])


def inference(x):
    with tf.variable_scope("softmax_linear"):
        init = (np.arange(9, dtype=np.float32).reshape(3, NUM_CLASSES) % 4) - 1.5
        weights = tf.get_variable("weights", [3, NUM_CLASSES], initializer=tf.constant_initializer(init))
        biases = tf.get_variable("biases", [NUM_CLASSES], initializer=tf.constant_initializer(0.1))
        return tf.add(tf.matmul(tf.sin(x), weights), biases, name="logits")


def eval_once(top_k_op, labels, results):
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord, daemon=True, start=True)
        try:
            num_iter = int(math.ceil(NUM_EXAMPLES_FOR_EVAL / BATCH_SIZE))
            true_count = 0
            total_sample_count = num_iter * BATCH_SIZE
            step = 0
            while step < num_iter and not coord.should_stop():
                predictions, labels_v = sess.run([top_k_op, labels])
                true_count += np.sum(predictions)
                results.append([predictions.tolist(), labels_v.tolist()])
                step += 1
            precision = true_count / total_sample_count
        except Exception as e:  # noqa: BLE001 - cifar10_eval reports every error to the coordinator
            coord.request_stop(e)
            precision = None
        coord.request_stop()
        coord.join(threads, stop_grace_period_secs=10)
    return precision, step


def evaluate(data_dir):
    x, labels = inputs(data_dir, BATCH_SIZE)
    logits = inference(x)
    top_k_op = tf.nn.in_top_k(logits, labels, 1)
    results = []
    precision, steps = eval_once(top_k_op, labels, results)
    return results, {"precision": round(float(precision), 6), "steps": steps}


def main(data_dir):
    batches, end = evaluate(data_dir)
    return {"batches": batches, "end": end}
