"""trainer/task.py: argparse of `--train-files`, `--train-batch-size`, `--num-epochs`, and a `run(args)` that
builds the input function and drives a `MonitoredTrainingSession` with `while not sess.should_stop()`."""
import argparse

import tensorflow.compat.v1 as tf

from bison77.trainer import model


def parse_args(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument('--train-files', nargs='+', required=True)
    parser.add_argument('--num-epochs', type=int)
    parser.add_argument('--train-batch-size', type=int, default=40)
    parser.add_argument('--job-dir', default=None)
    return parser.parse_args(argv)


def run(args, on_batch):
    input_fn = model.generate_input_fn(args.train_files, num_epochs=args.num_epochs,
                                       batch_size=args.train_batch_size, skip_header_lines=1)
    features, labels = input_fn()
    global_step = tf.train.get_or_create_global_step()
    step_op = tf.assign_add(global_step, 1)
    with tf.train.MonitoredTrainingSession(checkpoint_dir=args.job_dir, save_summaries_steps=None,
                                           save_checkpoint_secs=None, log_step_count_steps=None) as sess:
        while not sess.should_stop():
            f, l, _ = sess.run([features, labels, step_op])
            on_batch(f, l)
