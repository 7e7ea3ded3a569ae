"""tf.estimator-era training script: an input_fn from another module (queues inside), a model_fn-like step that
counts the global step, and a MonitoredTrainingSession with a StopAtStepHook ending after train_steps."""

import tensorflow as tf

from trainer_lib import inputs
from trainer_lib.inputs import RunConfig

v1 = tf.compat.v1


def model_fn(features, labels):
    global_step = v1.train.get_or_create_global_step()
    logits = v1.reduce_sum(features["x"], axis=1)
    train_op = v1.assign_add(global_step, 1)
    return {"logits": logits, "labels": labels, "x_scaled": features["x_scaled"]}, train_op


def train(config):
    input_fn = inputs.make_input_fn(config.train_files, config.train_batch_size)
    features, labels = input_fn()
    predictions, train_op = model_fn(features, labels)
    hooks = [v1.train.StopAtStepHook(last_step=config.train_steps)]
    batches = []
    with v1.train.MonitoredTrainingSession(hooks=hooks, checkpoint_dir=None, save_summaries_steps=None,
                                           save_summaries_secs=None, log_step_count_steps=None) as sess:
        while not sess.should_stop():
            out, _ = sess.run([predictions, train_op])
            batches.append({"logits": [round(v, 4) for v in out["logits"].tolist()],
                            "labels": out["labels"].tolist(),
                            "x_scaled": [[round(v, 4) for v in row] for row in out["x_scaled"].tolist()]})
    return batches


def main(data_dir):
    config = RunConfig(data_dir)
    return {"batches": train(config), "end": "last_step"}
