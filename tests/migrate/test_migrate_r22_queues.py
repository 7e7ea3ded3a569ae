"""Held-out round 22's hand-built queue stages (issue 17): a helper that runs the pipeline's tensors through its own
`RandomShuffleQueue` or `FIFOQueue` (enqueue of its parameter, `QueueRunner`, the dequeue returned; Magenta's
`_shuffle_inputs`) is a stage of the chain: `shuffle(capacity)` for a shuffle queue, nothing for a FIFOQueue, kept
under the program's `if flag:` where the call was, and `train.batch(dynamic_pad=True)` after it is `padded_batch`.
The helper goes once nothing calls it (in its module, or in another module of the tree).

The programs of ``r22q_programs/`` (the stage in the same module under `if shuffle:` with the thread checks and a
log line, in another module called through it with its default capacity, imported by name and called straight
with new names, a FIFOQueue stage method under `if self.prefetch:`; padded and plain batches) are migrated as one
tree and run against their originals: as multisets where a shuffle queue mixed them, exactly where none did."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r22q_programs"
SHUFFLED = {"same_module_flag_pad", "other_module_flag_on", "straight_by_name_new_names"}


@pytest.mark.timeout(500)
def test_the_r22_queue_stage_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 5
    assert all("Queue(" not in c and "QueueRunner(" not in c for c in code.values()), code
    assert "if shuffle:\n        dataset = dataset.shuffle(stages.CAPACITY)" in code["inputs.py"], code["inputs.py"]
    assert ".padded_batch(" in code["inputs.py"] and ".padded_batch(" in code["same_module_flag_pad.py"]
    assert "def _shuffle_inputs(" not in code["same_module_flag_pad.py"]
    assert "def shuffle_stage(" not in code["stages.py"] and "def fifo_stage(" not in code["stages.py"]
    assert "def _prefetch_stage(" not in code["method_fifo_shapes_flag.py"]  # (a FIFOQueue: no step, no `if`)
    assert "    if self.prefetch:" not in code["method_fifo_shapes_flag.py"]
    assert ".shuffle(40)" in code["straight_by_name_new_names.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset" if name in SHUFFLED else "exact")


STAGE = '''\
import tensorflow.compat.v1 as tf


def stage(tensors, capacity=32):
    queue = tf.RandomShuffleQueue(capacity, 4, [t.dtype for t in tensors])
    op = queue.enqueue(tensors)
{runner}
    return queue.dequeue()


def inputs(files, shuffle):
    _, line = tf.TextLineReader().read(tf.train.string_input_producer(files, num_epochs=1, shuffle=False))
    tensors = {made}
{use}
    return tf.train.batch(tensors, 4)
'''
RUNNER = "    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [op] * 2))"
PAIR = "[line, tf.strings.length(line)]"


def _said(result) -> str:
    return " ".join(n.message for n in result.notes)


@pytest.mark.parametrize("use", ["    if shuffle:\n        tensors = stage(tensors)",
                                 "    tensors = stage(tensors, capacity=8)"])
def test_a_shuffle_stage_becomes_a_shuffle_step(use):
    result = rewrite(STAGE.format(runner=RUNNER, made=PAIR, use=use), to="tfdata")
    assert not result.refused, result.notes
    assert "RandomShuffleQueue(" not in result.code and "def stage(" not in result.code
    step = ".shuffle(32)" if "if" in use else ".shuffle(8)"
    assert step in result.code, result.code
    assert ("if shuffle:" in result.code) == ("if" in use)
    assert "min_after_dequeue=4 is no floor" in _said(result)


@pytest.mark.parametrize("runner, made, use, why", [
    (RUNNER, "[line]", "    if shuffle:\n        tensors = stage(tensors)",
     "is given `tensors`, not a list of two or more tensors"),
    (RUNNER, PAIR, "    if shuffle:\n        tensors = stage(tensors)\n    else:\n        tensors = tensors[::-1]",
     "under the `if` at line 14 has an `else`"),
    (RUNNER, PAIR, "    if shuffle:\n        shuffled = stage(tensors)", "`tensors` is also used outside the pipeline (line 15)"),
    ("    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [op, op]))\n    tf.summary.scalar('n', queue.size())",
     PAIR, "    tensors = stage(tensors)", "uses its queue `queue` at line 8"),
    (RUNNER, PAIR, "    tensors = stage(tensors)\n    capacity = 3", None),
])
def test_a_stage_off_the_pattern_is_left_saying_why(runner, made, use, why):
    result = rewrite(STAGE.format(runner=runner, made=made, use=use), to="tfdata")
    said = _said(result)
    if why is None:  # (a name of the caller's own, not the helper's capacity: no obstacle)
        assert not result.refused, said
        return
    assert result.refused and why in said, said
    assert "RandomShuffleQueue(capacity" in result.code or "RandomShuffleQueue(32" in result.code


def test_a_stage_whose_capacity_changes_before_the_batch_is_left():
    source = STAGE.format(runner=RUNNER, made=PAIR, use="    cap = 16\n    tensors = stage(tensors, cap)\n    cap = 2")
    said = _said(rewrite(source, to="tfdata"))
    assert "reads `cap`, which gets a new value at line 16" in said, said


def test_a_stage_called_by_two_pipelines_goes_once_both_are_rewritten():
    source = STAGE.format(runner=RUNNER, made=PAIR, use="    tensors = stage(tensors)") + '''

def more(files):
    _, line = tf.TextLineReader().read(tf.train.string_input_producer(files, num_epochs=1, shuffle=False))
    return tf.train.batch(stage([line, line]), 2)
'''
    result = rewrite(source, to="tfdata")
    assert not result.refused, _said(result)
    assert "def stage(" not in result.code and result.code.count(".shuffle(32)") == 2, result.code
    assert "queue stage `stage` removed" in _said(result)


def test_a_stage_also_called_where_no_pipeline_is_rewritten_stays():
    source = STAGE.format(runner=RUNNER, made=PAIR, use="    tensors = stage(tensors)") + \
        "\n\ndef elsewhere(tensors):\n    return stage(tensors)\n"
    result = rewrite(source, to="tfdata")
    assert "def stage(" in result.code and ".shuffle(32)" in result.code
    assert "(called at lines 14, 19)" in _said(result), _said(result)


def test_a_stage_whose_capacity_the_per_element_code_makes_is_left():
    source = STAGE.format(runner=RUNNER, made=PAIR, use="    tensors = stage(tensors, tf.strings.length(tensors[0]))")
    said = _said(rewrite(source, to="tfdata"))
    assert "the queue stage `stage` reads `tensors`, which the per-element code moving into the map function" in said, \
        said


def test_a_log_line_of_the_batched_tensors_moves_into_the_map_function():
    source = STAGE.format(runner=RUNNER, made=PAIR, use="    tf.logging.info('tensors: %s', tensors)")
    result = rewrite("import tensorflow.compat.v1 as tf\n\n" + source.split("\n\n\n", 2)[2], to="tfdata")
    assert not result.refused, _said(result)
    body = result.code.split("def parse_record(")[1].split("return")[0]
    assert "tf.logging.info('tensors: %s', tensors)" in body, result.code


METHOD = '''\
import tensorflow.compat.v1 as tf


class Inputs(object):
    def __init__(self, files, training):
        self.files = files
        self.training = training

{decorator}    def _mix({first}tensors, capacity=50):
        queue = tf.RandomShuffleQueue(capacity, 10, dtypes=[t.dtype for t in tensors], seed=3)
        op = queue.enqueue(tensors)
        tf.train.add_queue_runner(tf.train.QueueRunner(queue, [op] * 3))
        return queue.dequeue()

    def batches(self):
        _, line = tf.TextLineReader().read(tf.train.string_input_producer(self.files, num_epochs=1))
        pair = [line, tf.strings.length(line)]
        if self.training:
            pair = self._mix(pair, capacity=20)
        return tf.train.batch(pair, 4, num_threads=2)
'''


@pytest.mark.parametrize("decorator, first", [("", "self, "), ("    @staticmethod\n", "")])
def test_a_shuffle_stage_method_under_a_flag_goes_from_its_class(decorator, first):
    result = rewrite(METHOD.format(decorator=decorator, first=first), to="tfdata")
    assert not result.refused, _said(result)
    assert "if self.training:\n            dataset = dataset.shuffle(20, seed=3)" in result.code, result.code
    assert "def _mix(" not in result.code and "RandomShuffleQueue(" not in result.code


def test_a_stage_before_a_batch_helper_is_a_step_of_the_dataset_it_is_given():
    source = STAGE.format(runner=RUNNER, made=PAIR, use="    if shuffle:\n        tensors = stage(tensors)").replace(
        "    return tf.train.batch(tensors, 4)", "    return batch_it(tensors, 4)") + \
        "\n\ndef batch_it(ts, n):\n    return tf.train.batch(ts, n, dynamic_pad=True)\n"
    result = rewrite(source, to="tfdata")
    assert not result.refused, _said(result)
    assert "if shuffle:\n        dataset = dataset.shuffle(32)\n    return batch_it(dataset, 4)" in result.code, \
        result.code
    assert "def stage(" not in result.code and ".padded_batch(n, drop_remainder=True)" in result.code
