"""A join's lists filled by a loop whose body makes each list's own pipeline (its own `string_input_producer`,
its reader, read in the body or by a reader helper of this module or another): the body is lifted into a
function making one list's pipeline (``lifted_loops.py``), which ``join_lists.py`` rewrites into one dataset per
list, chosen in turn. Variants: a helper returning a list and a function called twice, an `enumerate` loop with
the reader in the body and `from tensorflow.compat.v1 import train`, a class method over its files with another
module's helper (an inline reader constructor).

A queue helper (``batch_helper.py``) whose queue is made in the arm of an `if` on a parameter that its default
takes (`if mode != "eval":`, `if shuffle:`), every caller leaving it so: the `if` goes with the queue (round 48's
dental `image_queue`). Variants: this module's helper with two callers, another module's called from a class.

The programs of ``hq_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "hq_programs"


@pytest.mark.timeout(500)
def test_the_hq_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 5
    assert all("choose_from_datasets" in code[p.name] for p in programs if "queue_branch" not in p.name), code
    assert "def parse_port(value):" in code["port_reader.py"]
    # (the queue helpers' `if` goes whole: the arm their parameter's default takes made the queue alone)
    assert "Queue(" not in code["queues.py"] and "if shuffle" not in code["queues.py"]
    assert "def batch_queue(dataset, batch_size, threads=2, mode=\"train\"):" in code["queue_branch_two_callers.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset", end=None)


LOOP = '''\
import tensorflow.compat.v1 as tf


def read_port(filename_queue):
    _, value = tf.TextLineReader().read(filename_queue)
    a, b = tf.decode_csv(value, record_defaults=[[""], [0]])
    return [a, b]


def inputs(files):
    example_list = []
    for f in files:
        q = tf.train.string_input_producer([f], num_epochs=1, shuffle=False)
        example_list.append(read_port(q))
    {after}return tf.train.batch_join(example_list, batch_size=2)
'''


@pytest.mark.parametrize("after", ["print(q.size())\n    ", "f = files[0]\n    "])
def test_a_body_whose_names_are_read_after_the_loop_is_not_lifted(after):
    """``q`` read after the loop is the last pass's queue; ``f`` bound again after it is no parameter's either
    way, but a binding outside the loop after it leaves the body where it is."""
    result = rewrite(LOOP.replace("{after}", after), to="tfdata")
    assert "tf.train.batch_join(" in result.code and "_example_list_pipeline" not in result.code


def test_a_caller_giving_the_queue_branch_another_value_leaves_the_helper():
    text = (PROGRAMS / "queue_branch_two_callers.py").read_text().replace('3, mode="train")', '3, mode="eval")')
    result = rewrite(text, to="tfdata")
    assert result.refused and "tf.FIFOQueue(" in result.code and "tf.RandomShuffleQueue(" in result.code
    assert "this call gives `mode` another value" in " ".join(n.message for n in result.refused)
