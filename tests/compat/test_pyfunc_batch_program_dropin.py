"""The `py_func` + `train.batch` program through the drop-in: its programs, with only the import line
changed, run under ``tensorflow.compat.v1`` and under ``tfdata_bridge.compat.v1``, each in a
subprocess with the default graph and graph mode (the programs are TensorFlow 1.x code), and deliver
the same shapes, dtypes and values.

The harness adds to each program only what the answer leaves to the reader (creating the session and
starting the runners for the minimal example, which the answer says to do) and one line that records
each ``sess.run`` result. The numpy RNG is seeded; values are compared as multisets, since the legacy
program produces on a runner thread.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

# "Минимальный пример" of fetching data: a py_func run directly by sess.run.
FETCH = '''
def get_numpy_tensors():
  # Load data from the disk into numpy arrays.
  input = np.array([[1,2],[3,4]], dtype=np.float32)
  target = np.int32(1)
  return input, target
tensorflow_input, tensorflow_target = tf.py_func(get_numpy_tensors, [], [tf.float32, tf.int32])

tensorflow_input, tensorflow_target = 2*tensorflow_input, 2*tensorflow_target

sess = tf.InteractiveSession()
numpy_input, numpy_target = sess.run([tensorflow_input, tensorflow_target])
assert np.all(numpy_input==np.array([[2,4],[6,8]])) and numpy_target==2
RECORD.append([numpy_input, numpy_target])
'''

# The minimal prefetching example: a py_func of a constant, batched by 32 (both ways the answer gives).
MINIMAL = '''
def get_numpy_tensor():
  return np.array([[1,2],[3,4]], dtype=np.float32)
tensorflow_tensor = tf.py_func(get_numpy_tensor, [], tf.float32)

tensor_shape = get_numpy_tensor().shape
tensorflow_tensors = tf.train.batch([tensorflow_tensor], batch_size=32, shapes=[tensor_shape])
# Run `tf.train.start_queue_runners()` once session is created.

tensor_shape = get_numpy_tensor().shape
tensorflow_tensor.set_shape(tensor_shape)
tensorflow_tensors_2 = tf.train.batch([tensorflow_tensor], batch_size=32)
# Run `tf.train.start_queue_runners()` once session is created.

sess = tf.InteractiveSession()
tf.train.start_queue_runners()
RECORD.append(sess.run([tensorflow_tensors, tensorflow_tensors_2]))
'''

# "Более сложный пример", verbatim.
COMPLEX = '''
input_shape, target_shape = (2, 2), ()
def get_numpy_tensors():
  input = np.random.rand(*input_shape).astype(np.float32)
  target = np.random.randint(10, dtype=np.int32)
  print('f', end='')
  return input, target
tensorflow_input, tensorflow_target = tf.py_func(get_numpy_tensors, [], [tf.float32, tf.int32])
batch_size = 2
tensorflow_inputs, tensorflow_targets = tf.train.batch([tensorflow_input, tensorflow_target], batch_size, shapes=[input_shape, target_shape], capacity=2)
# Internal queue will contain at most `capasity=2` times `batch_size=2` elements `[tensorflow_input, tensorflow_target]`.

tensorflow_inputs, tensorflow_targets = 2*tensorflow_inputs, 2*tensorflow_targets

sess = tf.InteractiveSession()
tf.train.start_queue_runners() # Internally, `tf.train.batch` uses a QueueRunner, so we need to ask tf to start it.
for _ in range(10):
  numpy_inputs, numpy_targets = sess.run([tensorflow_inputs, tensorflow_targets])
  RECORD.append([numpy_inputs, numpy_targets])
  assert numpy_inputs.shape==(batch_size, *input_shape) and numpy_targets.shape==(batch_size, *target_shape)
  print('r', end='')
'''

PROGRAMS = {"fetch": FETCH, "minimal": MINIMAL, "complex": COMPLEX}

HARNESS = textwrap.dedent('''
    import json, sys
    import numpy as np
    import tensorflow
    tensorflow.compat.v1.disable_eager_execution()  # the programs are TensorFlow 1.x graph-mode code
    module, programs = sys.argv[1], json.loads(sys.argv[2])
    results = {}
    for name, source in programs.items():
        np.random.seed(0)
        namespace = {"RECORD": [], "np": np}
        exec("import numpy as np\\nimport %s as tf\\n" % module + source, namespace)
        runs = namespace["RECORD"]
        results[name] = {
            "shapes": [[list(np.shape(v)) for v in r] for r in runs],
            "dtypes": [[str(np.asarray(v).dtype) for v in r] for r in runs],
            "values": [[np.asarray(v).tolist() for v in r] for r in runs],
            "static": [str(t.shape) for t in [namespace.get(n) for n in ("tensorflow_tensors",
                       "tensorflow_inputs", "tensorflow_targets")] if t is not None],
        }
        namespace["sess"].close()
        tensorflow.compat.v1.reset_default_graph()
    print("\\nRESULTS " + json.dumps(results))
''')


def run_programs(module: str) -> subprocess.Popen:
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="2", PYTHONWARNINGS="ignore")
    return subprocess.Popen([sys.executable, "-c", HARNESS, module, json.dumps(PROGRAMS)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


@pytest.fixture(scope="module")
def results():
    procs = {m: run_programs(m) for m in ("tensorflow.compat.v1", "tfdata_bridge.compat.v1")}
    out = {}
    for module, proc in procs.items():
        stdout, stderr = proc.communicate(timeout=100)
        assert proc.returncode == 0, f"{module} failed:\n{stderr[-3000:]}"
        out[module] = json.loads(stdout.rsplit("RESULTS ", 1)[1]), stdout
    return out["tensorflow.compat.v1"], out["tfdata_bridge.compat.v1"]


def multiset(values):
    """Each batch's elements as (component values) tuples, sorted."""
    elements = []
    for batch in values:
        for i in range(len(batch[0])):
            elements.append(json.dumps([component[i] for component in batch]))
    return sorted(elements)


@pytest.mark.parametrize("program", sorted(PROGRAMS))
def test_the_program_delivers_legacys_shapes_and_dtypes(results, program):
    (legacy, _), (ours, _) = results
    for key in ("shapes", "dtypes", "static"):
        assert ours[program][key] == legacy[program][key], key


def test_the_fetch_and_minimal_programs_deliver_legacys_values(results):
    (legacy, _), (ours, _) = results
    for program in ("fetch", "minimal"):
        assert ours[program]["values"] == legacy[program]["values"]
    assert np.array(ours["minimal"]["values"]).shape == (1, 2, 32, 2, 2)


def test_the_complex_program_delivers_legacys_elements(results):
    (legacy, legacy_out), (ours, ours_out) = results
    assert ours["complex"]["static"] == ["(2, 2, 2)", "(2,)"]
    assert multiset(ours["complex"]["values"]) == multiset(legacy["complex"]["values"])
    # Production overlaps consumption: 'f' (produced) interleaves with 'r' (consumed) in the printout.
    printout = ours_out.rsplit("RESULTS ", 1)[0].strip().splitlines()[-1]
    assert printout.count("r") == 10 and printout.count("f") >= 20 and "rf" in printout
