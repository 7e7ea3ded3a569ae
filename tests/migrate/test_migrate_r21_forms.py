"""Issue 17's refusals left on seen rounds, as forms: a reader class or a batch function chosen by name
(``named_apis.py``).

The programs of ``r21_forms_programs/`` (a dict of readers by a module constant, by a key known only at run time;
``getattr`` of a batch function by a config name in another module's helper; a flag choosing ``shuffle_batch`` or
``batch`` in a class under ``import tensorflow as tf``; names reused in another function) are migrated as one tree
and run against their originals. The text tests say what is refused, and why."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r21_forms_programs"


@pytest.mark.timeout(500)
def test_the_r21_form_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 4
    assert "getattr" not in (migrated / "r21f_lib" / "batching.py").read_text()
    assert all("READERS" not in c and "formats" not in c for c in code.values())
    assert 'if fmt == "tfrecord":' in code["named_reader_runtime_key.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact")


CHOSEN = '''\
import tensorflow.compat.v1 as tf

{setup}


def main(files{params}):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    {read}
    {batch}
'''


def _said(result) -> str:
    return " ".join(n.message for n in result.notes)


def test_a_batch_function_looked_up_by_a_name_known_only_at_run_time_is_left_naming_the_lookup():
    result = rewrite(CHOSEN.format(setup="", params=", name", read="_, line = tf.TextLineReader().read(queue)",
                                   batch="return getattr(tf.train, name)([line], batch_size=2)"), to="tfdata")
    assert "getattr(tf.train, name)" in result.code
    assert "`getattr(tf.train, name)`" in _said(result) and "`name` is known only when" in _said(result), \
        _said(result)


def test_a_reader_dict_changed_elsewhere_is_not_resolved():
    setup = 'READERS = {"a": tf.TextLineReader, "b": tf.TFRecordReader}\nREADERS["a"] = tf.TFRecordReader'
    result = rewrite(CHOSEN.format(setup=setup, params="", read='_, line = READERS["a"]().read(queue)',
                                   batch="return tf.train.batch([line], batch_size=2)"), to="tfdata")
    assert result.refused and 'READERS["a"]()' in result.code


@pytest.mark.parametrize("params, calls, want", [
    (', fmt="text"', "\n\ndef run(f):\n    return main(f)\n", "TextLineDataset"),
    (', fmt="text"', '\n\ndef run(f):\n    return main(f, fmt="tfrecord")\n', "TFRecordDataset"),
])
def test_a_default_never_overridden_in_the_tree_is_the_key(params, calls, want):
    setup = 'READERS = {"text": tf.TextLineReader, "tfrecord": tf.TFRecordReader}'
    result = rewrite(CHOSEN.format(setup=setup, params=params, read="_, line = READERS[fmt]().read(queue)",
                                   batch="return tf.train.batch([line], batch_size=2)") + calls, to="tfdata")
    assert not result.refused and want in result.code, _said(result)
    assert "READERS" not in result.code and "if fmt" not in result.code


def test_a_key_of_several_callers_is_a_choice_between_chains_and_other_keys_still_raise():
    setup = 'READERS = {"text": tf.TextLineReader, "tfrecord": tf.TFRecordReader}'
    calls = '\n\ndef run(f):\n    return main(f, "text"), main(f, "tfrecord")\n'
    result = rewrite(CHOSEN.format(setup=setup, params=", fmt", read="_, line = READERS[fmt]().read(queue)",
                                   batch="return tf.train.batch([line], batch_size=2)") + calls, to="tfdata")
    assert not result.refused, _said(result)
    assert 'raise KeyError(fmt)' in result.code and 'if fmt == "text":' in result.code
    assert "TextLineDataset" in result.code and "TFRecordDataset" in result.code


def test_a_condition_bound_again_before_the_call_is_not_moved():
    read = ("_, line = tf.TextLineReader().read(queue)\n    batcher = tf.train.shuffle_batch if flag else "
            "tf.train.batch\n    flag = not flag")
    result = rewrite(CHOSEN.format(setup="", params=", flag", read=read,
                                   batch="return batcher([line], batch_size=2, capacity=8)"), to="tfdata")
    assert "batcher = tf.train.shuffle_batch if flag else tf.train.batch" in result.code
    assert "bound more than once" in _said(result), _said(result)
