"""Multi-task trainer: an estimator-style input_fn from mtl_lib returns dicts of features and labels for two
heads; the training loop runs it under a MonitoredSession with a step counter hook until the data ends."""

import tensorflow.compat.v1 as tf

from mtl_lib.input_fn import ModeKeys, make_input_fn

PARAMS = {"pattern": "table-*.csv", "batch_size": 32, "num_epochs": 2}


def model_fn(features, labels):
    prediction = features["a"] * 0.5 + features["b"] * 0.1
    regression_loss = tf.reduce_mean(tf.square(prediction - labels["value"]))
    class_logits = tf.one_hot(labels["category"], 5)
    classification_loss = tf.reduce_mean(class_logits)
    return regression_loss + classification_loss


def main(data_dir):
    input_fn = make_input_fn(data_dir, PARAMS, ModeKeys.TRAIN)
    features, labels = input_fn()
    loss = model_fn(features, labels)
    global_step = tf.train.get_or_create_global_step()
    train_op = tf.assign_add(global_step, 1)

    batches = []
    end = "should_stop"
    with tf.train.MonitoredSession(hooks=[tf.train.StopAtStepHook(last_step=1000)]) as sess:
        while not sess.should_stop():
            try:
                f, l, _, _ = sess.run([features, labels, loss, train_op])
            except tf.errors.OutOfRangeError:
                end = "OutOfRangeError"
                break
            batches.append({"a": f["a"].tolist(), "b": f["b"].tolist(), "value": l["value"].tolist(),
                            "category": l["category"].tolist()})
    return {"batches": batches, "end": end}
