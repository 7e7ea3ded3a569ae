"""Seismic event traces: .npy traces and picks loaded in Python, slice_input_producer (no shuffle), per-trace
normalisation, shuffle_batch by three threads."""
import os

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1


def write_traces(out):
    rs = np.random.RandomState(12)
    traces = rs.randn(12, 10).astype(np.float32)
    picks = rs.randint(0, 10, 12).astype(np.int32)
    np.save(os.path.join(out, "traces.npy"), traces)
    np.save(os.path.join(out, "picks.npy"), picks)


def load(out):
    return np.load(os.path.join(out, "traces.npy")), np.load(os.path.join(out, "picks.npy"))


def main(data_dir):
    out = os.path.join(data_dir, "h36_seismic")
    os.makedirs(out, exist_ok=True)
    write_traces(out)
    traces, picks = load(out)
    trace, pick = tf1.train.slice_input_producer([traces, picks], num_epochs=1, shuffle=False)
    trace = trace / (tf.reduce_max(tf.abs(trace)) + 1e-6)
    trace_b, pick_b = tf1.train.shuffle_batch([trace, pick], batch_size=4, capacity=20, min_after_dequeue=5,
                                              num_threads=3)
    batches = []
    with tf1.Session() as sess:
        sess.run([tf1.global_variables_initializer(), tf1.local_variables_initializer()])
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                t, p = sess.run([trace_b, pick_b])
                batches.append([np.round(t.astype(np.float64), 3).tolist(), p.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "traces: %d" % sum(len(b[1]) for b in batches)}
