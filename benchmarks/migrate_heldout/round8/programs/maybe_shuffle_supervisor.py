"""`maybe_shuffle_batch` keeping only some rows (the prover / sketch-pairs shape: drop invalid examples), over a
`string_input_producer` given a capacity and a seed, read under a Supervisor's managed session until OutOfRange."""
import os

import tensorflow.compat.v1 as tf


class Flags(object):
    def __init__(self):
        self.batch_size = 6
        self.min_after_dequeue = 5
        self.num_threads = 1
        self.seed = 7
        self.filename_capacity = 8


def get_input(filenames, flags):
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=True, seed=flags.seed,
                                                    capacity=flags.filename_capacity)
    reader = tf.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    a, b, label = tf.decode_csv(line, record_defaults=[[0], [0.0], [0]])
    is_valid = tf.not_equal(tf.math.floormod(a, 4), 1)
    return a, b, label, is_valid


def main(data_dir):
    flags = Flags()
    filenames = [os.path.join(data_dir, "table-%d.csv" % i) for i in range(3)]
    a, b, label, is_valid = get_input(filenames, flags)
    capacity = flags.min_after_dequeue + (flags.num_threads + 2) * flags.batch_size
    a_batch, b_batch, label_batch = tf.train.maybe_shuffle_batch(
        [a, b, label], batch_size=flags.batch_size, capacity=capacity,
        min_after_dequeue=flags.min_after_dequeue, keep_input=is_valid, num_threads=flags.num_threads,
        seed=flags.seed, allow_smaller_final_batch=True)
    sv = tf.train.Supervisor(logdir=None, save_model_secs=0, summary_op=None,
                             local_init_op=tf.local_variables_initializer())
    batches = []
    end = None
    with sv.managed_session() as sess:
        while not sv.should_stop():
            try:
                xa, xb, xl = sess.run([a_batch, b_batch, label_batch])
            except tf.errors.OutOfRangeError:
                end = "OutOfRangeError"
                break
            batches.append([xa.tolist(), xb.tolist(), xl.tolist()])
    return {"batches": batches, "end": end}
