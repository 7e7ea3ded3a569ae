"""Held-out round 26's left forms: a batch of a list built by a comprehension over a dict's sorted keys, the keys
read again after the batch to rebuild the dict (``dict(zip(keys, batched))``).

- the keys (``sorted(features)``, ``list(parsed.keys())``, their ``len``) are Python values of the graph's
  structure: the element function keeps the value its trace made, and the name is bound to it after the dataset
  is built (``traced_names.py``); a name bound to tensors, or read before the batch, is still refused;
- ``shapes=`` for a list comprehension pairs each tensor with its shape (``queue_shapes.py``), and the batch
  comes back as a list, as legacy's did.

The programs of ``r26c_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

import shutil

from both_ways import assert_delivers_the_same, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r26c_programs"


@pytest.mark.timeout(500)
def test_the_r26c_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = _migrate_tree(original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 3
    assert "keys = parse_record.keys" in code["r26c_lib/dialog_reader.py"], code["r26c_lib/dialog_reader.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end=None)


def _migrate_tree(original: pathlib.Path, migrated: pathlib.Path) -> dict[str, str]:
    """``migrate_folder``, with the scan of the whole migrated tree (as ``scan`` of a folder does): a
    ``MonitoredSession`` whose pipeline is in another module has nothing left to start, not a legacy use."""
    from tfdata_bridge._src.migrate.scanner import scan_paths
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    shutil.copytree(PROGRAMS, original, ignore=shutil.ignore_patterns("__pycache__"))
    sources = {str(p): p.read_text() for p in sorted(original.rglob("*.py"))}
    code = {}
    for path, result in rewrite_tree(sources, root=str(original)).items():
        assert not result.refused, (path, result.notes)
        assert "tfdata_bridge" not in result.code, path
        out = migrated / pathlib.Path(path).relative_to(original)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(result.code)
        code[str(out.relative_to(migrated))] = result.code
    report = scan_paths([str(migrated)])
    assert report.findings == () and report.errors == (), report
    return code


def _said(source: str) -> str:
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    return " ".join(n.message for n in result.notes)


READ = '''\
import tensorflow.compat.v1 as tf


def decode(line):
    cols = tf.decode_csv(line, [[0], [0.0]])
    return {{"a": cols[0], "b": cols[1]}}


def inputs(path):
    files = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(files)
    fields = decode(line)
{body}'''


def test_the_sorted_keys_read_after_the_batch_are_kept_from_the_trace():
    code = rewrite(READ.format(body="    keys = sorted(fields)\n"
                                    "    batched = tf.train.batch([fields[k] for k in keys], 4)\n"
                                    "    return dict(zip(keys, batched))\n"), to="tfdata")
    assert not code.refused, code.notes
    assert "parse_record.keys = keys" in code.code and "    keys = parse_record.keys\n" in code.code, code.code


def test_a_name_bound_to_tensors_and_read_after_the_batch_is_still_refused():
    said = _said(READ.format(body="    items = [fields[k] for k in sorted(fields)]\n"
                                  "    batched = tf.train.batch(items, 4)\n"
                                  "    return batched, items\n"))
    assert "`items` is also used outside the pipeline" in said, said


def test_keys_of_a_list_of_tensors_are_still_refused():
    said = _said(READ.format(body="    pair = [fields['a']]\n"
                                  "    keys = sorted(pair)\n"
                                  "    batched = tf.train.batch(keys, 4)\n"
                                  "    return batched, keys\n"))
    assert "`keys` is also used outside the pipeline" in said, said


def test_keys_read_before_the_batch_are_still_refused():
    said = _said(READ.format(body="    keys = sorted(fields)\n"
                                  "    count = len(keys)\n"
                                  "    batched = tf.train.batch([fields[k] for k in keys], 4)\n"
                                  "    return batched, count\n"))
    assert "`keys` is also used outside the pipeline" in said, said


PUSHED = '''\
import tensorflow as tf

v1 = tf.compat.v1


class TrajectoryQueue(object):
    def __init__(self, size, batch_size):
        self.state = v1.placeholder(tf.int32, shape=[size])
        self.reward = v1.placeholder(tf.float32, shape=[size])
        self.queue = v1.FIFOQueue(8, [tf.int32, tf.float32], shapes=[[size], [size]])
        self.enqueue_op = self.queue.enqueue([self.state, self.reward])
        self.close_op = self.queue.close()
        self.batch_size = batch_size
        self.batch = self.sample()

    def append(self, sess, trajectory):
        sess.run(self.enqueue_op, feed_dict={self.state: trajectory[0], self.reward: trajectory[1]})

    def sample(self):
        return self.queue.dequeue_many(self.batch_size)
'''


def test_a_feeding_method_called_per_element_from_another_module_is_left_saying_so():
    """(round 26's A3C trajectory queue: ``append`` runs the enqueue once per call; the actor threads that call it
    in a loop, and the closer thread that runs ``close_op``, are in another module)"""
    said = _said(PUSHED)
    assert "`TrajectoryQueue.append` feeds the queue but is neither called nor made a thread's target in this " \
           "module" in said, said
    assert "It runs the enqueue once per call, on what it is given (`trajectory`)" in said, said


def test_a_key_list_that_may_take_a_tensor_is_still_refused():
    said = _said(READ.format(body="    keys = sorted(fields)\n"
                                  "    keys.append(fields['a'])\n"
                                  "    batched = tf.train.batch([fields[k] for k in keys[:2]], 4)\n"
                                  "    return batched, keys\n"))
    assert "`keys` is also used outside the pipeline" in said, said


def test_names_made_of_the_keys_are_kept_too():
    code = rewrite(READ.format(body="    names = tuple(sorted(fields.keys()))\n"
                                    "    order = list(names)\n"
                                    "    batched = tf.train.batch([fields[k] for k in order], 4)\n"
                                    "    return {k: batched[i] for i, k in enumerate(order)}, len(names)\n"),
                   to="tfdata")
    assert not code.refused, code.notes
    assert "    order = parse_record.order\n" in code.code and "    names = parse_record.names\n" in code.code, \
        code.code
