"""Lockstep readers in helpers of this module (`import tensorflow as tf`, `tf.compat.v1.*` calls), one thread of
`shuffle_batch`: legacy pairs element i with element i, then shuffles the pairs."""

import os
import struct

import tensorflow as tf

v1 = tf.compat.v1


def write(data_dir):
    values, weights = os.path.join(data_dir, "r21_pair_values.bin"), os.path.join(data_dir, "r21_pair_weights.bin")
    with open(values, "wb") as f:
        for n in range(17):
            f.write(struct.pack("<i", n))
    with open(weights, "wb") as f:
        for n in range(17):
            f.write(struct.pack("<i", 3 * n))
    return values, weights


def read_int(path):
    queue = v1.train.string_input_producer([path], num_epochs=2)
    _, raw = v1.FixedLengthRecordReader(record_bytes=4).read(queue)
    return tf.io.decode_raw(raw, tf.int32)[0]


def main(data_dir):
    values_path, weights_path = write(data_dir)
    value = read_int(values_path)
    weight = read_int(weights_path)
    values, weights = v1.train.shuffle_batch([value, weight], 5, 40, 8, seed=3, allow_smaller_final_batch=True)
    batches, end = [], None
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                v, w = sess.run([values, weights])
                batches.append([v.tolist(), w.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
