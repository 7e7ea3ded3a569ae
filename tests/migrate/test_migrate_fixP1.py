"""A choice between ``read_up_to``'s groups as they are and a batch of their rows (the Cloud ML census
``generate_input_fn``: ``if shuffle: rows = tf.train.shuffle_batch([rows], ..., enqueue_many=True)``, no else).
The groups are made once (each file's records ``n`` at a time, inside the interleave: legacy's ``ReadUpTo``
never crosses a file's end); the batching branch takes them apart and batches, the other reads them as they
are. The programs of ``fixP1_programs/`` (a package with the forms: no else, ``if not shuffle:`` with an else,
the flag a parameter of the outer or the inner function, ``train.batch`` in a class over TFRecords and
``parse_example``) are migrated as one tree and run against their originals; an ``enqueue_many`` batch over rows
that are not ``read_up_to``'s groups is refused with the reason."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixP1_programs"
COMPARE = {"inverted_shuffled_arm": "multiset"}

REFUSED = '''import tensorflow.compat.v1 as tf


def input_fn(files, shuffle):
    q = tf.train.string_input_producer(files)
    _, value = tf.TextLineReader().read(q)
    words = tf.string_split([value], ",").values
    if shuffle:
        words = tf.train.shuffle_batch([words], 4, capacity=20, min_after_dequeue=5, enqueue_many=True)
    return words
'''


@pytest.mark.timeout(300)
def test_read_up_to_groups_chosen_against_a_batch_of_their_rows_deliver_what_legacy_did(tmp_path):
    code = migrate_folder(PROGRAMS, tmp_path / "original", tmp_path / "migrated")
    for name in ("census.py", "inverted.py", "records.py"):
        assert "read_up_to" not in code[name] and "get_next()" in code[name], code[name]
        assert code[name].count(".unbatch()") == 1, code[name]  # (the batching branch only)
        assert code[name].count("make_one_shot_iterator") == 2, code[name]  # (one per branch)
    assert ".batch(batch_size)), cycle_length=1)" in code["census.py"]  # (each file's groups: legacy's)
    assert "else:" in code["census.py"]  # (the absent else made: the groups as they are)
    assert "read_up_to" not in code["readers.py"] and "def read_rows(rows, n):" in code["readers.py"]
    assert ".batch(n)), cycle_length=1)" in code["split_input.py"] and ".unbatch()" in code["split_input.py"]
    programs = sorted((tmp_path / "original").glob("*.py"))
    assert len(programs) == 3
    pairs = {p.stem: (p, tmp_path / "migrated" / p.name) for p in programs}
    (tmp_path / "data").mkdir()
    results = run_both_ways(pairs, tmp_path / "data", make_data=False)  # (each program writes its own shards)
    for name, (want, got) in results.items():
        assert_delivers_the_same(name, want, got, COMPARE.get(name, "exact"), end=None)
    census = results["census_unshuffled_two_epochs"][0]["batches"]
    assert [len(b[0]) for b in census] == [3, 2, 3, 3, 3, 1] * 2  # (files of 5, 0, 3 and 7 rows: short at each end)
    records = results["records_both_arms"][0]["batches"]
    assert [len(b[0]) if b != "end" else 0 for b in records] == [3, 3, 3, 3, 3, 0, 2, 2, 1, 2, 1, 2, 2, 2, 1, 0]


def test_an_enqueue_many_batch_of_rows_that_are_not_read_up_to_groups_is_refused():
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    result = rewrite_tree({"/x/m.py": REFUSED}, root="/x")["/x/m.py"]
    assert result.refused and result.code == REFUSED
    said = "\n".join(n.message for n in result.notes)
    assert "enqueue_many=True in a choice between a batch and the elements read one per run, over rows that are " \
           "not a reader's `read_up_to` groups" in said and "--fallback compat" in said, said
