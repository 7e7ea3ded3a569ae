"""A reader helper's ``(features, label)`` tuple handed to a batch helper as ONE parameter, unpacked there (or
indexed), the dict given keys by item assignment (or ``dict(d, k=v)``) before the batch, a key popped from the
batched dict after it (held-out round 72's quasar code; ``handed_tuples.py``). The programs of
``fixI3_programs/`` (a package holding the reader and the batch helpers, and programs of the program's own
module) are migrated as one tree and run against their originals: the helper of another module, popped; imported
by name, called by keyword, its tuple indexed, its dict made by ``dict(...)`` and shuffled (each element once);
helpers of the program's module, two keys added (one computed from the dict), one popped. A tuple read beyond the
helper is left with a note naming why (its program unchanged, so not run); a helper nothing calls takes the
dataset where a helper of its module of the same tuple is rewritten, else is left, said in a note. The keys a
helper adds must be proven new to the dict (text-level checks): a dict already holding one, or of keys unknown
(a parse result, a parameter, mutated, two calls deep), or one tuple handed to two calls mutating it, is left."""

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
    helper += "\n\ndef read():\n    feats = {'v': 1}\n    return feats, 2\n"
    caller = ("from m import fn\nfrom m import read\n\n\ndef main():\n    got = read()\n"
              "    return fn(got, 2), fn(({'v': 1}, 2), 3)\n")
    out, notes = split_handed_tuples({"/t/m.py": helper, "/t/main.py": caller})
    assert "def fn(x, y, n):\n    b, t = tf.train.batch([x, y], n)\n    return b, t\n" in out["/t/m.py"]
    assert "got_x, got_y = read()" in out["/t/main.py"] and "fn(got_x, got_y, 2), fn({'v': 1}, 2, 3)" in \
        out["/t/main.py"]
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


_HELPER = ("import tensorflow.compat.v1 as tf\n\n\ndef batch_pair(pair, n):\n    feats, label = pair\n"
           "    feats['label'] = label\n    b = tf.train.batch(feats, n)\n    y = b.pop('label')\n    return b, y\n")


def _split(reader, caller="import rd\nfrom hb import batch_pair\n\n\ndef main(p):\n    got = rd.read(p)\n"
                          "    return batch_pair(got, 2)\n", helper=_HELPER):
    from tfdata_bridge._src.migrate.handed_tuples import split_handed_tuples

    return split_handed_tuples({"/t/hb.py": helper, "/t/rd.py": "import tensorflow.compat.v1 as tf\n" + reader,
                                "/t/main.py": caller})


def _left(reader, why, **kw):
    out, notes = _split(reader, **kw)
    assert out is None, out
    said = [n.message for n in notes.get("/t/main.py", [])]
    assert any("`batch_pair` (a batch helper taking a tuple `pair`) left:" in m and why in m for m in said), said


def test_the_key_added_is_proven_new_to_the_dict_or_the_form_is_left():
    """The helper adds 'label' to the dict, batches it, pops it: where the dict may hold 'label' already (the
    original then batches the added value and pops it: no 'label' left among the features), the form is left."""
    # (the dict already holds the key: a display, a key set in the reader, `dict(k=...)`, a parsed one a level down)
    clash = "already holds the key(s) 'label'"
    _left("\n\ndef read(p):\n    return {'x': p, 'label': p}, p\n", clash)
    _left("\n\ndef read(p):\n    d = {'x': p}\n    d['label'] = p * 2\n    return d, p\n", clash)
    _left("\n\ndef read(p):\n    d = dict(x=p, label=p)\n    return (d, p)\n", clash)
    _left("\nKEYS = ('x', 'label')\n\n\ndef read(p):\n    return dict(zip(KEYS, [p, p])), p\n", clash)
    _left("\n\ndef _parse(s):\n    return {'label': s}, s\n\n\ndef read(p):\n    f, l = _parse(p)\n"
          "    return f, l\n", clash)
    _left("\n\ndef read(p):\n    return {'x': p}, p\n", clash,
          caller="from hb import batch_pair\n\n\ndef main(p):\n    return batch_pair(({'label': p}, p), 2)\n")
    # (where the dict comes from is not known: a parse result, a parameter, mutated, a name-keyed set, two levels)
    unknown = "the dict of its tuple comes from where its keys are not known, so the key(s) 'label'"
    _left("\n\ndef read(p):\n    parsed = tf.parse_single_example(p, {'x': tf.FixedLenFeature([], tf.int64)})\n"
          "    return parsed, p\n", unknown)
    _left("\n\ndef read(p, d):\n    return d, p\n", unknown)
    _left("\n\ndef read(p, extra):\n    d = {'x': p}\n    d.update(extra)\n    return d, p\n", unknown)
    _left("\n\ndef read(p, k):\n    d = {'x': p}\n    d[k] = p\n    return d, p\n", unknown)
    _left("\n\ndef read(p):\n    d = {'x': p}\n    return dict(d), p\n", unknown)
    _left("\nKEYS = ['x']\n\n\ndef read(p):\n    return dict(zip(KEYS, [p])), p\n", unknown,
          caller="import rd\nfrom hb import batch_pair\n\nrd.KEYS += ['label']\n\n\ndef main(p):\n"
                 "    got = rd.read(p)\n    return batch_pair(got, 2)\n")
    _left("\nKEYS = ['x']\nKEYS.append('label')\n\n\ndef read(p):\n    return dict(zip(KEYS, [p, p])), p\n",
          unknown)
    _left("\n\ndef _inner(s):\n    return {'x': s}, s\n\n\ndef _parse(s):\n    a, b = _inner(s)\n    return a, b\n"
          "\n\ndef read(p):\n    f, l = _parse(p)\n    return f, l\n", unknown)
    _left("\n\ndef read(p):\n    return {'x': p}, p\n", unknown,
          caller="from hb import batch_pair\n\n\ndef main(p, d):\n    return batch_pair((d, p), 2)\n")
    # (keys known and new: taken, whatever the import style)
    for reader in ["\nKEYS = ('x', 'y')\n\n\ndef read(p):\n    vals = [p, p + 1]\n"
                   "    return dict(zip(KEYS, vals)), p\n",
                   "\n\ndef _parse(s):\n    return {'feature': s}, s * 2\n\n\ndef read(p):\n    f, l = _parse(p)\n"
                   "    f['twice'] = l\n    return f, l\n",
                   "\n\ndef read(p):\n    d = dict(x=p)\n    return d, p\n"]:
        out, notes = _split(reader)
        assert out is not None and "got_feats, got_label = rd.read(p)" in out["/t/main.py"], (reader, notes)
        assert "b, y = tf.train.batch([feats, label], n)" in out["/t/hb.py"]
    out, _ = _split("\n\ndef read(p):\n    return {'x': p}, p\n",
                    caller="from rd import read as load\nimport hb as helpers\n\n\ndef main(p):\n"
                           "    got = load(p)\n    return helpers.batch_pair(got, 2)\n")
    assert out is not None and "got_feats, got_label = load(p)" in out["/t/main.py"]
    # (one tuple handed twice, or in a loop: the second call sees the key the first added, unless the helper
    # adds the tuple's own part again, the same value)
    reader = "\n\ndef read(p):\n    return {'x': p}, p\n"
    twice = "import rd\nfrom hb import batch_pair\n\n\ndef main(p):\n    got = rd.read(p)\n" \
            "    return batch_pair(got, 2), batch_pair(got, 3)\n"
    looped = "import rd\nfrom hb import batch_pair\n\n\ndef main(p):\n    got = rd.read(p)\n" \
             "    for n in (2, 3):\n        yield batch_pair(got, n)\n"
    for caller in (twice, looped):
        out, _ = _split(reader, caller=caller)
        assert out is not None and "got_feats, got_label = rd.read(p)" in out["/t/main.py"]
        _left(reader, "`got` is handed more than once (or in a loop)", caller=caller,
              helper=_HELPER.replace("feats['label'] = label", "feats['label'] = label + 1"))
    # (a helper nothing calls beside a rewritten one takes the dataset only where its keys are new to it too)
    from tfdata_bridge._src.migrate import handed_tuples

    for key, taken in [("x", False), ("z", True)]:
        sibling = _HELPER + _HELPER.split("\n\n\n", 1)[1].replace("batch_pair", "unused").replace("'label'", f"'{key}'")
        out, _ = _split("\n\ndef read(p):\n    return {'x': p}, p\n", helper=sibling)
        assert out is not None and ("/t/hb.py" in handed_tuples._UNCALLED) is taken, key


def test_a_clash_is_left_to_the_plain_rewrite():
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    reader = ("import tensorflow.compat.v1 as tf\n\n\ndef read(path):\n"
              "    q = tf.train.string_input_producer([path], num_epochs=1)\n"
              "    _, line = tf.TextLineReader().read(q)\n    a, b = tf.decode_csv(line, [[0], [0]])\n"
              "    return {'x': a, 'label': a}, b\n")
    caller = ("import rd\nfrom hb import batch_pair\n\n\ndef main(p):\n    got = rd.read(p)\n"
              "    return batch_pair(got, 2)\n")
    out = rewrite_tree({"/t/hb.py": _HELPER, "/t/rd.py": reader, "/t/main.py": caller}, root="/t")
    assert "batch([feats, label]" not in out["/t/hb.py"].code
    assert "got_feats" not in out["/t/main.py"].code
    assert any("already holds the key(s) 'label'" in n.message for n in out["/t/main.py"].notes)
