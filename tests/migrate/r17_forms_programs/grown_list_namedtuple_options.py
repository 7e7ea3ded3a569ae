"""The batched list grown by `append` under `if`s on a namedtuple of options, in a helper the script calls."""

import collections
import glob
import os

import tensorflow.compat.v1 as tf

Options = collections.namedtuple("Options", "batch_size with_sum with_parity")


def build(paths, options):
    queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
    a, b, label = tf.decode_csv(line, record_defaults=[[0], [0.0], [0]])
    total = tf.cast(a, tf.float32) + b
    tensors = [a, label]
    if options.with_sum:
        tensors.append(total)
    if options.with_parity:
        tensors.append(label % 2)
        tensors.append(a * 3)
    return tf.train.batch(tensors, batch_size=options.batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    batch = build(sorted(glob.glob(os.path.join(data_dir, "table-*.csv"))), Options(5, True, False))
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                batches.append([column.tolist() for column in sess.run(batch)])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
