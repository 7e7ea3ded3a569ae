"""A shapeless ``py_func`` producer whose value reaches ``train.batch`` through a reshape (issue 16): its shape is
not fixed by the queue, so the drop-in no longer learns it from the first element; elements per second.

    PYTHONPATH=<package root> python benchmarks/pyfunc_unpinned.py legacy|bridge [--form reshape|pinned|set_shape]
        [--batches 200] [--repeats 3]

``--form pinned``: the common fixed-shape case for comparison, the values straight into ``train.batch(shapes=...)``
(the queue fixes the shape, so it is learned from the first element); ``set_shape``: the op's shape set by the program.

Run it alternately against two package roots (before/after) for a paired figure: each run prints the
variant's elements per second for each repeat (200 batches of 32 after a 20-batch warm-up)."""

from __future__ import annotations

import argparse
import os
import time
import warnings

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

import tfdata_bridge.compat.v1 as bridge  # noqa: E402


def make():
    return np.random.rand(2, 2).astype(np.float32), np.int32(1)


def once(module, batches, form="reshape"):
    graph = tf.Graph()
    with graph.as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        x, y = module.py_func(make, [], [tf.float32, tf.int32])
        if form == "set_shape":
            x.set_shape([2, 2])
            y.set_shape([])
        if form == "reshape":
            batch = module.train.batch([tf.reshape(x, [4]), tf.reshape(y, [])], 32, capacity=64)
        else:
            batch = module.train.batch([x, y], 32, capacity=64, shapes=[(2, 2), ()])
        with module.Session() as sess:
            coord = module.train.Coordinator()
            start = time.perf_counter()
            threads = module.train.start_queue_runners(sess, coord)
            for _ in range(batches):
                sess.run(batch)
            seconds = time.perf_counter() - start
            coord.request_stop()
            coord.join(threads, stop_grace_period_secs=5)
    return batches * 32 / seconds


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("variant", choices=["legacy", "bridge"])
    parser.add_argument("--form", choices=["reshape", "pinned", "set_shape"], default="reshape")
    parser.add_argument("--batches", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    module = tf.compat.v1 if args.variant == "legacy" else bridge
    once(module, 20, args.form)
    print(args.variant, args.form, [round(once(module, args.batches, args.form)) for _ in range(args.repeats)])


if __name__ == "__main__":
    main()
