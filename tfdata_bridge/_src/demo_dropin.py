"""The demo's first part: the ``py_func`` + ``train.batch`` program, run as written under ``tensorflow.compat.v1``
and again with only its import changed to ``tfdata_bridge.compat.v1``, and what each run did.

Library code: returns results; the CLI prints them.
"""

from __future__ import annotations

import time
import warnings
from dataclasses import dataclass
from types import ModuleType

import numpy as np

from tfdata_bridge._src.tf import tf
from tfdata_bridge._src.warnings import BridgeWarning

STEPS = 10

PROGRAM = """\
import tfdata_bridge.compat.v1 as tf          # was: import tensorflow.compat.v1 as tf

input_shape, target_shape = (2, 2), ()
def get_numpy_tensors():
  input = np.random.rand(*input_shape).astype(np.float32)
  target = np.random.randint(10, dtype=np.int32)
  return input, target
tensorflow_input, tensorflow_target = tf.py_func(get_numpy_tensors, [], [tf.float32, tf.int32])
batch_size = 2
tensorflow_inputs, tensorflow_targets = tf.train.batch(
    [tensorflow_input, tensorflow_target], batch_size, shapes=[input_shape, target_shape], capacity=2)
tensorflow_inputs, tensorflow_targets = 2*tensorflow_inputs, 2*tensorflow_targets

sess = tf.Session()
threads = tf.train.start_queue_runners(sess)
for _ in range(10):
  numpy_inputs, numpy_targets = sess.run([tensorflow_inputs, tensorflow_targets])"""


@dataclass(frozen=True)
class ProgramRun:
    module: str  # the module the program imported as ``tf``
    runner_threads: int  # what start_queue_runners returned
    shapes: tuple[tuple[int, ...], ...]  # of the first step's results
    dtypes: tuple[str, ...]
    targets: tuple[int, ...]  # every target the training loop received, in order
    warnings: tuple[str, ...]  # the bridge's teaching warnings
    seconds: float


def run_program(v1: ModuleType, label: str, seed: int = 0) -> ProgramRun:
    """Run the ``py_func`` + ``train.batch`` program (``PROGRAM``) with ``v1`` as its ``tf`` module, in a graph of its own."""
    rng = np.random.RandomState(seed)
    input_shape, target_shape = (2, 2), ()

    def get_numpy_tensors():
        input = rng.rand(*input_shape).astype(np.float32)  # noqa: A001 - the original program's name
        target = np.int32(rng.randint(10))
        return input, target

    with tf.Graph().as_default() as graph, warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", BridgeWarning)
        tensorflow_input, tensorflow_target = v1.py_func(get_numpy_tensors, [], [v1.float32, v1.int32])
        batch_size = 2
        tensorflow_inputs, tensorflow_targets = v1.train.batch(
            [tensorflow_input, tensorflow_target], batch_size, shapes=[input_shape, target_shape], capacity=2)
        tensorflow_inputs, tensorflow_targets = 2 * tensorflow_inputs, 2 * tensorflow_targets
        coord = v1.train.Coordinator()
        start = time.perf_counter()
        with v1.Session(graph=graph) as sess:
            threads = v1.train.start_queue_runners(sess, coord=coord)
            received = []
            for _ in range(STEPS):
                numpy_inputs, numpy_targets = sess.run([tensorflow_inputs, tensorflow_targets])
                received.append((numpy_inputs, numpy_targets))
            coord.request_stop()
            coord.join(threads, stop_grace_period_secs=10)
        seconds = time.perf_counter() - start
    first_inputs, first_targets = received[0]
    return ProgramRun(
        module=label,
        runner_threads=len(threads),
        shapes=(first_inputs.shape, first_targets.shape),
        dtypes=(first_inputs.dtype.name, first_targets.dtype.name),
        targets=tuple(int(t) for _, batch in received for t in batch),
        warnings=tuple(dict.fromkeys(str(w.message) for w in caught if issubclass(w.category, BridgeWarning))),
        seconds=seconds,
    )


def compare_runs() -> tuple[ProgramRun, ProgramRun]:
    """The program under TensorFlow's own compat.v1, then under the bridge's."""
    import tfdata_bridge.compat.v1 as bridge_v1

    return run_program(tf.compat.v1, "tensorflow.compat.v1"), run_program(bridge_v1, "tfdata_bridge.compat.v1")


def render(legacy: ProgramRun, bridge: ProgramRun) -> list[str]:
    same = legacy.targets == bridge.targets and legacy.shapes == bridge.shapes and legacy.dtypes == bridge.dtypes
    lines = [
        "0. A legacy program through the drop-in: the py_func + train.batch program, only its import line changed",
        *("   " + line for line in PROGRAM.splitlines()),
        "",
    ]
    for run in (legacy, bridge):
        lines.append(
            f"   {run.module:<24} start_queue_runners -> {run.runner_threads} thread(s); "
            f"first batch {run.shapes[0]} {run.dtypes[0]}, {run.shapes[1]} {run.dtypes[1]}; "
            f"{len(run.targets)} targets in {run.seconds * 1e3:.0f} ms"
        )
    lines.append(f"   same shapes, dtypes and targets in the same order: {'yes' if same else 'NO'}")
    for message in bridge.warnings:
        lines.append(f"   warning: {message}")
    return lines
