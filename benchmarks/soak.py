"""Soak test: does the bridge leak threads or memory over many pipelines and a long lopsided run?

    python benchmarks/soak.py [--cycles 1000] [--seconds 60] [--json PATH]
    python benchmarks/soak.py --rebuilds 200 [--json PATH]

``--rebuilds N`` (issue 20 item 5) runs only graph rebuilds, each program in a fresh Python under
``tensorflow.compat.v1`` and under the drop-in: ``tf.reset_default_graph()``, build a pipeline (``files``:
``string_input_producer`` + ``TFRecordReader`` + ``parse_single_example`` + ``shuffle_batch``;
``py_func``: a ``py_func`` producer + ``shuffle_batch``), start the runners, run 3 batches, stop, close;
N times after 5 unmeasured. It prints the ``tf.Graph`` objects alive after ``gc.collect()`` (besides the
current default graph) and the RSS growth over the N rebuilds.

First issue 9's three patterns, sampled every 250 cycles: ``reused dataset`` (2,000 iterators over one
compiled dataset, each read once and deleted, as Keras does every epoch), ``cycles`` (1,000 iterators
read once and left in a reference cycle by a kept exception) and ``as_dataset abandoned`` (1,000
``as_dataset()`` iterators of one queue, each read once and deleted mid-queue); ``--reuse-only`` stops
there, ``--reuse-phase NAME`` picks one. Then four phases, each sampling the process's thread counts and resident memory (RSS) as it goes, and
printing them at the start, the middle and the end. ``threads`` are the Python threads (the bridge's
among them); ``os_threads`` all the process's threads, TensorFlow's own included. ``dummy_threads``
are the entries Python 3.11 keeps in ``threading`` for threads it did not start (tf.data's, once they
ran a generator): it never removes them, even after the thread has ended, so they only say how many
distinct thread ids have called into Python.

1. ``compiled``: build a compiled pipeline (2 producer threads, batches of 8), read 3 batches, abandon
   the iterator; ``--cycles`` times.
2. ``eager queue``: create a ``FIFOQueue``, ``enqueue_many`` 32 elements, read 2 batches through
   ``as_dataset(batch_size=8)``, abandon the iterator, ``close(cancel_pending_enqueues=True)``;
   ``--cycles`` times.
3. ``drop-in``: in graph mode (``tfdata_bridge.compat.v1``), build a ``tf.train.batch`` pipeline over a
   ``py_func`` producer (lifted into tf.data) in a new ``tf.Graph``, open a ``Session``, start the queue
   runners with a ``Coordinator``, run 3 batches, stop and close; ``--cycles`` times.
4. ``lopsided``: one compiled pipeline whose producer is about 100x faster than its consumer, for
   ``--seconds``.

Each cycle phase runs 5 unmeasured cycles first (TensorFlow creates its pools and caches as they are
first needed). Flat numbers mean nothing accumulates.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import threading
import time
import warnings
from collections.abc import Callable

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import numpy as np  # noqa: E402

import tfdata_bridge as tfb  # noqa: E402

WARM_UP_CYCLES = 5
SAMPLES = 20


def rss_mib() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def os_threads() -> int:
    return len(os.listdir("/proc/self/task"))


def sample(label: str, progress: float) -> dict:
    gc.collect()
    from tfdata_bridge._src.runtime import gc_guard

    gc_guard.flush(10)  # what that collection found is destroyed by the reaper thread
    dummies = sum(isinstance(t, threading._DummyThread) for t in threading.enumerate())  # noqa: SLF001
    return {"phase": label, "progress": round(progress, 3), "threads": threading.active_count() - dummies,
            "dummy_threads": dummies, "os_threads": os_threads(), "rss_mib": round(rss_mib(), 1),
            "t": round(time.monotonic(), 2)}


def compiled_cycle() -> Callable[[], None]:
    rng = np.random.default_rng(0)
    data = rng.random((64, 100)).astype(np.float32)
    counter = iter(range(10**12))

    def produce():
        i = next(counter) % 64
        return data[i], np.int32(i)

    def cycle() -> None:
        spec = tfb.pipeline(tfb.Producer.call(produce, threads=2), dtypes=["float32", "int32"],
                            shapes=[[100], []], capacity=64, batch_size=8)
        iterator = iter(tfb.compile(spec))
        for _ in range(3):
            next(iterator)
        del iterator

    return cycle


def eager_queue_cycle() -> Callable[[], None]:
    features = np.ones((32, 100), np.float32)
    labels = np.arange(32, dtype=np.int32)

    def cycle() -> None:
        q = tfb.FIFOQueue(64, ["float32", "int32"], shapes=[[100], []])
        q.enqueue_many((features, labels))
        iterator = iter(q.as_dataset(batch_size=8))
        for _ in range(2):
            next(iterator)
        del iterator
        q.close(cancel_pending_enqueues=True)

    return cycle


def dropin_cycle() -> Callable[[], None]:
    import tensorflow as tf

    import tfdata_bridge.compat.v1 as bridge

    item = np.ones(100, np.float32)

    def cycle() -> None:
        with tf.Graph().as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            x = bridge.py_func(lambda: item, [], tf.float32, stateful=True)
            x.set_shape([100])
            label = bridge.random.uniform([], 0, 10, dtype=tf.int32)
            batch = bridge.train.batch([x * 2.0, label], 8, capacity=64, num_threads=2)
            with bridge.Session() as sess:
                coord = bridge.train.Coordinator()
                threads = bridge.train.start_queue_runners(sess, coord)
                for _ in range(3):
                    sess.run(batch)
                coord.request_stop()
                coord.join(threads)

    return cycle


def reused_dataset_cycle() -> Callable[[], None]:
    item = np.ones(100, np.float32)
    spec = tfb.pipeline(tfb.Producer.call(lambda: item, threads=2), dtypes="float32", shapes=[100],
                        capacity=64, batch_size=8)
    dataset = tfb.compile(spec)  # one dataset, a new iterator per cycle: what Keras does every epoch

    def cycle() -> None:
        iterator = iter(dataset)
        next(iterator)
        del iterator

    return cycle


def cycles_cycle() -> Callable[[], None]:
    item = np.ones(100, np.float32)
    spec = tfb.pipeline(tfb.Producer.call(lambda: item, threads=2), dtypes="float32", shapes=[100],
                        capacity=64, batch_size=8)
    dataset = tfb.compile(spec)

    def cycle() -> None:
        iterator = iter(dataset)
        next(iterator)
        try:
            raise ValueError("kept")
        except ValueError as error:
            kept = error  # noqa: F841 - the frame holds the error, whose traceback holds the frame
        # the iterator is now only reachable from that cycle: the garbage collector frees it

    return cycle


def abandoned_as_dataset_cycle() -> Callable[[], None]:
    q = tfb.FIFOQueue(1000, "float32", shapes=[[100]])
    block = np.ones((40, 100), np.float32)

    def cycle() -> None:
        if int(q.size()) < 40:
            q.enqueue_many(block)
        iterator = iter(q.as_dataset())
        next(iterator)
        del iterator  # what it took and did not deliver goes back to the queue

    return cycle


CYCLE_PHASES = {
    "compiled": ("create / read-partly / abandon cycles of a compiled pipeline", compiled_cycle),
    "eager queue": ("create / enqueue_many / as_dataset-partly / close cycles of an eager FIFOQueue", eager_queue_cycle),
    "drop-in": ("graph-mode build / run-partly / close-session cycles of a lifted tf.train.batch", dropin_cycle),
}
# Issue 9's patterns: (what, make, cycles by default); sampled every SAMPLE_EVERY cycles.
REUSE_PHASES = {
    "reused dataset": ("iterators over one compiled dataset, each read once and deleted", reused_dataset_cycle, 2000),
    "cycles": ("iterators read once and left in a reference cycle (a kept exception)", cycles_cycle, 1000),
    "as_dataset abandoned": ("as_dataset() iterators of one queue read once and deleted mid-queue",
                             abandoned_as_dataset_cycle, 1000),
}
SAMPLE_EVERY = 250


def phase_cycles(label: str, make: Callable[[], Callable[[], None]], cycles: int,
                 every: int | None = None) -> list[dict]:
    cycle = make()
    for _ in range(WARM_UP_CYCLES):
        cycle()
    samples = []
    every = every or max(1, cycles // SAMPLES)
    start = time.monotonic()
    for i in range(cycles):
        if i % every == 0:
            samples.append(sample(label, i / cycles))
        cycle()
    samples.append(sample(label, 1.0) | {"seconds": round(time.monotonic() - start, 1)})
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
            next_sample += seconds / SAMPLES
        if now - start >= seconds:
            break
    samples.append(sample("lopsided", 1.0) | {"batches": consumed})
    return samples


def rebuild_child(module: str, program: str, rebuilds: int) -> dict:
    """Graph rebuilds in this process (see the module docstring); the figures as a dict."""
    import tempfile

    import tensorflow as tf

    if module == "legacy":
        import tensorflow.compat.v1 as tf1
    else:
        import tfdata_bridge.compat.v1 as tf1
    tf.compat.v1.disable_eager_execution()
    warnings.simplefilter("ignore")
    tf.get_logger().setLevel("ERROR")
    files = []
    directory = tempfile.mkdtemp()
    for f in range(2):
        path = os.path.join(directory, f"r{f}.tfrecord")
        with tf.io.TFRecordWriter(path) as writer:
            for i in range(100):
                writer.write(tf.train.Example(features=tf.train.Features(feature={
                    "x": tf.train.Feature(int64_list=tf.train.Int64List(value=[i]))})).SerializeToString())
        files.append(path)

    def build():
        if program == "files":
            queue = tf1.train.string_input_producer(files)
            _, value = tf1.TFRecordReader().read(queue)
            x = tf1.parse_single_example(value, {"x": tf1.FixedLenFeature([], tf.int64)})["x"]
        else:
            made = iter(range(10**12))
            x = tf1.py_func(lambda: np.float32(next(made)), [], tf.float32)
            x.set_shape([])
        return tf1.train.shuffle_batch([x], 8, capacity=64, min_after_dequeue=16)

    def cycle():
        tf1.reset_default_graph()
        batch = build()
        with tf1.Session() as sess:
            sess.run([tf1.global_variables_initializer(), tf1.local_variables_initializer()])
            coord = tf1.train.Coordinator()
            threads = tf1.train.start_queue_runners(sess, coord)
            for _ in range(3):
                sess.run(batch)
            coord.request_stop()
            coord.join(threads, stop_grace_period_secs=10)

    def old_graphs():
        gc.collect()
        current = tf1.get_default_graph()
        return sum(type(o) is tf.Graph and o is not current for o in gc.get_objects())

    for _ in range(WARM_UP_CYCLES):
        cycle()
    graphs_before, rss_before, start = old_graphs(), rss_mib(), time.monotonic()
    for _ in range(rebuilds):
        cycle()
    return {"module": module, "program": program, "rebuilds": rebuilds, "graphs_before": graphs_before,
            "graphs_alive": old_graphs(), "rss_growth_mib": round(rss_mib() - rss_before, 1),
            "seconds": round(time.monotonic() - start, 1)}


def phase_rebuilds(rebuilds: int) -> list[dict]:
    import subprocess
    import sys

    out = []
    for program in ("files", "py_func"):
        for module in ("legacy", "drop-in"):
            child = subprocess.run([sys.executable, __file__, "--rebuild-child", module, program, str(rebuilds)],
                                   capture_output=True, text=True, env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="2"))
            lines = [line for line in child.stdout.splitlines() if line.startswith("REBUILDS ")]
            if not lines:
                raise RuntimeError(f"rebuild child {module} {program} failed:\n{child.stderr[-3000:]}")
            figures = json.loads(lines[-1][len("REBUILDS "):])
            out.append(figures)
            print(f"  {program:8} {module:8}: {figures['graphs_alive']:5d} graphs alive after {rebuilds} rebuilds, "
                  f"RSS +{figures['rss_growth_mib']:6.1f} MiB ({figures['seconds']} s)", flush=True)
    return out


def summarize(samples: list[dict]) -> list[str]:
    picks = [samples[0], samples[len(samples) // 2], samples[-1]]
    names = ["start", "middle", "end"]
    return [f"  {n:>6}: threads={s['threads']:3d}  os_threads={s['os_threads']:3d}  "
            f"dummy_threads={s['dummy_threads']:3d}  rss={s['rss_mib']:8.1f} MiB" for n, s in zip(names, picks)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cycles", type=int, default=1000, help="cycles of each cycle phase")
    parser.add_argument("--seconds", type=float, default=60.0, help="length of the lopsided phase")
    parser.add_argument("--json", metavar="PATH")
    parser.add_argument("--reuse-only", action="store_true", help="only issue 9's reuse / cycle / as_dataset phases")
    parser.add_argument("--reuse-scale", type=float, default=1.0, help="scale the reuse phases' cycle counts")
    parser.add_argument("--reuse-phase", action="append", choices=list(REUSE_PHASES),
                        help="run only this reuse phase (repeatable)")
    parser.add_argument("--rebuilds", type=int, help="only graph rebuilds, this many (legacy beside the drop-in)")
    parser.add_argument("--rebuild-child", nargs=3, metavar=("MODULE", "PROGRAM", "N"), help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.rebuild_child:
        module, program, n = args.rebuild_child
        print("REBUILDS " + json.dumps(rebuild_child(module, program, int(n))), flush=True)
        return
    if args.rebuilds:
        print(f"phase graph rebuilds: {args.rebuilds} per program and module, each in a fresh Python", flush=True)
        figures = phase_rebuilds(args.rebuilds)
        if args.json:
            with open(args.json, "w") as out:
                json.dump({"rebuilds": figures}, out, indent=1)
        return
    results = {}
    for name, (what, make, cycles) in REUSE_PHASES.items():
        if args.reuse_phase and name not in args.reuse_phase:
            continue
        n = max(SAMPLE_EVERY, int(cycles * args.reuse_scale))
        results[name] = samples = phase_cycles(name, make, n, every=SAMPLE_EVERY)
        print(f"phase {name}: {n} {what} ({samples[-1]['seconds']} s)", flush=True)
        for s in samples:
            print(f"  {s['progress'] * n:6.0f}: threads={s['threads']:3d}  os_threads={s['os_threads']:4d}  "
                  f"dummy_threads={s['dummy_threads']:3d}  rss={s['rss_mib']:8.1f} MiB", flush=True)
    if args.reuse_only:
        return
    for i, (name, (what, make)) in enumerate(CYCLE_PHASES.items(), 1):
        results[name] = samples = phase_cycles(name, make, args.cycles)
        print(f"phase {i} ({name}): {args.cycles} {what} ({samples[-1]['seconds']} s)", flush=True)
        print("\n".join(summarize(samples)), flush=True)
    results["lopsided"] = lopsided = phase_lopsided(args.seconds)
    print(f"phase {len(CYCLE_PHASES) + 1} (lopsided): producer ~100x faster than consumer for {args.seconds:.0f} s "
          f"({lopsided[-1]['batches']} batches consumed)")
    print("\n".join(summarize(lopsided)))
    if args.json:
        import tensorflow as tf

        with open(args.json, "w") as out:
            json.dump({"phases": results, "args": {"cycles": args.cycles, "seconds": args.seconds},
                       "machine": {"cores": os.cpu_count(), "python": platform.python_version(),
                                   "tensorflow": tf.__version__, "tfdata_bridge": tfb.__version__}},
                      out, indent=1)


if __name__ == "__main__":
    main()
