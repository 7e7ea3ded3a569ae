"""Held-out round 57's GeyserGAN input: a batched component that is a Python list (or tuple) of tensors
(``slices = [tf.reshape(...) for i in range(3)]``; ``shuffle_batch([slices], ...)``) was one packed tensor in
legacy's batch (each component went through ``convert_to_tensor``; a one-component list came back as that tensor),
but a tuple of three from the rewrite's map function (``sess.run`` gave a tuple: AttributeError in the program).
The rewrite now returns such a component as ``tf.convert_to_tensor(...)`` (``migrate/packed_lists.py``): alone or
among several, a dict's value, a join's, a list built by ``append``; one a helper of another module returns is
packed where it is a list when the program runs.

The programs of ``fixP_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixP_programs"
SHUFFLED = {"geyser_slices_comprehension_shuffle_batch", "slices_tuple_shuffle_batch", "slices_batch_join"}
ENDS = {"geyser_slices_comprehension_shuffle_batch": "rumbles: 8"}


@pytest.mark.timeout(300)
def test_the_fixP_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 9
    assert "return tf.convert_to_tensor(slices)\n" in code["geyser_slices_comprehension_shuffle_batch.py"]
    assert "return tf.convert_to_tensor([a, b, c])\n" in code["slices_literal_in_batch_list.py"]
    assert "return tf.convert_to_tensor(slices), cols[0]\n" in code["slices_and_label.py"]  # (the label as it is)
    assert '{"s": tf.convert_to_tensor(slices), "k": cols[0]}' in code["slices_split_tuple_dict.py"]
    assert "tf.compat.v1.convert_to_tensor(slices)" in code["slices_tensorflow_compat_spelling.py"]
    # a helper's value, unknown until the program runs: packed only if it is a list or tuple then
    assert "tf.convert_to_tensor(slices) if isinstance(slices, (list, tuple)) else slices" in \
        code["slices_from_package_helper.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset" if name in SHUFFLED else "exact",
                                 end=ENDS.get(name, "read 3"))
