"""The two classic programs under ``MonitoredSession`` and ``MonitoredTrainingSession``: legacy beside the drop-in.

    .venv/bin/python benchmarks/monitored_speed.py [--repeats N] [--quick] [--only feed MonitoredTrainingSession ...]

Programs (each built with ``tensorflow.compat.v1`` and with ``tfdata_bridge.compat.v1``; only the module differs):

- ``feed``: the feed-thread program: placeholders, ``FIFOQueue(100)`` of (100 floats, an int32), a thread running
  ``sess.run(enqueue_op, feed_dict=...)`` per element then ``close``, ``dequeue_many(32)`` in a
  ``while not sess.should_stop()`` loop; 10,240 elements.
- ``pyfunc``: the ``py_func`` + ``train.batch`` program: ``py_func`` making a (2, 2) float32 and an int32 with
  ``np.random``, ``train.batch(32, capacity=64)``, ``2 *`` the batch, 200 steps.

Sessions: ``Session()`` with ``start_queue_runners`` and a ``Coordinator`` (the reference), ``MonitoredSession()``
(no hooks), and ``MonitoredTrainingSession(summary_dir=<a temporary folder>)`` with its default step counter
(``log_step_count_steps=100``: a hook that fetches the global step in every run, so every run of the feeder is
an ordinary session step, as in legacy), no checkpoints or other summaries. Timed from creating the session
(which starts production) to the last batch; each round runs every variant once, the order reversed every other
round; medians of the rounds.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import threading
import time
import warnings
from typing import Any, Callable

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

FEATURES, BATCH, CAPACITY = 100, 32, 100


class PlainSession:
    """``tf.Session`` with ``start_queue_runners`` and a ``Coordinator``, as a ``with`` block: the reference."""

    def __init__(self, tf1: Any) -> None:
        self.tf1, self.sess = tf1, tf1.Session()
        self.coord = tf1.train.Coordinator()
        self.threads = tf1.train.start_queue_runners(self.sess, self.coord)

    def __enter__(self) -> Any:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.coord.request_stop()
        self.sess.close()
        self.coord.join(self.threads, stop_grace_period_secs=10)

    def run(self, *args: Any, **kwargs: Any) -> Any:
        return self.sess.run(*args, **kwargs)

    def should_stop(self) -> bool:
        return self.coord.should_stop()


def session(tf1: Any, kind: str) -> Any:
    if kind == "Session":
        return PlainSession(tf1)
    if kind == "MonitoredSession":
        return tf1.train.MonitoredSession()
    tf1.train.get_or_create_global_step()
    return tf1.train.MonitoredTrainingSession(summary_dir=tempfile.mkdtemp(prefix="tfdb-monitored-"),
                                              save_summaries_steps=None, save_summaries_secs=None,
                                              save_checkpoint_secs=None)


def feed_program(tf1: Any, kind: str, elements: int) -> float:
    rng = np.random.default_rng(0)
    features = rng.random((elements, FEATURES), dtype=np.float32)
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        x = tf1.placeholder(tf.float32, [FEATURES])
        y = tf1.placeholder(tf.int32, [])
        queue = tf1.FIFOQueue(CAPACITY, [tf.float32, tf.int32], shapes=[[FEATURES], []])
        enqueue_op, close_op = queue.enqueue([x, y]), queue.close()
        x_batch, _ = queue.dequeue_many(BATCH)
        start = time.perf_counter()
        got = 0
        with session(tf1, kind) as sess:
            def feed() -> None:
                for i in range(elements):
                    sess.run(enqueue_op, feed_dict={x: features[i], y: i})
                sess.run(close_op)

            feeder = threading.Thread(target=feed, daemon=True)
            feeder.start()
            try:
                while not sess.should_stop():
                    got += len(sess.run(x_batch))
            except tf.errors.OutOfRangeError:
                pass
            seconds = time.perf_counter() - start
            feeder.join(60)
    assert got == elements - elements % BATCH, got
    return got / seconds


def pyfunc_program(tf1: Any, kind: str, steps: int) -> float:
    def get_numpy_tensors() -> tuple[np.ndarray, np.int32]:
        return np.random.rand(2, 2).astype(np.float32), np.int32(np.random.randint(10))

    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        inputs, targets = tf1.py_func(get_numpy_tensors, [], [tf.float32, tf.int32])
        input_batch, target_batch = tf1.train.batch([inputs, targets], BATCH, shapes=[(2, 2), ()], capacity=2 * BATCH)
        doubled = 2 * input_batch
        start = time.perf_counter()
        with session(tf1, kind) as sess:
            for _ in range(steps):
                sess.run([doubled, target_batch])
            seconds = time.perf_counter() - start
    return steps * BATCH / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="a tenth of the work, 2 rounds")
    parser.add_argument("--only", nargs="*", default=[], help="programs and sessions to run (feed, pyfunc, Session, "
                        "MonitoredSession, MonitoredTrainingSession); default all")
    args = parser.parse_args()
    import tfdata_bridge.compat.v1 as bridge

    tf.compat.v1.disable_eager_execution()
    scale = 10 if args.quick else 1
    repeats = 2 if args.quick else args.repeats
    programs: dict[str, Callable[[Any, str], float]] = {
        "feed": lambda tf1, kind: feed_program(tf1, kind, 10_240 // scale),
        "pyfunc": lambda tf1, kind: pyfunc_program(tf1, kind, 200 // scale),
    }
    modules = {"legacy": tf.compat.v1, "drop-in": bridge}
    print(f"cpus {os.cpu_count()}, load average {os.getloadavg()[0]:.1f} at the start; {repeats} rounds")
    sessions = ("Session", "MonitoredSession", "MonitoredTrainingSession")
    only = set(args.only)
    wanted = (only & set(programs) or set(programs)) | (only - set(programs) or set(sessions))
    for program, run in programs.items():
        for kind in sessions:
            if not {program, kind} <= wanted:
                continue
            rates: dict[str, list[float]] = {name: [] for name in modules}
            for name, tf1 in modules.items():
                run(tf1, kind)  # warm-up
            for r in range(repeats):
                order = list(modules.items()) if r % 2 == 0 else list(modules.items())[::-1]
                for name, tf1 in order:
                    rates[name].append(run(tf1, kind))
            legacy, ours = (statistics.median(rates[n]) for n in modules)
            ratios = statistics.median(b / a for a, b in zip(rates["legacy"], rates["drop-in"]))
            print(f"{program:<7} {kind:<25} legacy {legacy:>9,.0f}/s  drop-in {ours:>9,.0f}/s  "
                  f"drop-in/legacy {ratios:.2f}x (median of per-round ratios)", flush=True)


if __name__ == "__main__":
    main()
