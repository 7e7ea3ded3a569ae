"""The feed-thread program through the drop-in: the same graph-mode program (placeholders -> ``FIFOQueue(100)``
.enqueue run per element by a feeding thread with ``sess.run(enqueue_op, feed_dict=...)``,
``dequeue_many(32)`` in the training loop), built once with ``tensorflow.compat.v1`` and once with
``tfdata_bridge.compat.v1``; only the module differs.

- legacy: ``tf.compat.v1.FIFOQueue``.
- bridge: ``tfdata_bridge.compat.v1.FIFOQueue``: TensorFlow's queue kernel holds the elements, each
          batch is the single element of a tf.data dataset that dequeues it.

``benchmarks/run.py`` runs it as the case ``seed1_dropin``, the two variants interleaved run by run
(``INTERLEAVED``: the machine's load drifts). Run alone, it does the same and prints the medians and the
median of the per-round ratios:

    python benchmarks/cases/seed1_dropin.py [--repeats N] [--quick]
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if __name__ == "__main__":  # run alone: make ``cases`` importable, as benchmarks/run.py does
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import tensorflow as tf

from cases.common import Config, Variant, measure_interleaved
from cases.seed1_feed import BATCH_SIZE, FeedProgram, make_data

INTERLEAVED = True  # run.py: the variants take turns, run by run


def variants(config: Config) -> list[Variant]:
    import tfdata_bridge.compat.v1 as bridge_v1

    elements = config.scale(320, 64) * BATCH_SIZE
    features, labels = make_data(elements)
    out = []
    for name, label, module in (("legacy", "tensorflow.compat.v1", tf.compat.v1),
                                ("bridge", "tfdata_bridge.compat.v1 (drop-in)", bridge_v1)):
        program = FeedProgram(module, features, labels)
        out.append(Variant(name, program.run, program.close,
                           f"{label}: FIFOQueue(100), feeding thread sess.run(enqueue, feed_dict), "
                           "dequeue_many(32)"))
    return out


def interleaved(config: Config) -> dict[str, list[float]]:
    """Elements per second of each variant, run by run, the variants alternating (after a warm-up)."""
    results = measure_interleaved("seed1_dropin", variants(config), config)
    return {r.variant: [run.elements_per_s for run in r.runs] for r in results}


if __name__ == "__main__":
    import argparse
    import statistics

    parser = argparse.ArgumentParser(description="the feed-thread program: legacy vs the drop-in")
    parser.add_argument("--repeats", type=int, default=9)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    rates = interleaved(Config(repeats=args.repeats, quick=args.quick))
    for name, values in rates.items():
        print(f"{name:<8} median {statistics.median(values):>8,.0f} elements/s  runs {[round(x) for x in values]}")
    ratios = [b / a for a, b in zip(rates["legacy"], rates["bridge"])]
    print(f"bridge/legacy: median of per-round ratios {statistics.median(ratios):.3f}, "
          f"ratio of medians {statistics.median(rates['bridge']) / statistics.median(rates['legacy']):.3f}")
