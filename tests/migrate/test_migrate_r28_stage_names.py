"""Held-out round 28's hand-built shuffle stage of a dict (``manual_shuffle_random_queue_names_dict``).

A queue stage (``queue_stages.py``) whose queue takes ``names=`` takes and gives a dict with exactly those keys:
the dict it was given, so the element goes on as it is; ``seed=`` goes to the chain's shuffle (the order differs
anyway), ``shapes=`` / ``dtypes=`` describe the tensors it is given. ``**{"names": n}`` and
``**({"names": n} if n is not None else {})`` are ``names=n``; values chosen by an ``if`` before the queue and
``set_shape`` under ``if isinstance(out, dict):`` after it are allowed. Any other ``**`` is refused, naming it; a
capacity an ``if`` chooses is refused; a ``names`` stage given something not known to be a dict keeps the one-list
check. The programs of ``r28h_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r28h_programs"
EXACT = {"fifo_names_static_method_spread_dict"}


@pytest.mark.timeout(500)
def test_the_r28h_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 4
    assert [n for n, c in code.items() if n.endswith(".py") and "/" not in n and "Queue(" in c] == [], code
    assert ".shuffle(64, seed=3)" in code["names_dict_conditional_kwargs.py"]
    assert ".shuffle(16, seed=7)" in code["names_helper_other_module_tf2_alias.py"]
    assert "string_input_producer" not in (migrated / "r28h_lib" / "records.py").read_text()
    assert "do_not_convert(Digits.read_and_decode)" in (migrated / "r28h_lib" / "inputs.py").read_text()
    assert "do_not_convert(records.Digits.read_and_decode)" in code["static_decode_through_module_attribute.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact" if name in EXACT else "multiset", end=None)


def _said(source: str) -> str:
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    return " ".join(n.message for n in result.notes)


STAGE = '''\
import tensorflow.compat.v1 as tf


def _shuffle(inputs, capacity=64, extra=None):
    names = sorted(inputs)
    CAPACITY
    queue = tf.RandomShuffleQueue(QUEUE_ARGS)
    op = queue.enqueue(inputs)
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [op] * 2))
    return queue.dequeue()


def build(path):
    q = tf.train.string_input_producer([path], num_epochs=1)
    _, line = tf.TextLineReader().read(q)
    a, b = tf.decode_csv(line, record_defaults=[[0], [0]])
    row = ROW
    row = _shuffle(row)
    return tf.train.batch(row, batch_size=2)
'''


def _stage(queue_args: str, row: str = "{'a': a, 'b': b}", capacity: str = "count = len(names)") -> str:
    return STAGE.replace("QUEUE_ARGS", queue_args).replace("ROW", row).replace("CAPACITY", capacity)


def test_a_names_stage_of_a_dict_literal_is_rewritten_with_its_seed():
    result = rewrite(_stage("capacity, 2, [tf.int32] * 2, names=names, seed=5"), to="tfdata")
    assert not result.refused, result.notes
    assert ".shuffle(64, seed=5)" in result.code and "RandomShuffleQueue(" not in result.code
    assert "`names` dict goes on as the dict element" in " ".join(n.message for n in result.notes)


def test_an_unknown_double_star_argument_is_refused_naming_it():
    said = _said(_stage("capacity, 2, [tf.int32] * 2, **extra"))
    assert "`**extra`" in said
    said = _said(_stage("capacity, 2, [tf.int32] * 2, **({'names': names} if extra else {})"))
    assert "`**({'names': names} if extra else {})`" in said


def test_a_capacity_chosen_by_an_if_is_refused():
    said = _said(_stage("size, 2, [tf.int32] * 2, names=names",
                        capacity="if capacity > 8:\n        size = capacity\n    else:\n        size = 8"))
    assert "reads `size`, which an `if` in `_shuffle` chooses" in said


def test_a_names_stage_given_what_is_not_known_a_dict_keeps_the_one_list_check():
    said = _said(_stage("capacity, 2, [tf.int32], names=names", row="[a]"))
    assert "not a list of two or more tensors" in said


# -- a reader helper kept as a static method of a class of another module, called through the class ----------------

RECORDS = '''\
import tensorflow.compat.v1 as tf

PATHS = ["a.tfrecords"]


class Records(object):
    @staticmethod
    def decode(filename, epochs=None):
        queue = tf.train.string_input_producer(FILES, num_epochs=epochs, shuffle=False)
        reader = tf.TFRecordReader()
        _, value = reader.read(queue)
        return tf.parse_single_example(value, {"x": tf.FixedLenFeature([], tf.int64)})["x"]
'''

CALLER = '''\
import tensorflow.compat.v1 as tf

from lib.records import Records


def build(path):
    x = Records.decode(path, epochs=1)
    return tf.train.batch([x], batch_size=2)
'''


def _tree(tmp_path, records: str, caller: str) -> dict:
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    (tmp_path / "lib").mkdir()
    sources = {str(tmp_path / "lib" / "__init__.py"): "", str(tmp_path / "lib" / "records.py"): records,
               str(tmp_path / "main.py"): caller}
    out = rewrite_tree(sources, str(tmp_path))
    return {pathlib.Path(p).relative_to(tmp_path).as_posix(): r for p, r in out.items()}


def test_a_static_reader_method_of_another_module_is_rewritten_in_its_class(tmp_path):
    out = _tree(tmp_path, RECORDS.replace("FILES", "[filename]"), CALLER)
    assert ".map(tf.autograph.experimental.do_not_convert(Records.decode))" in out["main.py"].code, out["main.py"].code
    assert "    @staticmethod\n    def decode(value):" in out["lib/records.py"].code, out["lib/records.py"].code


def test_a_static_reader_method_reading_a_global_of_its_module_is_refused(tmp_path):
    out = _tree(tmp_path, RECORDS.replace("FILES", "PATHS + [filename]"), CALLER)
    said = " ".join(n.message for n in out["main.py"].notes)
    assert "uses `PATHS` of its own module, and `decode` is a static method called through its class" in said, said
    assert "Queue" in out["lib/records.py"].code or "string_input_producer" in out["lib/records.py"].code


def test_a_static_reader_method_also_called_without_a_batch_stays(tmp_path):
    caller = CALLER + "\n\ndef peek(path):\n    return Records.decode(path)\n"
    out = _tree(tmp_path, RECORDS.replace("FILES", "[filename]"), caller)
    assert "string_input_producer" in out["lib/records.py"].code
    assert "tf.train.batch" in out["main.py"].code or "tf.data" not in out["main.py"].code
