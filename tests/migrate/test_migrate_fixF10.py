"""Held-out round 70's everyday forms, written anew.

A fed queue's placeholders made through a name for the placeholder function (``ph = tf.placeholder`` at module
level or in the function, ``fed_aliases.py``) are placeholders: the function form and the reader-class form of the
feed-thread rewrite take them. A queue stage (``queue_stages.py``) migrates where legacy's dequeue is known from
what it is given: a dict made by ``dict(...)`` or a comprehension (its queue takes ``names``, also chosen by
``isinstance(tensors, dict)``), one tensor made so (a reader's read, a TensorFlow function giving one), or a list
of one such tensor (its queue of one component dequeues the bare tensor). The programs of ``fixF10_programs/`` are
migrated as one tree and run against their originals; the forms off these are refused, saying why."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixF10_programs"
SHUFFLED = {"stage_dict_comprehension_package", "stage_one_tensor_read_line", "stage_list_of_one_named"}


@pytest.mark.timeout(300)
def test_the_fixF10_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 6
    assert all("Queue(" not in c and "placeholder(" not in c for c in code.values()), code
    assert "def mix(" not in code["shuffling.py"] and "def hold(" not in code["shuffling.py"]
    assert "from_generator" in code["feed_alias_module_global_function.py"]
    assert "from_generator" in code["feed_alias_reader_class.py"]
    assert ".shuffle(32, seed=9)" in code["stage_dict_comprehension_package.py"]
    assert ".shuffle(" not in code["stage_dict_call_fifo_names.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset" if name in SHUFFLED else "exact")


FED = '''\
import threading
import tensorflow.compat.v1 as tf

ALIAS


def feed(sess, op, close_op, x_in):
    for i in range(5):
        sess.run(op, feed_dict={x_in: float(i)})
    sess.run(close_op)


def build(sess):
    LOCAL
    x_in = ph(tf.float32, [])
    q = tf.FIFOQueue(8, [tf.float32], shapes=[[]])
    op = q.enqueue([x_in])
    close_op = q.close()
    batch = q.dequeue_many(2)
    t = threading.Thread(target=feed, args=(sess, op, close_op, x_in))
    t.start()
    return batch
'''


def _fed(alias: str = "", local: str = "pass") -> str:
    return FED.replace("ALIAS", alias).replace("LOCAL", local)


def _notes(result) -> str:
    return " ".join(n.message for n in result.notes)


@pytest.mark.parametrize("alias, local", [("ph = tf.placeholder", "pass"), ("", "ph = tf.placeholder"),
                                          ("from tensorflow.compat.v1 import placeholder as ph", "pass")])
def test_a_name_for_the_placeholder_function_makes_placeholders(alias, local):
    result = rewrite(_fed(alias, local), to="tfdata")
    assert "from_generator" in result.code and "FIFOQueue(" not in result.code, _notes(result)


@pytest.mark.parametrize("alias, local", [
    ("ph = tf.placeholder\nph = tf.constant", "pass"),       # bound twice: which one the call means is unknown
    ("", "ph = make_slot"),                                   # a name for a function of the program's
    ("ph = tf.placeholder", "ph = tf.constant"),              # the function's own `ph` is no placeholder
])
def test_a_name_not_known_to_be_the_placeholder_function_is_refused(alias, local):
    result = rewrite(_fed(alias, local), to="tfdata")
    assert result.refused and "FIFOQueue(" in result.code
    assert "`x_in` is not a `placeholder` made once in the same block" in _notes(result)


STAGE = '''\
import tensorflow.compat.v1 as tf


def stage(tensors, capacity=16):
    dtypes = [t.dtype for t in tensors] if isinstance(tensors, list) else [tensors.dtype]
    queue = tf.RandomShuffleQueue(capacity, 2, dtypes NAMES)
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [queue.enqueue(tensors)] * 2))
    return queue.dequeue()


def inputs(files, flag):
    reader = tf.TextLineReader()
    _, line = reader.read(tf.train.string_input_producer(files, num_epochs=1))
    MADE
    return tf.train.batch([BATCHED], 4)
'''


def _stage(made: str, batched: str = "x", names: str = "") -> str:
    return STAGE.replace("MADE", made).replace("BATCHED", batched).replace("NAMES", names)


@pytest.mark.parametrize("made, batched, gives", [
    ("x = stage(line)", "x", "x = line\n"),
    ("x = stage([tf.strings.to_number(line)])", "x", "x = tf.strings.to_number(line)"),
    ("v = tf.io.decode_raw(line, tf.uint8)\n    x = stage([v])", "x", "x = v"),
])
def test_a_stage_of_one_tensor_hands_on_the_bare_tensor(made, batched, gives):
    result = rewrite(_stage(made, batched), to="tfdata")
    assert not result.refused, _notes(result)
    assert ".shuffle(16)" in result.code and "RandomShuffleQueue(" not in result.code
    assert gives in result.code, result.code


@pytest.mark.parametrize("made, names, why", [
    # a list of one under `if flag:`: the batch would be given a tensor or a list as the flag says
    ("x = [line]\n    if flag:\n        x = stage(x)", "", "not a list of two or more tensors but a list of one"),
    # a name made by a function of the program: a tensor, a list of one or a dict, which the rewrite cannot tell
    ("x = make(line)\n    x = stage(x)", "", "is given `x`, not a list of two or more tensors, a dict"),
    # a queue that always takes `names` is given one tensor: not a dict
    ("x = stage(line)", ", names=['a']", "is given `line`, not a list of two or more tensors, a dict"),
    # `dict` shadowed by the program's own: no dict known
    ("dict = list\n    x = stage(dict(a=line))", ", names=['a']", "is given `dict(a=line)`, not a list"),
])
def test_a_stage_given_what_legacy_dequeues_unknown_is_refused(made, names, why):
    result = rewrite(_stage(made, names=names), to="tfdata")
    assert result.refused and "RandomShuffleQueue(" in result.code
    assert why in _notes(result), _notes(result)
