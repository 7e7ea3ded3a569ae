"""The Python-producer runtime (threads, worker processes, shared memory) is imported where a producer first
starts, not with the drop-in (issue 16: 13 modules, 15-20 ms of CPU in every process that runs only file
pipelines). Checked in a fresh process, where nothing else has loaded them: a file pipeline runs with legacy's
batches (the short final one included) without loading them, and a ``py_func`` producer that then starts its
threads loads them and gives legacy's elements, each once, and legacy's end."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.timeout(180)

ROOT = Path(__file__).resolve().parents[2]
RUNTIME = ["tfdata_bridge._src.runtime.process_workers", "tfdata_bridge._src.runtime.process_worker",
           "tfdata_bridge._src.runtime.shared_chunks", "tfdata_bridge._src.runtime.workers",
           "tfdata_bridge._src.runtime.concurrency"]

CHILD = r"""
import json, sys
import numpy as np
import tensorflow as tf
import tfdata_bridge.compat.v1
from batch_harness import BRIDGE, LEGACY, multiset, run

RUNTIME = RUNTIME_NAMES
paths = []
for f in range(2):
    path = f"{DIR}/part-{f}.tfrecord"
    with tf.io.TFRecordWriter(path) as writer:
        for i in range(5 + f):
            writer.write(b"record %d-%d" % (f, i))
    paths.append(path)
loaded = {"after import": [m for m in RUNTIME if m in sys.modules]}

def files(tf1):
    queue = tf1.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    _, value = tf1.TFRecordReader().read(queue)
    return tf1.train.batch([value], 4, allow_smaller_final_batch=True)

def report(legacy, ours):
    return {"legacy": [repr(b) for b in multiset(legacy.batches)], "ours": [repr(b) for b in multiset(ours.batches)],
            "same order": all(np.array_equal(a, b) for a, b in zip(legacy.batches, ours.batches)),
            "sizes": [[len(b) for b in legacy.batches], [len(b) for b in ours.batches]],
            "ends": [legacy.end.__name__ if legacy.end else None, ours.end.__name__ if ours.end else None]}

out = {"files": report(run(LEGACY, files), run(BRIDGE, files))}
loaded["after a file pipeline"] = [m for m in RUNTIME if m in sys.modules]

def python(tf1):
    state = {"n": 0}

    def make():
        state["n"] += 1
        if state["n"] > 11:
            raise StopIteration
        return np.int64(state["n"])

    value = tf1.py_func(make, [], tf.int64)
    value.set_shape([])
    return tf1.train.batch([value * 10], 3, num_threads=2, allow_smaller_final_batch=True)

out["python"] = report(run(LEGACY, python), run(BRIDGE, python))
loaded["after a py_func producer"] = [m for m in RUNTIME if m in sys.modules]
out["loaded"] = loaded
print("RESULT " + json.dumps(out))
"""


def test_the_producer_runtime_loads_at_the_first_producer_and_no_data_changes(tmp_path):
    code = CHILD.replace("RUNTIME_NAMES", repr(RUNTIME)).replace("{DIR}", str(tmp_path))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tests")]),
           "TF_CPP_MIN_LOG_LEVEL": "3"}
    env.pop("TFDATA_BRIDGE_WORKERS", None)  # (threads: the runtime a file pipeline never needs)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=150,
                          cwd=str(tmp_path))
    lines = [line for line in done.stdout.splitlines() if line.startswith("RESULT ")]
    assert done.returncode == 0 and lines, done.stderr[-3000:]
    out = json.loads(lines[-1][len("RESULT "):])
    files, python, loaded = out["files"], out["python"], out["loaded"]
    # a file pipeline: legacy's records in legacy's order and batches, the short final batch kept
    assert files["ours"] == files["legacy"] and len(files["legacy"]) == 11
    assert files["same order"] and files["sizes"] == [[4, 4, 3], [4, 4, 3]]
    assert files["ends"] == ["OutOfRangeError", "OutOfRangeError"]
    # a py_func producer on two threads: each element once (legacy's multiset), legacy's end
    assert python["ours"] == python["legacy"] and len(python["legacy"]) == 11
    assert sorted(python["sizes"][1]) == sorted(python["sizes"][0])
    assert python["ends"][1] == python["ends"][0]
    # the runtime: not with the drop-in, not for a file pipeline; loaded by the producer that needed it
    assert loaded["after import"] == [] and loaded["after a file pipeline"] == []
    assert "tfdata_bridge._src.runtime.workers" in loaded["after a py_func producer"]
