"""``tfdata-bridge demo``: the two classic queue programs through the bridge, and what happened.

Library code: it returns a ``DemoReport`` (and its text); the CLI prints it.

0. The ``py_func`` + ``train.batch`` program, run under ``tensorflow.compat.v1`` and then with only its import
   changed to ``tfdata_bridge.compat.v1`` (``demo_dropin.py``): same results, no runner thread.
1. The ``py_func`` + ``train.batch`` program (a numpy producer batched by ``tf.train.batch(batch_size=2, capacity=2)``) as a spec,
   and the tf.data code it amounts to (``explain``).
2. That spec running: the producer records ``f`` for each element it makes and the consumer ``r`` for
   each batch it trains on, in one ordered trace, as the original program's ``fffffrrffrfr...`` printout did.
3. The feed-thread program (a thread feeding single elements to a queue, the loop taking batches of 32): the
   legacy graph-mode ``FIFOQueue`` beside the bridge, in elements per second, over a short run.
"""

from __future__ import annotations

import gc
import statistics
import threading
import time
from dataclasses import dataclass

import numpy as np

from tfdata_bridge._src.compiler.dataset import compile as compile_spec
from tfdata_bridge._src.compiler.explain import explain
from tfdata_bridge._src.demo_dropin import ProgramRun, compare_runs
from tfdata_bridge._src.demo_dropin import render as render_dropin
from tfdata_bridge._src.spec.pipeline import PipelineSpec, pipeline
from tfdata_bridge._src.spec.producer import Producer
from tfdata_bridge._src.tf import tf

INPUT_SHAPE, TARGET_SHAPE = (2, 2), ()
LOAD_S, STEP_S = 0.0005, 0.002  # the demo producer's "disk read" per element, the consumer's step per batch
FEATURES, BATCH_SIZE, CAPACITY = 100, 32, 100  # the feed-thread program's
TIMEOUT_S = 30.0

SPEC_SOURCE = """\
def get_numpy_tensors():                      # the py_func + train.batch program's producer
    input = np.random.rand(2, 2).astype(np.float32)
    target = np.random.randint(10, dtype=np.int32)
    return input, target

spec = tfdata_bridge.pipeline(get_numpy_tensors, dtypes=[tf.float32, tf.int32],
                              shapes=[(2, 2), ()], batch_size=2, capacity=2)
dataset = tfdata_bridge.compile(spec)         # a tf.data.Dataset"""


@dataclass(frozen=True)
class Throughput:
    label: str
    elements: int
    seconds: float

    @property
    def elements_per_s(self) -> float:
        return self.elements / self.seconds if self.seconds > 0 else float("inf")


@dataclass(frozen=True)
class DemoReport:
    spec: PipelineSpec
    explained: str  # explain(spec)
    trace: str  # "f": the producer made an element; "r": the consumer finished a step
    batches: int
    throughput: tuple[Throughput, ...]  # the legacy queue first, then the bridge
    dropin: tuple[ProgramRun, ProgramRun]  # the py_func + train.batch program: tensorflow.compat.v1, then the bridge's

    def render(self) -> str:
        first_r = self.trace.find("r")
        after = self.trace[first_r:].count("f") if first_r >= 0 else 0
        lines = [
            "tfdata-bridge demo: the two classic queue programs, moved onto tf.data",
            "",
            *render_dropin(*self.dropin),
            "",
            "1. The py_func + train.batch program as a spec (a numpy producer, tf.train.batch(batch_size=2, capacity=2))",
            _indent(SPEC_SOURCE),
            "",
            _indent(describe(self.spec)),
            "",
            "2. What compile(spec) amounts to: tfdata_bridge.explain(spec)",
            _indent(self.explained.rstrip()),
            "",
            f"3. Production overlapping consumption, {self.batches} batches: f = the producer made an element,",
            f"   r = the consumer finished a {STEP_S * 1e3:g} ms training step (this producer also sleeps"
            f" {LOAD_S * 1e3:g} ms per element, standing for a disk read)",
            _indent(self.trace),
            f"   the producer made {first_r if first_r >= 0 else len(self.trace)} elements before the first step"
            f" ended, and {after} more while the consumer trained",
            "",
            f"4. Throughput, the feed-thread program ({FEATURES} float32 features + an int32 label per element, "
            f"batch {BATCH_SIZE}, {self.throughput[0].elements} elements)",
        ]
        base = self.throughput[0].elements_per_s
        for t in self.throughput:
            ratio = f"  ({t.elements_per_s / base:.1f}x)" if t is not self.throughput[0] else ""
            lines.append(f"   {t.label:<56}{t.elements_per_s:>12,.0f} elements/s{ratio}")
        lines.append("   (a short run; `python benchmarks/run.py` measures all the variants properly)")
        return "\n".join(lines) + "\n"


def describe(spec: PipelineSpec) -> str:
    """The spec IR in a few lines."""
    queue, consumer = spec.queue, spec.consumer
    lines = [f"queue:     {queue.kind}, capacity {queue.capacity}, elements {queue.signature.describe()}"]
    if queue.kind == "random_shuffle":
        lines[0] += f", min_after_dequeue {queue.min_after_dequeue}, seed {queue.seed}"
    for p in spec.producers:
        if p.kind == "generator":
            ends = f"{p.epochs} epoch(s)" if p.epochs else "epochs without end"
        elif p.kind == "index":
            ends = f"indices 0..{p.calls - 1}, each once" if p.calls else "no index"
        else:
            ends = f"{p.calls} calls" if p.calls else "until it raises StopIteration or OutOfRangeError"
        many = ", enqueue_many" if p.enqueue_many else ""
        lines.append(f"producer:  {p.label} ({p.kind}, {p.threads} thread(s){many}, {ends})")
    size = f"({consumer.batch_size})" if consumer.batched else "()"
    pad = ", dynamic_pad" if consumer.dynamic_pad else ""
    lines.append(f"consumer:  {consumer.mode}{size}{pad}; prefetch {spec.prefetch}")
    return "\n".join(lines)


class _Trace:
    """Events from several threads, in the order they happened."""

    def __init__(self) -> None:
        self._events: list[str] = []
        self._lock = threading.Lock()

    def record(self, event: str) -> None:
        with self._lock:
            self._events.append(event)

    def text(self) -> str:
        with self._lock:
            return "".join(self._events)


def seed2_spec(trace: _Trace | None = None) -> PipelineSpec:
    def get_numpy_tensors():
        time.sleep(LOAD_S)  # stands for reading from disk
        input = np.random.rand(*INPUT_SHAPE).astype(np.float32)  # noqa: A001 - the original program's name
        target = np.random.randint(10, dtype=np.int32)
        if trace is not None:
            trace.record("f")
        return input, target

    producer = Producer.call(get_numpy_tensors, name="get_numpy_tensors")
    return pipeline(producer, dtypes=[tf.float32, tf.int32], shapes=[INPUT_SHAPE, TARGET_SHAPE],
                    batch_size=2, capacity=2)


def overlap_trace(batches: int) -> str:
    """Run the py_func + train.batch spec for ``batches`` steps and return the f/r trace."""
    trace = _Trace()
    iterator = iter(compile_spec(seed2_spec(trace)))
    for _ in range(batches):
        inputs, targets = next(iterator)
        time.sleep(STEP_S)  # the training step
        trace.record("r")
    text = trace.text()
    del iterator  # stops the producer
    return text


def seed1_throughput(batches: int) -> tuple[Throughput, Throughput]:
    elements = batches * BATCH_SIZE
    rng = np.random.default_rng(0)
    features = rng.random((elements, FEATURES), dtype=np.float32)
    labels = rng.integers(0, 10, size=elements, dtype=np.int32)
    return _legacy_feed(features, labels), _bridge_feed(features, labels)


def _bridge_feed(features: np.ndarray, labels: np.ndarray) -> Throughput:
    def load_and_enqueue():
        for i in range(len(labels)):
            yield features[i], labels[i]

    spec = pipeline(load_and_enqueue, dtypes=[tf.float32, tf.int32], shapes=[[FEATURES], []],
                    capacity=CAPACITY, batch_size=BATCH_SIZE)
    dataset = compile_spec(spec)
    for _ in dataset.take(2):  # warm-up
        pass
    runs = []
    for _ in range(3):  # a run is short (tens of ms), so take the median of three
        gc.collect()  # a full collection (50-100 ms with TensorFlow loaded) would otherwise land in a run
        start = time.perf_counter()
        n = sum(int(f.shape[0]) for f, _ in dataset)
        runs.append(time.perf_counter() - start)
    return Throughput("bridge: tfdata_bridge.compile(pipeline(...)), median of 3", n, statistics.median(runs))


def _legacy_feed(features: np.ndarray, labels: np.ndarray) -> Throughput:
    """The feed-thread program in tf.compat.v1 graph mode: placeholders, FIFOQueue(100), a feeding thread."""
    v1 = tf.compat.v1
    with tf.Graph().as_default() as graph:
        feature_input = v1.placeholder(tf.float32, shape=[FEATURES])
        label_input = v1.placeholder(tf.int32, shape=[])
        queue = v1.FIFOQueue(CAPACITY, [tf.float32, tf.int32], shapes=[[FEATURES], []])
        enqueue_op = queue.enqueue([feature_input, label_input])
        feature_batch, label_batch = queue.dequeue_many(BATCH_SIZE)
        cancel_op = queue.close(cancel_pending_enqueues=True)
    config = v1.ConfigProto(operation_timeout_in_ms=int(TIMEOUT_S * 1000))
    with v1.Session(graph=graph, config=config) as sess:

        def run(lo: int, hi: int) -> float:
            coord = v1.train.Coordinator()

            def load_and_enqueue() -> None:
                with coord.stop_on_exception():
                    for i in range(lo, hi):
                        if coord.should_stop():
                            return
                        sess.run(enqueue_op, feed_dict={feature_input: features[i], label_input: labels[i]})

            thread = threading.Thread(target=load_and_enqueue, daemon=True, name="demo-legacy-feed")
            start = time.perf_counter()
            thread.start()
            try:
                for _ in range((hi - lo) // BATCH_SIZE):
                    sess.run([feature_batch, label_batch])
                return time.perf_counter() - start
            except BaseException:
                coord.request_stop()
                sess.run(cancel_op)  # wakes a feeder waiting on a full queue
                raise
            finally:
                coord.request_stop()
                coord.join([thread], stop_grace_period_secs=TIMEOUT_S)

        run(0, 2 * BATCH_SIZE)  # warm-up
        gc.collect()
        seconds = run(0, len(labels))
    return Throughput("legacy: tf.compat.v1 FIFOQueue + feeding thread (graph mode)", len(labels), seconds)


def run_demo(*, quick: bool = False) -> DemoReport:
    """Run the demo: a few seconds (about one with ``quick``), TensorFlow's import aside."""
    spec = seed2_spec()
    return DemoReport(
        spec=spec,
        explained=explain(spec),
        trace=overlap_trace(10),
        batches=10,
        throughput=seed1_throughput(48 if quick else 160),
        dropin=compare_runs(),
    )


def _indent(text: str, prefix: str = "   ") -> str:
    return "\n".join(prefix + line if line else line for line in text.splitlines())
