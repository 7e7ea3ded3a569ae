"""Issue 19: how ``workers=2`` shares a short run between its two workers, generator against index
producer (``cases/gil_work.py``'s 1 ms GIL-bound work, batches of 32).

A generator producer shards itself through ``worker_info()``: each worker makes a fixed half, so the one
that started later (spawning takes 0.1-0.7 s more for one worker than the other on a quiet machine) or
got less CPU runs alone at the end. An index producer's workers take runs of indices from a shared
counter as each is free. Each element records which worker made it and when; per run this prints the
elements each worker made, how far apart their first elements were ("start spread") and how long one
ran alone after the other's last element ("alone at the end"), which a busy machine changes far less
than the rates: ``PYTHONPATH=$PWD .venv/bin/python benchmarks/process_workers_tail.py [--elements 2000]
[--repeats 3]``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent / "cases")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--elements", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    import gil_work

    import tfdata_bridge as tfdb

    n = args.elements
    producer = gil_work.TimedProducer(n, gil_work.calibrate(1.0))
    forms = {"generator": tfdb.Producer.generator(producer, name="gil"),
             "index": tfdb.Producer.indexed(producer.item, n, name="gil")}
    datasets = {form: tfdb.compile(tfdb.pipeline(source, dtypes=["int64", "int64", "float64"], shapes=[(), (), ()],
                                                 capacity=256, batch_size=32, allow_smaller_final_batch=True,
                                                 workers=2))
                for form, source in forms.items()}
    print(f"load average {[round(x, 2) for x in os.getloadavg()]}")
    for _ in range(args.repeats):
        for form, dataset in datasets.items():
            start = time.time()
            rows = [(int(i), int(w), float(t)) for b in dataset.as_numpy_iterator() for i, w, t in zip(*b)]
            wall = time.time() - start
            assert sorted(i for i, _, _ in rows) == list(range(n)), "each element once"
            made = Counter(w for _, w, _ in rows)
            first = [min(t for _, w, t in rows if w == k) for k in sorted(made)]
            last = [max(t for _, w, t in rows if w == k) for k in sorted(made)]
            print(f"  {form:<9} made {dict(sorted(made.items()))}  start spread {max(first) - min(first):.3f} s  "
                  f"alone at the end {max(last) - min(last):.3f} s  wall {wall:.2f} s (with the workers' start)")
    print(f"load average {[round(x, 2) for x in os.getloadavg()]}")


if __name__ == "__main__":
    main()
