"""A MonitoredTrainingSession stopped by a StopAtStepHook before the data ends (a training step counter)."""

import tensorflow.compat.v1 as tf


def main(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    queue = tf.train.string_input_producer(files, shuffle=False)
    _, serialized = tf.TFRecordReader().read(queue)
    label = tf.parse_single_example(serialized, {"label": tf.FixedLenFeature([], tf.int64)})["label"]
    labels = tf.train.batch([label], batch_size=12)
    step = tf.train.get_or_create_global_step()
    train_op = tf.assign_add(step, 1)
    out = []
    hooks = [tf.train.StopAtStepHook(last_step=20)]
    with tf.train.MonitoredTrainingSession(hooks=hooks, checkpoint_dir=None, save_summaries_steps=None,
                                           save_checkpoint_secs=None, log_step_count_steps=None) as sess:
        while not sess.should_stop():
            got, _ = sess.run([labels, train_op])
            out.append([got.tolist()])
    return {"batches": out, "end": "StopAtStepHook"}
