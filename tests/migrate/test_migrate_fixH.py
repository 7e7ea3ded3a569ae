"""Whole arrays chosen by the arms of an `if` (or a conditional expression) before a `batch(enqueue_many=True)`
(round 55's cifar-like `inputs(eval_data, ...)`): the dataset slices whichever arrays the arm bound, read where
the batch read them, when every binding of the name is in-memory data.

The programs of ``fixH_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixH_programs"
COMPARE: dict[str, str] = {}
ENDS = {"branch_arrays_if_else": "steps: 9", "branch_arrays_ifexp": "steps: 9", "branch_arrays_package": "steps: 8"}


@pytest.mark.timeout(300)
def test_the_fixH_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == len(ENDS)
    assert "from_tensor_slices((data, labels))" in code["branch_arrays_if_else.py"], code["branch_arrays_if_else.py"]
    assert "from_tensor_slices((rows, labels))" in code["cifar_like.py"], code["cifar_like.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE.get(name, "order"), end=ENDS[name])


BRANCHES = '''\
import numpy as np
import tensorflow.compat.v1 as tf


def inputs(eval_data, table):
    if eval_data:
        data = {first}
    else:
        data = {second}
    batch = tf.train.batch([data], batch_size=2, enqueue_many=True)
    return batch
'''


@pytest.mark.parametrize("first, second", [
    ("np.arange(4)", "tf.random.uniform([4])"),  # (an arm binds a random op: another value at each run)
    ("np.arange(4)", "tf.Variable(np.arange(4))"),  # (a variable)
    ("table", "np.arange(4)"),  # (a parameter nothing in the module calls with data)
])
def test_an_arm_that_binds_no_in_memory_data_is_left(first, second):
    result = rewrite(BRANCHES.format(first=first, second=second), to="tfdata")
    assert result.refused, result.code


@pytest.mark.parametrize("source", [
    # (bound by a loop: no binding of its own to read)
    "import numpy as np\nimport tensorflow.compat.v1 as tf\n\n\ndef f(parts):\n    data = np.arange(4)\n"
    "    for data in parts:\n        pass\n    return tf.train.batch([data], batch_size=2, enqueue_many=True)\n",
    # (changed in place by ``+=``)
    "import numpy as np\nimport tensorflow.compat.v1 as tf\n\n\ndef f(flag):\n    data = np.arange(4)\n"
    "    if flag:\n        data += tf.ones([4], tf.int64)\n    return tf.train.batch([data], batch_size=2, enqueue_many=True)\n",
    # (a parameter bound again in one arm)
    "import numpy as np\nimport tensorflow.compat.v1 as tf\n\n\ndef f(data, flag):\n    if flag:\n"
    "        data = np.arange(4)\n    return tf.train.batch([data], batch_size=2, enqueue_many=True)\n",
])
def test_a_name_bound_other_than_by_plain_assignments_is_left(source):
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
