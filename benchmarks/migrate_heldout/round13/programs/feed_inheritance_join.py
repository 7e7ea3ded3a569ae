"""A training script in the Inception style: command-line args parsed with argparse and handed to a feed
object whose abstract base class (another module) builds a batch_join over several readers."""

import argparse

import tensorflow.compat.v1 as tf

from feed_lib.record_feed import RecordFeed


def parse_args(data_dir):
    parser = argparse.ArgumentParser()
    parser.add_argument("--data_dir", default="/tmp/data")
    parser.add_argument("--batch_size", type=int, default=12)
    parser.add_argument("--num_readers", type=int, default=3)
    parser.add_argument("--num_epochs", type=int, default=1)
    return parser.parse_args(["--data_dir", data_dir])


def train(args):
    feed = RecordFeed("train", args)
    values, labels = feed.batch_inputs()
    batches = []
    end = None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            step = 0
            while not coord.should_stop():
                values_v, labels_v = sess.run([values, labels])
                batches.append([values_v.tolist(), labels_v.tolist()])
                step += 1
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return batches, end


def main(data_dir):
    batches, end = train(parse_args(data_dir))
    return {"batches": batches, "end": end}
