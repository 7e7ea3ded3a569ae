"""A feeding class whose ``__init__`` also makes the queue's one dequeue (``self.batch =
self.queue.dequeue_many(n)``, ``self.item = self.queue.dequeue()``), read by the program through the instance:
the same class form as a dequeue in a method (``feed/class_init.py``, ``feed/klass.py``), the statement in
``__init__`` becoming the iterator's ``get_next()`` of the feeding method's dataset.

Variants: the dequeue in ``__init__`` vs in a method; the class in the program's module vs a package; one
thread (exact) vs two actor threads started in a loop with a closer thread (the several-threads rule: one
generator running each thread's loop in turn, compared as a multiset, each row once); ``dequeue_many`` vs a
plain ``dequeue()``; ``import tensorflow.compat.v1 as tf`` vs ``from tensorflow.compat.v1 import Session``."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r35i_programs"
SEVERAL = {"init_dequeue_two_actors_package"}  # two feeding threads: legacy's interleaving is a race


@pytest.mark.timeout(500)
def test_a_dequeue_made_in_init_delivers_what_legacy_delivers(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    assert "dequeue" not in code["fifo.py"] and "dequeue" not in code["single.py"], code
    assert "self.sample = list(tf.data.make_one_shot_iterator(" in code["fifo.py"], code["fifo.py"]
    assert "self.item = tf.data.make_one_shot_iterator(" in code["single.py"], code["single.py"]
    assert "self.batch = list(tf.data.make_one_shot_iterator(" in code["init_dequeue_many_one_thread.py"]
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 4
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert want["batches"], (name, want)
        assert_delivers_the_same(name, want, got, "multiset" if name in SEVERAL else "exact",
                                 end=None)  # (each program ends with its count of steps)
