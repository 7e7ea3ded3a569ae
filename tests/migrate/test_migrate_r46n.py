"""Held-out rounds 46/47's input pipelines split across sibling graph-scope blocks of one function: the file
queue in one ``with tf.name_scope(...)``, the reader and decode in another, the batch in a third (or a
``variable_scope`` / ``tf.device("/cpu:0")`` block, nested or not). The blocks that lead to the batch are tried
as one block (``scoped_batch.py``), the trial kept only where every batch they lead to is rewritten; a block
whose scope name is read, that makes a variable, or holds more after the batch, keeps the pipeline as it was.

The programs of ``r46n_programs/`` (two and four blocks, a device with a nested variable scope, ``from
tensorflow.compat.v1 import train``, the function in a package with two callers, a class's batch block with
the reader outside) are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r46n_programs"
SHUFFLED = {"four_blocks_shuffle"}


@pytest.mark.timeout(300)
def test_the_r46n_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    assert not [n for n, c in code.items() if "_scope(" in c or "tf.device(" in c], code
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 5
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset" if name in SHUFFLED else "exact")


_SOURCE = '''\
import tensorflow.compat.v1 as tf


def inputs(paths):
    with tf.name_scope("input"):
        queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
        _, line = tf.TextLineReader().read(queue)
{batch}
        a, b = tf.decode_csv(line, [[0.0], [0]])
{extra}
        return tf.train.batch([a, b], 4)
'''

LEFT = {
    "the_scope_name_read": ('    with tf.name_scope("batch") as scope:', "        tf.add_to_collection('s', scope)"),
    "a_variable_made_inside": ('    with tf.variable_scope("batch"):',
                               "        a = a * tf.get_variable('w', [], initializer=tf.ones_initializer())"),
    "a_gpu_placement": ('    with tf.device("/gpu:0"):', ""),
    "a_summary_inside": ('    with tf.name_scope("batch"):', "        tf.summary.scalar('a', a)"),
}


@pytest.mark.parametrize("case", sorted(LEFT))
def test_sibling_blocks_that_mean_more_than_op_names_are_left(case):
    batch, extra = LEFT[case]
    source = _SOURCE.format(batch=batch, extra=extra)
    result = rewrite(source, to="tfdata")
    assert result.code == source
    assert result.refused


def test_an_unread_scope_name_goes_with_its_block():
    result = rewrite(_SOURCE.format(batch='    with tf.name_scope("batch") as scope:', extra=""), to="tfdata")
    assert not result.refused, result.refused
    assert "name_scope" not in result.code and "TextLineDataset" in result.code
