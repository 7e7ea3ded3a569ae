"""Earthquake detection: fixed-length int16 traces; the pipeline lives in the `seismic_lib` package, whose modules
import each other relatively and whose `__init__` re-exports the entry point."""

import os
import struct

import tensorflow.compat.v1 as tf

import seismic_lib


def write_traces(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    paths = []
    for day in range(3):
        path = os.path.join(out_dir, "day-%d.bin" % day)
        with open(path, "wb") as f:
            for k in range(5):
                station = day * 10 + k
                samples = [((station * 37 + s * 11) % 61) - 30 for s in range(10)]
                f.write(struct.pack("<11h", station, *samples))
        paths.append(path)
    return paths


def main(data_dir):
    paths = write_traces(os.path.join(data_dir, "h17_seismic_package_relative_imports"))
    stations, traces, peaks, energy = seismic_lib.trace_batches(paths, batch_size=4, num_epochs=2)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                s, t, p, e = sess.run([stations, traces, peaks, energy])
                batches.append([s.tolist(), t.tolist(), p.tolist(), e.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
