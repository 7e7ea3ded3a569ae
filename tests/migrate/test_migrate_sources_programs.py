"""The programs of the source forms, each migrated with ``--to tfdata`` and run against its original in one
TensorFlow process (the same batches, the same end): ``in_step_programs/`` (several sources read in step: a
zip, ``in_step.py``), ``flag_programs/`` (producers whose ``shuffle`` / ``num_epochs`` are expressions: a
class attribute, a namespace, parameters), ``list_join_programs/`` (joins over lists that one function makes
each, a pipeline per list: ``join_lists.py``) and ``flow_programs/`` (a flag that sets the producer's ``shuffle``
and chooses the batch, a join over a reader function of another module, a file queue memoized on an object:
``test_migrate_flow.py``; methods resolved through class hierarchies across modules, ``class_lib/``: an
abstract base's readers' loop over its factory method and the subclass's parse, a reader object handed to
another module's join (its method its own, or inherited from a base of that module), subclasses of a base that
batches through their methods: ``test_migrate_class_hierarchies.py``) and ``list_flow_programs/`` (a helper's
returned list kept whole by its caller: ``returned_lists.py``; readers made in a list comprehension, each read
once into a join's list: ``reader_lists.py``). Each folder is migrated as a tree (a program's helper module in a
package beside it). A program reports a shuffled run as its batch sizes and its sorted rows. Text tests:
``test_migrate_in_step.py``, ``test_migrate_source_flags.py``, ``test_migrate_join_lists.py``, ``test_migrate_flow.py``,
``test_migrate_reader_loop_join.py``."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
FOLDERS = {"in_step_programs": "Dataset.zip((", "flag_programs": "if ",  # folder -> a line of its rewrite
           "list_join_programs": "choose_from_datasets(", "flow_programs": "make_one_shot_iterator(",
           "list_flow_programs": "make_one_shot_iterator("}


@pytest.mark.timeout(500)
def test_the_migrated_source_programs_deliver_what_their_originals_deliver(tmp_path):
    pairs = {}
    for folder, mark in FOLDERS.items():
        original, migrated = tmp_path / "original" / folder, tmp_path / "migrated" / folder
        migrate_folder(HERE / folder, original, migrated)
        programs = sorted(original.glob("*.py"))
        # each program's pipeline rewritten into this form, in the program or in its helper module
        assert sum(p.read_text().count(mark) for p in migrated.rglob("*.py")) >= len(programs), folder
        pairs.update((p.stem, (p, migrated / p.name)) for p in programs)
    assert len(pairs) >= 11
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert len(want["batches"]) >= 2, name
        assert_delivers_the_same(name, want, got, "exact")
