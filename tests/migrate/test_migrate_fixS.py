"""The train/validation switch of a queue (``QueueBase.from_list(index, [producer, ...])``): each producer becomes
a dataset with its own iterator, made where the one dequeue was (``dequeue_many(n)``: ``batch(n,
drop_remainder=True)``; ``dequeue_up_to(n)``: ``batch(n)``; ``dequeue()``: the element), and the selected one's
``get_next`` runs at each run (``switch_case``), so each source keeps its own position as legacy's producers did.

The programs of ``fixS_programs/`` (a bool ``tf.cond`` index, an int placeholder over three producers, the dequeue
in a helper of another module, a computed index; ``import tensorflow as tf``, ``import tensorflow.compat.v1 as tf``,
``from tensorflow.compat.v1 import train``) are migrated as one tree and run against their originals, each feeding a
fixed sequence of selections. A switched queue off that form is left, its reason said."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixS_programs"
ENDS = {"bool_cond_files": "bouts: 18", "int_placeholder_three": "OutOfRangeError",
        "helper_package": "OutOfRangeError", "imported_train_cast_index": "read 7"}


@pytest.mark.timeout(300)
def test_the_fixS_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 4
    assert all("switch_case(" in code[p.name] for p in programs if p.stem != "helper_package")
    assert "switch_case(" in code["reading.py"] and "dequeue" not in code["reading.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "order", end=ENDS[name])


LEFT = '''\
import tensorflow.compat.v1 as tf


def take(queue):
    return queue.dequeue()


def main():
    a = tf.train.string_input_producer(["a", "b"], shuffle=False)
    b = tf.train.string_input_producer(["c"], shuffle=False)
    which = tf.placeholder(tf.int32, [])
    q = tf.QueueBase.from_list(which, [a, b])
    {use}
'''


@pytest.mark.parametrize("use, why", [
    ("x = q.dequeue()\n    n = q.size()", "used by other than one"),
    ("xs = [q.dequeue() for _ in range(2)]", "in a loop"),
    ("x = q.dequeue()\n    y = a.dequeue()", "read only by it"),
    ("q.enqueue(['d'])\n    x = q.dequeue()", "other than"),
    ("x = q.dequeue(name='picked')", "named"),
    ("x = take(q)\n    y = take(q)", "called once"),
    ("x = take(q)\n    y = take(a)", "read only by it"),
])
def test_a_switched_queue_off_the_form_is_left_with_its_reason(use, why):
    result = rewrite(LEFT.format(use=use), to="tfdata")
    assert "switch_case" not in result.code and "from_list" in result.code
    said = " ".join(n.message for n in result.notes)
    assert "becomes one iterator per dataset" in said and why in said, said


def test_a_switched_queue_over_hand_built_queues_is_left():
    source = LEFT.replace('tf.train.string_input_producer(["c"], shuffle=False)',
                          "tf.FIFOQueue(4, [tf.string], shapes=[[]])").format(use="x = q.dequeue()")
    result = rewrite(source, to="tfdata")
    assert "switch_case" not in result.code
    assert "`b` is not an input producer" in " ".join(n.message for n in result.notes)
