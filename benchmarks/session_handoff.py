"""What the drop-in ``Session``'s close-releasable run costs (issue 9, point 4).

A fetch of a lifted pipeline's batch runs on a worker thread of the session, so that ``close()`` can
release the consumer at once (``tfdata_bridge/_src/compat/session_release.py``). This measures
``sess.run(batch)`` of the ``py_func`` + ``train.batch`` program (a zero-input ``py_func`` returning a
constant: the cheapest producer, where the handoff weighs most) with and without it, alternating, in
one process:

    python benchmarks/session_handoff.py [--reps 7] [--runs 300]
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

import tfdata_bridge.compat.v1 as tf
from tfdata_bridge._src.compat import session_release


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=7)
    parser.add_argument("--runs", type=int, default=300)
    args = parser.parse_args()
    tf.disable_eager_execution()
    value = tf.py_func(lambda: np.float32(1), [], tf.float32)
    value.set_shape([])
    batch = tf.train.batch([value], batch_size=32, capacity=320)
    sess = tf.Session()
    tf.train.start_queue_runners(sess, tf.train.Coordinator())
    waits_on = session_release.waits_on
    rates: dict[str, list[float]] = {"worker thread (releasable)": [], "direct (as before)": []}
    for _ in range(args.reps):
        for mode in rates:
            session_release.waits_on = waits_on if mode.startswith("worker") else (lambda s, f: None)
            start = time.perf_counter()
            for _ in range(args.runs):
                sess.run(batch)
            rates[mode].append(args.runs / (time.perf_counter() - start))
    session_release.waits_on = waits_on
    for mode, values in rates.items():
        print(f"{mode:28s} median {statistics.median(values):7.0f} batches/s  "
              f"({', '.join(f'{v:.0f}' for v in values)})")
    sess.close()


if __name__ == "__main__":
    main()
