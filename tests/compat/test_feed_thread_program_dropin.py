"""The feed-thread program through the drop-in: the seed's program, with only its import line changed, run once
under ``tensorflow.compat.v1`` and once under ``tfdata_bridge.compat.v1`` (a subprocess each, so each
has its own graph and eager state), delivers the same batches to the training loop.

The program is the seed's snippet with what it leaves open filled in (file names, ``BATCH_SIZE``,
``TRAINING_EPOCHS``, ``tf.disable_v2_behavior()`` that TF1 code needs on TensorFlow 2, and a
``train_op`` that hands the batches to the loop so the test can see them) and its two bugs fixed:
``if not feature_array`` on an array, and the label read from the feature file.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest

ELEMENTS = 32 * 10 + 5  # ten batches, and a tail of five that stays in the queue

SEED_PROGRAM = '''
IMPORT_LINE
tf.disable_v2_behavior()
import json, sys, threading
import numpy

BATCH_SIZE = 32
TRAINING_EPOCHS = 10
FEATURE_PATH, LABEL_PATH = sys.argv[1], sys.argv[2]

# Features are length-100 vectors of floats
feature_input = tf.placeholder(tf.float32, shape=[100])
# Labels are scalar integers.
label_input = tf.placeholder(tf.int32, shape=[])

q = tf.FIFOQueue(100, [tf.float32, tf.int32], shapes=[[100], []])
enqueue_op = q.enqueue([feature_input, label_input])

feature_batch, label_batch = q.dequeue_many(BATCH_SIZE)
# Build rest of model taking label_batch, feature_batch as input.
train_op = {"features": feature_batch, "labels": label_batch, "mean": tf.reduce_mean(feature_batch)}

sess = tf.Session()

def load_and_enqueue():
  with open(FEATURE_PATH, "rb") as feature_file, open(LABEL_PATH, "rb") as label_file:
    while True:
      feature_array = numpy.fromfile(feature_file, numpy.float32, 100)
      if feature_array.size == 0:
        return
      label_value = numpy.fromfile(label_file, numpy.int32, 1)[0]

      sess.run(enqueue_op, feed_dict={feature_input: feature_array,
                                      label_input: label_value})

# Start a thread to enqueue data asynchronously, and hide I/O latency.
t = threading.Thread(target=load_and_enqueue)
t.start()

received = []
for _ in range(TRAINING_EPOCHS):
  received.append(sess.run(train_op))

# --- not the seed's: report what the training loop received
t.join(60)
print(json.dumps({
    "thread_done": not t.is_alive(),
    "left_in_queue": int(sess.run(q.size())),
    "queue_class": type(q).__module__ + "." + type(q).__name__,
    "through_tfdata": "DatasetToSingleElement" in {op.type for op in tf.get_default_graph().get_operations()},
    "static": [[feature_batch.shape.as_list(), feature_batch.dtype.name],
               [label_batch.shape.as_list(), label_batch.dtype.name]],
    "batches": [{"features": r["features"].tolist(), "labels": r["labels"].tolist(),
                 "dtypes": [r["features"].dtype.name, r["labels"].dtype.name],
                 "mean": float(r["mean"])} for r in received],
}))
'''

IMPORT_LINES = {
    "legacy": "import tensorflow.compat.v1 as tf",
    "bridge": "import tfdata_bridge.compat.v1 as tf",
}


@pytest.fixture(scope="module")
def data_files(tmp_path_factory):
    directory = tmp_path_factory.mktemp("seed1")
    rng = np.random.default_rng(1)
    features = rng.standard_normal((ELEMENTS, 100)).astype(np.float32)
    labels = rng.integers(0, 10, size=ELEMENTS, dtype=np.int32)
    features.tofile(directory / "features.bin")
    labels.tofile(directory / "labels.bin")
    return directory / "features.bin", directory / "labels.bin", features, labels


def run_seed(variant: str, feature_path, label_path, tmp_path) -> tuple[dict, str]:
    program = tmp_path / f"seed1_{variant}.py"
    program.write_text(SEED_PROGRAM.replace("IMPORT_LINE", IMPORT_LINES[variant]))
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="2")
    done = subprocess.run([sys.executable, str(program), str(feature_path), str(label_path)],
                          capture_output=True, text=True, timeout=100, env=env)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1]), done.stderr


@pytest.fixture(scope="module")
def runs(data_files, tmp_path_factory):
    feature_path, label_path, _, _ = data_files
    tmp_path = tmp_path_factory.mktemp("programs")
    return {variant: run_seed(variant, feature_path, label_path, tmp_path) for variant in IMPORT_LINES}


def test_the_programs_differ_only_in_the_import_line():
    legacy, bridge = (SEED_PROGRAM.replace("IMPORT_LINE", line).splitlines() for line in IMPORT_LINES.values())
    assert [(a, b) for a, b in zip(legacy, bridge) if a != b] == [(IMPORT_LINES["legacy"], IMPORT_LINES["bridge"])]


def test_the_training_loop_receives_the_same_batches(runs):
    legacy, bridge = runs["legacy"][0], runs["bridge"][0]
    assert bridge["batches"] == legacy["batches"]
    assert bridge["static"] == legacy["static"] == [[[32, 100], "float32"], [[32], "int32"]]
    assert bridge["left_in_queue"] == legacy["left_in_queue"] == 5
    assert bridge["thread_done"] and legacy["thread_done"]


def test_the_batches_are_the_files_in_order(runs, data_files):
    _, _, features, labels = data_files
    batches = runs["bridge"][0]["batches"]
    assert len(batches) == 10
    assert [x for b in batches for x in b["labels"]] == labels[:320].tolist()
    np.testing.assert_array_equal(np.array([b["features"] for b in batches], np.float32).reshape(320, 100),
                                  features[:320])
    assert all(b["dtypes"] == ["float32", "int32"] for b in batches)


def test_the_bridge_run_used_the_bridge_queue_and_its_kernels_own_dequeue_and_said_so(runs):
    (legacy, _), (bridge, stderr) = runs["legacy"], runs["bridge"]
    assert legacy["queue_class"] == "tensorflow.python.ops.data_flow_ops.FIFOQueue"
    assert not legacy["through_tfdata"]
    assert bridge["queue_class"] == "tfdata_bridge._src.compat.graph_queues.FIFOQueue"
    assert not bridge["through_tfdata"]  # an unlifted dequeue_many is legacy's op, at legacy's cost
    assert stderr.count("CompiledToTfDataWarning") == 1
