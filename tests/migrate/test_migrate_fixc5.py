"""A choice of batches whose arms do their own per-element work, one of them a ``py_func`` making several rows
of each element batched with ``enqueue_many=True`` (held-out round 67's whale calls: ``if build_windows:``
windows of each call, shuffled, ``else:`` the calls as they are). The source and the per-element code before the
``if`` become one dataset; each arm maps its own work over it, takes its rows apart (``unbatch()``) where it
enqueued many, and batches as its call did. A condition that is a tensor is refused with a note.

The programs of ``fixc5_programs/`` (arms ``batch`` / ``shuffle_batch``, ``if flag:`` and ``if not flag:``, a
package helper called with the flag True by one program and False by another, ``tensorflow.compat.v1`` imported
whole and by name) are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixc5_programs"


@pytest.mark.timeout(500)
def test_the_fixc5_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    for name in ("windows_flag.py", "pipeline.py"):
        text = code[name]
        assert "the condition chooses the batch" in " ".join(text.split()).replace("# ", ""), name
        assert text.count(".unbatch()") == 1 and text.count("make_one_shot_iterator") == 2, name
        assert text.index(".unbatch()") < text.index("else:"), name  # (only the py_func's arm takes rows apart)
    assert "if not plain:" in code["pipeline.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset")


TENSOR_FLAG = '''\
import tensorflow.compat.v1 as tf


def inputs(files, mode):
    queue = tf.train.string_input_producer(files, num_epochs=1)
    _, line = tf.TextLineReader().read(queue)
    a, b = tf.decode_csv(line, [[0.0], [0.0]])
    windows = tf.equal(mode, 1)
    if windows:
        w = tf.py_func(lambda x, y: [[x, y]], [a, b], tf.float32)
        rows = tf.train.shuffle_batch([w], batch_size=2, capacity=10, min_after_dequeue=2, enqueue_many=True)
    else:
        rows = tf.train.batch([a + b], batch_size=2)
    return rows
'''


def test_a_tensor_condition_is_refused():
    result = rewrite(TENSOR_FLAG, to="tfdata")
    said = " ".join(n.message for n in result.refused)
    assert "the condition `windows` reads `windows`, made by `tf.equal(mode, 1)`: a tensor, not a Python value" \
        in said, said
    assert "string_input_producer" in result.code
