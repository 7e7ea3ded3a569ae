"""One pipeline, five ways, the same elements (issue 18's plan-equivalence check).

For each batching call of a table (the batch family's parameters: threads, a shuffle with a seed, a short
last batch, ``enqueue_many``, ``dynamic_pad``, ``keep_input``), a ``py_func`` producer over a Python
iterator (one that ends with ``StopIteration``) is run:

- as the legacy program under ``tensorflow.compat.v1`` (the oracle),
- as the same program under the drop-in (``tfdata_bridge.compat.v1``),
- migrated with ``migrate --to tfdata`` and run under ``tensorflow.compat.v1`` (no bridge),
- as the equivalent producer spec, through ``compile`` and through the code ``explain`` prints, executed.

Each must deliver the legacy batches: the same batch sizes, and the same elements in the same order where
legacy's order is fixed (one thread, no shuffle), the same multiset where it is not. Everything runs in one
child process (one TensorFlow import; the legacy and drop-in programs each in a graph of their own).
"""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
import textwrap

import pytest

from tfdata_bridge._src.symbols import STARTS_RUNNERS
from tfdata_bridge.migrate import scan_source

ROOT = pathlib.Path(__file__).resolve().parents[2]
N = 23  # elements: not a multiple of any batch size below, so each case has a short tail to lose or keep

# name -> (the batch call, with `value` the producer's tensor; the equivalent spec's keyword arguments or None
# where a spec has no such parameter; how legacy's batches are compared: "order", "multiset", or "subset" where
# a shuffle drops a short tail: which elements it drops is random, so distinct elements of the data, as many)
CASES: dict[str, tuple[str, dict | None, str]] = {
    "batch": ("tf.train.batch([value], batch_size=4)", dict(batch_size=4), "order"),
    "batch_tail": ("tf.train.batch([value], batch_size=4, capacity=8, allow_smaller_final_batch=True)",
                   dict(batch_size=4, capacity=8, allow_smaller_final_batch=True), "order"),
    "batch_threads": ("tf.train.batch([value], 5, num_threads=3, capacity=20, allow_smaller_final_batch=True)",
                      dict(batch_size=5, threads=3, capacity=20, allow_smaller_final_batch=True), "multiset"),
    "shuffle_seed": ("tf.train.shuffle_batch([value], 4, capacity=30, min_after_dequeue=10, seed=7, "
                     "allow_smaller_final_batch=True)",
                     dict(batch_size=4, capacity=30, min_after_dequeue=10, shuffle=True, seed=7,
                          allow_smaller_final_batch=True), "multiset"),
    "shuffle_threads": ("tf.train.shuffle_batch([value], batch_size=6, capacity=40, min_after_dequeue=5, "
                        "num_threads=2)",
                        dict(batch_size=6, capacity=40, min_after_dequeue=5, shuffle=True, threads=2), "subset"),
    "maybe_batch": ("tf.train.maybe_batch([value], keep_input=tf.equal(value % 3, 0), batch_size=2, "
                    "allow_smaller_final_batch=True)", None, "order"),
    "enqueue_many": ("tf.train.batch([value], batch_size=4, enqueue_many=True, allow_smaller_final_batch=True)",
                     dict(batch_size=4, enqueue_many=True, allow_smaller_final_batch=True), "order"),
    "dynamic_pad": ("tf.train.batch([value], batch_size=3, dynamic_pad=True, allow_smaller_final_batch=True)",
                    dict(batch_size=3, dynamic_pad=True, allow_smaller_final_batch=True), "order"),
}
# what the producer returns for item i, and its static shape, where it is not a scalar
PRODUCE = {
    "enqueue_many": ("np.arange(3 * i, 3 * i + 3, dtype=np.int64)", [3], []),  # (value, set_shape, spec's shapes)
    "dynamic_pad": ("np.arange(i % 4, dtype=np.int64) + i", [None], [[None]]),
}

PROGRAM = '''
import numpy as np
import tensorflow.compat.v1 as tf


def main(n):
    items = iter(range(n))

    def next_value():
        i = next(items)
        return {produce}

    value = tf.py_func(next_value, [], tf.int64)
    value.set_shape({shape})
    batch = {call}
    out = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out.append(sess.run(batch).tolist())
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return out
'''

CHILD = r'''
import json, sys, warnings
import numpy as np
import tensorflow as tf
import tfdata_bridge as tfb
from tfdata_bridge.migrate import rewrite
from tfdata_bridge._src.compiler.explain import producer_names

warnings.simplefilter("ignore")
cases = json.loads(sys.argv[1])
n = int(sys.argv[2])


def run_program(source, module):
    namespace = {}
    with tf.Graph().as_default():
        exec(compile(source.replace("import tensorflow.compat.v1 as tf", f"import {module} as tf"), "program", "exec"),
             namespace)
        return namespace["main"](n)


def counter(produce):
    items = iter(range(n))

    def next_value():
        i = next(items)
        return eval(produce)

    return next_value


def flat(batch):
    return [b.numpy().tolist() if hasattr(b, "numpy") else b for b in batch]


out = {}
for name, (source, spec_kwargs, produce, spec_shapes) in cases.items():
    result = {}
    result["legacy"] = run_program(source, "tensorflow.compat.v1")
    result["drop-in"] = run_program(source, "tfdata_bridge.compat.v1")
    migrated = rewrite(source, to="tfdata")
    result["migrated_code"] = migrated.code
    result["migrated"] = run_program(migrated.code, "tensorflow.compat.v1")
    if spec_kwargs is not None:
        spec = tfb.pipeline(counter(produce), dtypes="int64", shapes=spec_shapes, **spec_kwargs)
        result["compile"] = [b.numpy().tolist() for b in tfb.compile(spec)]
        spec = tfb.pipeline(counter(produce), dtypes="int64", shapes=spec_shapes, **spec_kwargs)
        (producer,) = producer_names(spec)
        namespace = {producer: spec.producers[0].fn}
        exec(tfb.explain(spec), namespace)
        result["explain"] = [b.numpy().tolist() for b in namespace["dataset"]]
    out[name] = result
print(json.dumps(out))
'''


@pytest.fixture(scope="module")
def runs():
    cases = {}
    for name, (call, spec, _) in CASES.items():
        produce, shape, spec_shapes = PRODUCE.get(name, ("np.int64(i)", [], []))
        source = PROGRAM.replace("{call}", call).replace("{produce}", produce).replace("{shape}", repr(shape))
        cases[name] = (source, spec, produce, spec_shapes)
    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "2", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", CHILD, json.dumps(cases), str(N)], capture_output=True, text=True,
                          timeout=600, env=env, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-4000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


pytestmark = pytest.mark.timeout(700)


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_way_delivers_the_legacy_batches(runs, name):
    result = runs[name]
    legacy = result["legacy"]
    assert len(legacy) > 1
    migrated = textwrap.indent(result["migrated_code"], "    ")
    assert [f.api for f in scan_source(result["migrated_code"]) if not f.dropin.startswith(STARTS_RUNNERS)] == [], migrated
    for way in ("drop-in", "migrated", "compile", "explain"):
        if way not in result:
            continue
        got = result[way]
        assert [len(b) for b in got] == [len(b) for b in legacy], (way, got, legacy)
        if CASES[name][2] == "order":
            assert got == legacy, (way, got, legacy)
        elif CASES[name][2] == "multiset":
            assert sorted(x for b in got for x in b) == sorted(x for b in legacy for x in b), (way, got, legacy)
        else:
            elements = [x for b in got for x in b]
            assert len(set(elements)) == len(elements) and set(elements) <= set(range(N)), (way, got)
    if name in PRODUCE:  # (the producer's values, not only their count, reached every way)
        assert legacy[0] != [0] * len(legacy[0])
