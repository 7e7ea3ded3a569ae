"""Held-out round 49's PhysioNet-style form, and its variants: a parse helper returns its tensors as a tuple (or a
list) bound to a name, which its caller unpacks into the tensors it enqueues into a `PaddingFIFOQueue` run by a
`QueueRunner` and read by `dequeue_many` (`padded_batch(n, drop_remainder=True)` over the elements). One reader
thread of one file: the batches compare as they came.

- `tuple_name_package`: the helper in another module (`r49p_lib/parse.py`), called through its module, returns
  `parsed = (data, length, station)`; the queue's shapes read the module's `WIDTH` (`[None, WIDTH]`);
- `list_name_train_import`: `from tensorflow.compat.v1 import train`, the module's own helper returns
  `res = [levels, station]`, its producer called twice.
"""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r49p_programs"


@pytest.mark.timeout(500)
def test_the_r49p_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    assert all("Queue(" not in c and "dequeue_many(" not in c for c in code.values()), code
    assert all(".padded_batch(" in code[f"{p.stem}.py"] for p in programs), code
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact")
