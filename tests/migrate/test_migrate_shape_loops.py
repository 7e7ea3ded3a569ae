"""A loop that gives each of the batched tensors its static shape over a literal tuple or list of them (held-out
round 7's ``py_func_sentinel_monitored``: ``for t in (a, b, label): t.set_shape([])``) goes into the per-element
function with them, as ``for t in tensors:`` already did. Before, only a loop over one name was recognised, so
the literal loop read ``a`` "outside the pipeline" and the rewrite was refused.

The loop's own variable moves with it: where it is read after the loop, the rewrite is refused (it was not
checked before, for either form of the loop).
"""

from __future__ import annotations

import pytest
from both_ways import assert_delivers_the_same, run_both_ways, write_pair

from tfdata_bridge.migrate import rewrite

# a zero-input py_func of an object's method, ended by StopIteration, shaped by a loop, batched in a helper;
# ``main`` reuses the names ``a, b, label`` in its own scope
PY_FUNC = '''\
import numpy as np
{imports}


class Counter(object):
    def __init__(self, n):
        self.n = n
        self.i = 0

    def next_example(self):
        if self.i >= self.n:
            raise StopIteration
        self.i += 1
        return np.float32(self.i) / 4, np.float32(-self.i), np.int32(self.i % 3)


def build_batch(counter, batch_size):
    a, b, label = {py_func}(counter.next_example, [], [tf.float32, tf.float32, tf.int32])
    for t in {loop}:
        t.set_shape([])
    return {batch}({tensors}, batch_size=batch_size, capacity=2 * batch_size{tail})


def main(data_dir):
    a_batch, b_batch, label_batch = build_batch(Counter(14), batch_size=4)
    batches, end = [], None
    with tf.Session() as sess:
        tf.train.start_queue_runners(sess=sess)
        try:
            while True:
                a, b, label = sess.run([a_batch, b_batch, label_batch])
                batches.append([a.tolist(), b.tolist(), label.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
    return {{"batches": batches, "end": end}}
'''

PY_FUNCS = {
    "v1_tuple": dict(imports="import tensorflow.compat.v1 as tf", py_func="tf.py_func", loop="(a, b, label)",
                     batch="tf.train.batch", tensors="[a, b, label]", tail=""),
    "train_import_list_keyword": dict(
        imports="import tensorflow.compat.v1 as tf\nfrom tensorflow.compat.v1 import train",
        py_func="tf.py_func", loop="[label, a, b]", batch="train.batch", tensors="tensors=[a, b, label]",
        tail=", allow_smaller_final_batch=True"),
    "python_imports": dict(
        imports="import tensorflow.compat.v1 as tf\nfrom tensorflow.python.ops.script_ops import py_func\n"
                "from tensorflow.python.training import input as tf_input",
        py_func="py_func", loop="(a, b, label)", batch="tf_input.batch", tensors="[a, b, label]",
        tail=", allow_smaller_final_batch=True"),
}

# a CSV reader's columns shaped by a loop over a list, the batch inline, the names reused at module level
CSV = '''\
import os

import tensorflow.compat.v1 as tf

x = y = label = None


def inputs(data_dir):
    queue = tf.train.string_input_producer([os.path.join(data_dir, "table-0.csv")], shuffle=False, num_epochs=1)
    _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
    x, y, label = tf.decode_csv(line, [[0.0], [0.0], [0]])
    y = y * 2.0
    for column in [x, y]:
        column.set_shape([])
    return tf.train.batch([x, y, label], batch_size=7, allow_smaller_final_batch=True)


def main(data_dir):
    xs, ys, labels = inputs(data_dir)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        tf.train.start_queue_runners(sess=sess)
        try:
            while True:
                batches.append([v.tolist() for v in sess.run([xs, ys, labels])])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
    return {"batches": batches, "end": end}
'''


def _programs() -> dict[str, str]:
    out = {f"py_func_{k}": PY_FUNC.format(**v) for k, v in PY_FUNCS.items()}
    out["csv_list_loop"] = CSV
    return out


@pytest.mark.parametrize("name", sorted(_programs()))
def test_a_shape_loop_over_a_literal_tuple_moves_into_the_element_function(name):
    result = rewrite(_programs()[name], to="tfdata")
    assert not result.refused, result.notes
    code = result.code
    assert "py_func(" not in code and "_input_producer(" not in code and ".batch(" in code
    assert "train.batch(" not in code and "tf_input.batch(" not in code
    loop = "for column in [x, y]:" if name.startswith("csv") else f"for t in {PY_FUNCS[name[8:]]['loop']}:"
    # the loop is in the per-element function, once, after the values it shapes are made
    assert code.count(loop) == 1
    element_fn = "def parse_record(" if name.startswith("csv") else "def make_element("
    assert code.index(element_fn) < code.index(loop) < code.index("dataset = (")


def _refused(source: str) -> list[str]:
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    return [n.message for n in result.refused]


@pytest.mark.parametrize("loop, batched", [("(a, b, label)", "[a, b, label]"), ("tensors", "tensors")])
def test_a_loop_variable_read_after_the_loop_keeps_the_pipeline(loop, batched):
    source = PY_FUNC.format(**{**PY_FUNCS["v1_tuple"], "loop": loop, "tensors": batched}).replace(
        "    for t in", ("    tensors = [a, b, label]\n" if loop == "tensors" else "") + "    for t in").replace(
        "    return tf.train.batch(", "    tf.add_to_collection('last', t)\n    return tf.train.batch(")
    # (a log line of it, ``print(t.shape)``, would move with the loop: ``loose_ends.py``)
    assert f"    for t in {loop}:\n        t.set_shape([])\n    tf.add_to_collection('last', t)\n" in source
    messages = _refused(source)
    assert any("`t` is also used outside the pipeline" in m for m in messages), messages


def test_a_loop_over_a_tensor_the_batch_does_not_take_keeps_the_pipeline():
    # ``other`` is not batched: the loop cannot move into the element function without it
    source = PY_FUNC.format(**PY_FUNCS["v1_tuple"]).replace(
        "    for t in (a, b, label):\n", "    other = tf.zeros([])\n    for t in (a, other):\n")
    messages = _refused(source)
    assert any("`a` is also used outside the pipeline" in m for m in messages), messages


@pytest.mark.timeout(400)
def test_the_migrated_programs_deliver_what_their_originals_deliver(tmp_path):
    pairs = {name: write_pair(tmp_path, name, text, rewrite(text, to="tfdata").code)
             for name, text in _programs().items()}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data", timeout=380).items():
        assert_delivers_the_same(name, want, got, "exact")  # one producer thread, no shuffle: legacy's order
