"""Click-through-rate trainer: flags parsed by argparse, the input function (several readers joined) in
recsys_lib, and a SingularMonitoredSession loop until the logs are read."""

import argparse

import tensorflow.compat.v1 as tf

from recsys_lib import train_input


def parse_flags(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--data_dir", default="")
    parser.add_argument("--train_pattern", default="table-*.csv")
    parser.add_argument("--batch_size", type=int, default=25)
    parser.add_argument("--num_epochs", type=int, default=3)
    parser.add_argument("--num_readers", type=int, default=3)
    return parser.parse_args(argv)


def main(data_dir):
    flags = parse_flags(["--data_dir", data_dir])
    features, labels = train_input.input_fn(flags)
    logit = tf.cast(features["user_bucket"], tf.float32) * 0.1 + features["dwell"] * 0.01
    ctr_loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.cast(labels > 2, tf.float32),
                                                                      logits=logit))

    batches = []
    end = "should_stop"
    with tf.train.SingularMonitoredSession() as sess:
        while not sess.should_stop():
            try:
                f, y, _ = sess.run([features, labels, ctr_loss])
            except tf.errors.OutOfRangeError:
                end = "OutOfRangeError"
                break
            batches.append({"user_id": f["user_id"].tolist(), "dwell": f["dwell"].tolist(),
                            "user_bucket": f["user_bucket"].tolist(), "clicked": y.tolist()})
    return {"batches": batches, "end": end}
