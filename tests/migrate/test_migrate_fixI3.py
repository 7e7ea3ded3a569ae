"""A reader helper's ``(features, label)`` tuple handed to a batch helper as ONE parameter, unpacked there (or
indexed), the dict given keys by item assignment (or ``dict(d, k=v)``) before the batch, a key popped from the
batched dict after it (held-out round 72's quasar code; ``handed_tuples.py``). The programs of
``fixI3_programs/`` (a package holding the reader and the batch helpers, and programs of the program's own
module) are migrated as one tree and run against their originals: the helper of another module, popped; imported
by name, called by keyword, its tuple indexed, its dict made by ``dict(...)`` and shuffled (each element once);
helpers of the program's module, two keys added (one computed from the dict), one popped. A tuple read beyond the
helper is left with a note naming why (its program unchanged, so not run); a helper nothing calls takes the
dataset where a helper of its module of the same tuple is rewritten, else is left, said in a note."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_tree_allowing_refusals, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixI3_programs"
COMPARE = {"indexed_tuple_dict_shuffle_keyword": "multiset"}


@pytest.mark.timeout(300)
def test_a_tuple_handed_to_a_batch_helper_as_one_parameter_is_followed(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    out = migrate_tree_allowing_refusals(PROGRAMS, original, migrated)
    code = {rel: c for rel, (c, _) in out.items()}
    notes = {rel: n for rel, (_, n) in out.items()}
    rewritten = ["tuple_param_batch_pop_package.py", "indexed_tuple_dict_shuffle_keyword.py",
                 "own_module_two_keys_one_popped.py"]
    for name in rewritten:
        assert "tf.data" in code[name] and "tf.train.string_input_producer" not in code[name], code[name]
        assert "left unchanged" not in notes[name], notes[name]
    assert "shuffle_batch" not in code["i3_pk/shuffled.py"] and ".shuffle(" in code["i3_pk/shuffled.py"]
    assert "def shuffled_input(dataset, size, seed)" in code["i3_pk/shuffled.py"]  # (the dataset at the tuple's place)
    records = code["i3_pk/records.py"]
    assert "def batched_pairs(dataset, batch_size)" in records, records
    assert "tf.train.string_input_producer" not in records, records
    # (a helper nothing calls beside a rewritten one of its module: takes the dataset too, said; alone: left, said)
    assert "def unused_input_fn(dataset, batch_size)" in records and "tf.train.batch" not in records, records
    assert "`unused_input_fn` (a batch helper taking a tuple `pair`), called nowhere in this tree, takes the " \
           "dataset" in notes["i3_pk/records.py"]
    assert "features, label = pair" in code["i3_pk/orphan.py"] and "tf.data" not in code["i3_pk/orphan.py"]
    assert "`orphan_input_fn` (a batch helper taking a tuple `pair`) is called nowhere" in notes["i3_pk/orphan.py"]
    # (the plumbing left only for the uncalled helper's queue goes with it)
    assert "start_queue_runners" not in code["tuple_param_batch_pop_package.py"]
    # (the tuple read beyond the helper: left, why said)
    left = code["tuple_read_beyond_left.py"]
    assert "tf.data" not in left and "features, label" not in left and "cols, kind = example" in left
    assert "`pair` is read beyond the helpers it is handed to" in notes["tuple_read_beyond_left.py"]
    programs = sorted(p for p in original.glob("*.py") if p.name != "tuple_read_beyond_left.py")  # (run as it was)
    assert len(programs) == 3
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE.get(name, "exact"), end="OutOfRangeError")


def test_the_form_is_written_with_the_parts_as_parameters():
    from tfdata_bridge._src.migrate.handed_tuples import split_handed_tuples

    helper = ("import tensorflow.compat.v1 as tf\n\n\ndef fn(pair, n):\n    x = pair[0]\n    y = pair[1]\n"
              "    x['y'] = y\n    b = tf.train.batch(x, n)\n    t = b.pop('y')\n    return b, t\n")
    caller = ("from m import fn\nfrom m import read\n\n\ndef main():\n    got = read()\n"
              "    return fn(got, 2), fn((1, 2), 3)\n")
    out, notes = split_handed_tuples({"/t/m.py": helper, "/t/main.py": caller})
    assert "def fn(x, y, n):\n    b, t = tf.train.batch([x, y], n)\n    return b, t\n" in out["/t/m.py"]
    assert "got_x, got_y = read()" in out["/t/main.py"] and "fn(got_x, got_y, 2), fn(1, 2, 3)" in out["/t/main.py"]
    # (a helper handed a parameter it cannot follow, another only named: each left as it is, said)
    other = ("import tensorflow.compat.v1 as tf\n\n\ndef fn2(pair, n):\n    x, y = pair\n    x['y'] = y\n"
             "    b = tf.train.shuffle_batch(x, n, 9, 2)\n    return b\n")
    user = "from m2 import fn2\n\n\ndef g(p):\n    return fn2(p, 3)\n"
    out, notes = split_handed_tuples({"/t/m2.py": other, "/t/u.py": user})
    assert out is None and "`p`, handed on as a tuple, is not bound once" in notes["/t/u.py"][0].message
    out, notes = split_handed_tuples({"/t/m2.py": other, "/t/u.py": "from m2 import fn2\nkept = [fn2]\n"})
    assert out is None and notes == {}
    # (a module without the form costs a regular expression: nothing parsed, nothing written)
    assert split_handed_tuples({"/t/a.py": "import tensorflow as tf\nx = tf.train.batch([a], 2)\n"}) == (None, {})
