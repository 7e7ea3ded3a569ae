"""A queue stage made by a helper in the shape of an "input utilities" wrapper (held-out round 68's truffle
finds): the helper takes the tensors (``tensors = list(tensors)`` first), works under ``with
tf.name_scope(name, values=tensors):``, computes ``dtypes = dtypes or [t.dtype ...]`` / ``shapes = shapes or
[...]``, hands its queue ``shared_name=shared_name`` (a parameter, None by default), registers ``runner =
QueueRunner(queue, [enqueue] * num_threads)`` and returns the dequeue. A call that leaves ``shared_name`` None
(by the default or ``shared_name=None``) shares nothing: the stage is ``shuffle(capacity, seed=)`` in the chain
(a FIFOQueue: no step); a call giving it a name is refused. A reader helper's list kept whole as ``row`` and
handed to such a stage is named element by element first (``returned_lists.py``), and a batch wrapper after the
stage is followed; a package's stage helper named ``shuffle`` goes once no call is left (a chain's ``.shuffle(n)``
is no call of it).

The programs of ``fixc6_programs/`` (the stage and a batch wrapper in the package ``fixc6_lib``; a FIFOQueue stage
of the module with ``from tensorflow.compat.v1 import train``; a RandomShuffleQueue stage of the module given
``shared_name=None``; a stage of the module given ``shared_name="pool"``, left) are migrated as one tree and run
against their originals."""

from __future__ import annotations

import os
import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_tree_allowing_refusals, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixc6_programs"
ORDER = {"fifo_stage_train_import"}


def _migrate(original: pathlib.Path, migrated: pathlib.Path) -> dict[str, tuple[str, str]]:
    """The tree migrated (refusals allowed): ``{relative path: (code, notes)}``."""
    return migrate_tree_allowing_refusals(PROGRAMS, original, migrated)


@pytest.mark.timeout(300)
def test_a_wrapper_made_queue_stage_becomes_a_step_of_the_chain(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    tree = _migrate(original, migrated)
    code, notes = tree["package_shuffle_stage.py"]
    assert ".shuffle(10, seed=6)" in code and "queues.shuffle(" not in code, code
    assert "queues.make_batch(dataset, batch_size=4)" in code and "start_queue_runners" not in code, code
    code, notes = tree[os.path.join("fixc6_lib", "queues.py")]  # (no call left: ``.shuffle(10)`` is none)
    assert "def shuffle(" not in code and "queue stage `shuffle` removed" in notes, (code, notes)
    code, notes = tree["fifo_stage_train_import.py"]
    assert "FIFOQueue(" not in code and "pass_through(" not in code and ".shuffle(" not in code, code
    code, notes = tree["same_module_shuffle_none.py"]
    assert ".shuffle(20, seed=11)" in code and "RandomShuffleQueue(" not in code, code
    code, notes = tree["shared_name_given.py"]
    assert "pool_stage(" in code and "RandomShuffleQueue(" in code and "tf.train.batch(" in code, code
    assert "which this call gives `\"pool\"`: the queue is shared with the other sessions of a server" in notes, \
        notes
    pairs = {p.stem: (p, migrated / p.name) for p in sorted(original.glob("*.py"))}
    assert len(pairs) == 4
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "order" if name in ORDER else "multiset", end=None)
