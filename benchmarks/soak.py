"""Soak test: does the bridge leak threads or memory over many pipelines and a long lopsided run?

    python benchmarks/soak.py [--cycles 1000] [--seconds 60] [--json PATH]

Phase 1 builds a compiled pipeline, reads part of it and abandons it, ``--cycles`` times. Phase 2 runs
one pipeline whose producer is about 100x faster than its consumer for ``--seconds``. Both phases
sample the process's thread count and resident memory (RSS) as they go and print them at the start,
the middle and the end. Flat numbers mean nothing accumulates.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import threading
import time

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import numpy as np  # noqa: E402

import tfdata_bridge as tfb  # noqa: E402


def rss_mib() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def sample(label: str, progress: float) -> dict:
    gc.collect()
    return {"phase": label, "progress": round(progress, 3), "threads": threading.active_count(),
            "rss_mib": round(rss_mib(), 1), "t": round(time.monotonic(), 2)}


def phase_cycles(cycles: int) -> list[dict]:
    rng = np.random.default_rng(0)
    data = rng.random((64, 100)).astype(np.float32)
    counter = iter(range(10**12))

    def produce():
        i = next(counter) % 64
        return data[i], np.int32(i)

    samples = []
    every = max(1, cycles // 20)
    for cycle in range(cycles):
        if cycle % every == 0:
            samples.append(sample("cycles", cycle / cycles))
        spec = tfb.pipeline(tfb.Producer.call(produce, threads=2), dtypes=["float32", "int32"],
                            shapes=[[100], []], capacity=64, batch_size=8)
        iterator = iter(tfb.compile(spec))
        for _ in range(3):
            next(iterator)
        del iterator
    samples.append(sample("cycles", 1.0))
    return samples


def phase_lopsided(seconds: float) -> list[dict]:
    item = np.ones(100, np.float32)

    def fast_producer():
        return item

    spec = tfb.pipeline(tfb.Producer.call(fast_producer, threads=2), dtypes="float32", shapes=[100],
                        capacity=256, batch_size=32)
    samples = []
    start = time.monotonic()
    next_sample = start
    consumed = 0
    for _batch in tfb.compile(spec):
        time.sleep(0.002)  # the consumer: about 100x slower per element than the producer
        consumed += 1
        now = time.monotonic()
        if now >= next_sample:
            samples.append(sample("lopsided", (now - start) / seconds) | {"batches": consumed})
            next_sample += seconds / 20
        if now - start >= seconds:
            break
    samples.append(sample("lopsided", 1.0) | {"batches": consumed})
    return samples


def summarize(samples: list[dict]) -> list[str]:
    picks = [samples[0], samples[len(samples) // 2], samples[-1]]
    names = ["start", "middle", "end"]
    return [f"  {n:>6}: threads={s['threads']:3d}  rss={s['rss_mib']:8.1f} MiB" for n, s in zip(names, picks)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cycles", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--json", metavar="PATH")
    args = parser.parse_args()

    # Warm up TensorFlow's own lazily created pools so they do not count as growth.
    phase_cycles(5)
    cycles = phase_cycles(args.cycles)
    print(f"phase 1: {args.cycles} create / read-partly / abandon cycles")
    print("\n".join(summarize(cycles)))
    lopsided = phase_lopsided(args.seconds)
    print(f"phase 2: producer ~100x faster than consumer for {args.seconds:.0f} s "
          f"({lopsided[-1]['batches']} batches consumed)")
    print("\n".join(summarize(lopsided)))
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"cycles": cycles, "lopsided": lopsided, "machine": {
                "cores": os.cpu_count(), "python": platform.python_version(), "tfdata_bridge": tfb.__version__,
            }}, out, indent=1)


if __name__ == "__main__":
    main()
