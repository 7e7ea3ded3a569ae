"""Multi-task input functions (estimator style, on queues): one CSV reader feeds a regression head and a
classification head; the function returns (features, labels) dicts as an Estimator's input_fn did."""

import glob
import os

import tensorflow.compat.v1 as tf

_DEFAULTS = [[0], [0.0], [0]]


class ModeKeys(object):
    """The modes of the input function (as tf.estimator.ModeKeys named them)."""
    TRAIN = "train"
    EVAL = "eval"


def _decode(line):
    a, b, label = tf.decode_csv(line, record_defaults=_DEFAULTS, name="decode_row")
    features = {"a": tf.cast(a, tf.float32), "b": b}
    labels = {"value": b / 2.5, "category": label}
    return features, labels


def make_input_fn(data_dir, params, mode):
    def _input_fn():
        files = sorted(glob.glob(os.path.join(data_dir, params["pattern"])))
        training = mode == ModeKeys.TRAIN
        num_epochs = params["num_epochs"] if training else 1
        filename_queue = tf.train.string_input_producer(files, num_epochs=num_epochs, shuffle=training)
        reader = tf.TextLineReader(skip_header_lines=1)
        _, line = reader.read(filename_queue)
        features, labels = _decode(line)
        tensors = dict(features)
        tensors.update({"label_" + k: v for k, v in labels.items()})
        if training:
            batch = tf.train.shuffle_batch(
                tensors, batch_size=params["batch_size"], capacity=params["batch_size"] * 6,
                min_after_dequeue=params["batch_size"] * 2, num_threads=2, allow_smaller_final_batch=True)
        else:
            batch = tf.train.batch(tensors, batch_size=params["batch_size"], allow_smaller_final_batch=True)
        labels = {k[len("label_"):]: batch.pop(k) for k in list(batch) if k.startswith("label_")}
        features = batch
        return features, labels
    return _input_fn
