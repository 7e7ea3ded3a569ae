"""The consumer side of process workers, in CPU (``time.process_time`` of this process), which a busy
machine distorts far less than a rate: ``workers=2`` over ``cases/gil_work.py``'s producers.

- ``small``: 1,000 elements of the 1 ms GIL-bound producer, batches of 32: consumer CPU µs per element,
  and the workers' voluntary context switches per element (load-independent: each is a thread of the
  worker waking, which takes the GIL from the producer);
- ``big``: 256 elements of 1 MiB, batches of 8: consumer CPU s per GB, and GB/s.

Three iterations each (the first, with the workers' start-up, is left out). Compare two trees back to
back: ``PYTHONPATH=<tree> .venv/bin/python benchmarks/process_workers_cpu.py small``.
"""

from __future__ import annotations

import multiprocessing
import os
import resource
import sys
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent / "cases")]


def main() -> None:
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    import gil_work

    import tfdata_bridge as tfdb

    mode = sys.argv[1] if len(sys.argv) > 1 else "small"
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    if mode == "small":
        producer, batch = gil_work.GilProducer(1000, gil_work.calibrate(1.0)), 32
        spec = tfdb.pipeline(tfdb.Producer.generator(producer, name="gil"), dtypes=["float32", "int64"],
                             shapes=[(16,), ()], capacity=256, batch_size=batch, allow_smaller_final_batch=True,
                             workers=workers)
    else:
        producer, batch = gil_work.BigProducer(256, 1), 8
        spec = tfdb.pipeline(tfdb.Producer.generator(producer, name="big"), dtypes="uint8", shapes=[(1 << 20,)],
                             capacity=32, batch_size=batch, allow_smaller_final_batch=True, workers=workers)
    ds = tfdb.compile(spec)
    for rep in range(3):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        iterator = iter(ds)
        first = next(iterator)
        total = len(first[1] if isinstance(first, tuple) else first)
        cpu, wall = time.process_time(), time.perf_counter()
        got = sum(len(b[1]) if isinstance(b, tuple) else len(b) for b in iterator)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        total += got
        del iterator, first
        deadline = time.monotonic() + 10
        while multiprocessing.active_children() and time.monotonic() < deadline:  # (reaps the workers)
            time.sleep(0.05)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if rep == 0:
            continue
        if mode == "small":
            # the workers' voluntary context switches: mostly a thread of theirs taking the producer's GIL
            switches = (after.ru_nvcsw - before.ru_nvcsw) / total
            print(f"run {rep}: consumer CPU {cpu / got * 1e6:.1f} us/element, {got / wall:.0f} elements/s; "
                  f"workers' voluntary context switches {switches:.2f} per element")
        else:
            gb = got * (1 << 20) / 1e9
            print(f"run {rep}: consumer CPU {cpu / gb:.2f} s/GB, {gb / wall:.2f} GB/s")
    print(f"load average {os.getloadavg()}")


if __name__ == "__main__":
    main()
