"""The `py_func` + `train.batch` program: a numpy function makes one element per call (a (2, 2) float32 input and an int32
target); ``tf.train.batch`` batches them behind a queue runner.

The seed uses ``batch_size=2, capacity=2`` to print its ``fffrrf...`` trace. Two elements per batch
would measure little beyond per-step overheads, so the benchmark uses ``batch_size=32`` and a capacity
of two batches (64 elements), keeping the seed's "two batches buffered" shape; each run takes 200
batches (6,400 elements; 40 with --quick). The producer never ends, as in the seed: the consumer
takes a fixed number of batches and every variant is then stopped.

- legacy:  the seed's graph-mode program, ``tf.compat.v1.py_func`` + ``tf.compat.v1.train.batch`` ->
           ``2 *`` the batch, with ``start_queue_runners`` and a ``Coordinator`` (stopped with
           ``request_stop``, which closes the queue with cancel, and ``join``). ``run_program`` builds it
           with either compat.v1 module; ``seed2_dropin`` runs it through the drop-in too.
- tfdata:  the naive migration: hand-written ``from_generator`` calling the function once per element,
           ``.batch(32).prefetch(2)``.
- grouped: the competent hand-written form: the same generator in stacked groups of min(128,
           capacity) (``common.grouped``), ``.unbatch().batch(32).prefetch(2)``.
- bridge:  ``tfdata_bridge.compile(tfdata_bridge.pipeline(get_numpy_tensors, ..., batch_size=32, capacity=64))``.
- ceiling: ``from_tensor_slices`` replay of elements made up front, ``.batch(32).prefetch(2)``.
"""

from __future__ import annotations

import time
import warnings
from typing import Any

import numpy as np
import tensorflow as tf

import tfdata_bridge
from cases.common import GROUP, TIMEOUT_S, Config, Run, Variant, drain, grouped, grouped_signature

INPUT_SHAPE, TARGET_SHAPE = (2, 2), ()
BATCH_SIZE = 32
# The variants take turns run by run (common.measure_interleaved): on a shared machine the load drifts,
# and bridge/grouped is a head-to-head figure.
INTERLEAVED = True
CAPACITY = 2 * BATCH_SIZE


def get_numpy_tensors() -> tuple[np.ndarray, np.int32]:
    """The seed's producer (without its print)."""
    input = np.random.rand(*INPUT_SHAPE).astype(np.float32)  # noqa: A001 - the seed's name
    target = np.int32(np.random.randint(10))
    return input, target


def variants(config: Config) -> list[Variant]:
    batches = config.scale(200, 40)
    elements = batches * BATCH_SIZE

    def elements_forever():
        while True:
            yield get_numpy_tensors()

    signature = (tf.TensorSpec(INPUT_SHAPE, tf.float32), tf.TensorSpec(TARGET_SHAPE, tf.int32))
    tfdata = tf.data.Dataset.from_generator(elements_forever, output_signature=signature)
    tfdata = tfdata.batch(BATCH_SIZE).prefetch(2)
    groups = tf.data.Dataset.from_generator(grouped(elements_forever, min(GROUP, CAPACITY)), output_signature=grouped_signature(signature))
    groups = groups.unbatch().batch(BATCH_SIZE).prefetch(2)
    spec = tfdata_bridge.pipeline(
        get_numpy_tensors, dtypes=[tf.float32, tf.int32], shapes=[INPUT_SHAPE, TARGET_SHAPE],
        batch_size=BATCH_SIZE, capacity=CAPACITY,
    )
    bridge = tfdata_bridge.compile(spec)
    made = [get_numpy_tensors() for _ in range(elements)]
    inputs = np.stack([m[0] for m in made])
    targets = np.array([m[1] for m in made], dtype=np.int32)
    ceiling = tf.data.Dataset.from_tensor_slices((inputs, targets)).batch(BATCH_SIZE).prefetch(2)
    return [
        Variant("legacy", lambda: run_program(tf.compat.v1, get_numpy_tensors, 1, batches),
                description="tf.compat.v1 py_func + train.batch(32, capacity=64) -> 2 * batch + start_queue_runners"),
        Variant("tfdata", lambda: drain(tfdata, batches, BATCH_SIZE),
                description="naive migration: from_generator (one call per element).batch(32).prefetch(2)"),
        Variant("grouped", lambda: drain(groups, batches, BATCH_SIZE),
                description=f"from_generator (stacked groups of {min(GROUP, CAPACITY)}).unbatch().batch(32).prefetch(2)"),
        Variant("bridge", lambda: drain(bridge, batches, BATCH_SIZE),
                description="tfdata_bridge.compile(pipeline(get_numpy_tensors, batch_size=32, capacity=64))"),
        Variant("ceiling", lambda: drain(ceiling, batches, BATCH_SIZE),
                description="from_tensor_slices replay .batch(32).prefetch(2)"),
    ]


def run_program(module: Any, producer: Any, threads: int, batches: int) -> Run:
    """The seed's program with ``module`` as ``tf`` (``tf.compat.v1`` or the drop-in), in its own graph:
    ``py_func(producer)`` -> ``train.batch(32, num_threads=threads, capacity=64)`` -> ``2 *`` the batch ->
    a ``sess.run`` loop. One timed run of ``batches``, from ``start_queue_runners`` to the last batch;
    building the graph and session is not timed."""
    graph = tf.Graph()
    with graph.as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the drop-in's teaching warnings; legacy deprecations
        tensorflow_input, tensorflow_target = module.py_func(producer, [], [module.float32, module.int32])
        tensorflow_inputs, tensorflow_targets = module.train.batch(
            [tensorflow_input, tensorflow_target], BATCH_SIZE, num_threads=threads,
            shapes=[INPUT_SHAPE, TARGET_SHAPE], capacity=CAPACITY,
        )
        tensorflow_inputs, tensorflow_targets = 2 * tensorflow_inputs, 2 * tensorflow_targets
        config = module.ConfigProto(operation_timeout_in_ms=int(TIMEOUT_S * 1000))
        sess = module.Session(graph=graph, config=config)
        try:
            coord = module.train.Coordinator()
            start = time.perf_counter()
            runners = module.train.start_queue_runners(sess=sess, coord=coord)
            elements = 0
            try:
                for _ in range(batches):
                    numpy_inputs, _numpy_targets = sess.run([tensorflow_inputs, tensorflow_targets])
                    elements += numpy_inputs.shape[0]
                seconds = time.perf_counter() - start
            finally:
                coord.request_stop()  # legacy: the runner's close-on-stop thread cancels pending enqueues
                coord.join(runners, stop_grace_period_secs=TIMEOUT_S)
        finally:
            sess.close()
    return Run(elements, seconds, {"runner_threads": len(runners)})
