"""Pipelines followed through lists (issue 17, held-out round 13: ``gan_image_folder``,
``reader_list_comprehension_join``): a helper's returned list kept whole by its caller (``returned_lists.py``),
and readers made in a list comprehension, each read once into a join's list (``reader_lists.py``).

Text only (no TensorFlow): what is rewritten and what is left, with its reason. The programs of both forms run
against legacy in ``test_migrate_sources_programs.py`` (``list_flow_programs/``).
"""

from __future__ import annotations

import re

import pytest

from tfdata_bridge._src.migrate.recognize import recognize
from tfdata_bridge.migrate import rewrite, scan_source

HELPER = '''\
import tensorflow.compat.v1 as tf


{helper}


def inputs(files):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    example = read_record(queue)
{use}
'''

RETURNS = {
    "list": '''def read_record(queue):
    _, value = tf.TFRecordReader().read(queue)
    return [tf.strings.length(value), value]''',
    "tuple under a scope": '''def read_record(queue):
    with tf.variable_scope("read"):
        reader = tf.TFRecordReader()
        _, value = reader.read(queue)
        return tf.strings.length(value), value''',
    "appended": '''def read_record(queue):
    reader = tf.TFRecordReader()
    _, value = reader.read(queue)
    out = [tf.strings.length(value)]
    out.append(value)
    return out''',
}

USES = {
    "whole": "    return tf.train.batch(example, batch_size=4)",
    "indexed": "    batch = tf.train.batch([example[1], example[-2]], batch_size=4)\n    return batch",
    "unpacked": "    length, value = example\n    return tf.train.shuffle_batch([length], 4, capacity=20, min_after_dequeue=5)",
}


@pytest.mark.parametrize("returns", sorted(RETURNS))
@pytest.mark.parametrize("use", sorted(USES))
def test_a_list_the_caller_keeps_whole_is_followed(returns, use):
    source = HELPER.format(helper=RETURNS[returns], use=USES[use])
    result = rewrite(source, to="tfdata")
    assert result.changed and not result.refused, result.notes
    assert not scan_source(result.code), result.code
    assert "TFRecordDataset" in result.code and "def read_record(value):" in result.code
    assert not re.search(r"\bexample\b", result.code)  # the list's elements, named, went into the map function


def test_a_one_tensor_list_comes_back_as_a_bare_tensor():
    source = HELPER.format(helper='''def read_record(queue):
    _, value = tf.WholeFileReader().read(queue)
    return [tf.strings.length(value)]''', use=USES["whole"])
    code = rewrite(source, to="tfdata").code
    # tf.data makes a returned one-tensor list a one-tuple; legacy's batch of it gave the tensor
    assert ".map(read_record)\n        .map(parse_record)" in code, code
    assert re.search(r"def parse_record\((\w+)\):\n +return \1\n", code), code


@pytest.mark.parametrize("other", [
    "    n = len(example)\n    batch = tf.train.batch(example, batch_size=4)\n    return batch, n",
    "    example.append(tf.constant(1))\n    batch = tf.train.batch(example, batch_size=4)\n    return batch",
    "    batch = tf.train.batch(example, batch_size=4)\n    first = lambda: example[0]\n    return batch, first",
    "    batch = tf.train.batch([example[2]], batch_size=4)\n    return batch",
])
def test_a_kept_list_read_any_other_way_is_left_with_its_reason(other):
    source = HELPER.format(helper=RETURNS["list"], use=other)
    result = rewrite(source, to="tfdata")
    assert result.code == source  # left as written: the named elements are not kept
    reasons = [o.reason for o in recognize(source) if not o.rewritten]
    assert reasons and "keeps as `example`" in reasons[0], reasons


READERS = '''\
import tensorflow.compat.v1 as tf


def decode(value):
    return [tf.strings.length(value)]


def inputs(files):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    {readers}
    examples = [decode(r.read(queue)[1]) for r in readers]
    batch = tf.train.batch_join(examples, batch_size=4)
    return {ret}
'''


@pytest.mark.parametrize("readers", [
    "readers = [tf.TFRecordReader() for _ in range(3)]",
    "readers = [tf.TFRecordReader(name='reader_%d' % i) for i in range(3)]",
])
def test_readers_of_a_comprehension_become_the_interleave_of_k_files(readers):
    source = READERS.format(readers=readers, ret="batch")
    result = rewrite(source, to="tfdata")
    assert result.changed and not result.refused, result.notes
    assert "interleave(tf.data.TFRecordDataset, cycle_length=3, num_parallel_calls=3" in result.code, result.code
    assert "readers =" not in result.code and "r.read" not in result.code and not scan_source(result.code)
    assert rewrite(result.code, to="tfdata").code == result.code  # a second run changes nothing
    (outcome,) = recognize(source)
    assert outcome.rewritten and outcome.line == 12  # the join's own line in the file as written


@pytest.mark.parametrize("readers, ret, reason", [
    ("readers = [tf.TFRecordReader()] * 3", "batch", "lists one reader several times"),
    ("readers = [tf.TFRecordReader() for _ in range(3)]", "batch, readers[0].num_records_produced()",
     "the readers' list `readers` is also used beyond the join's list (line 13)"),
])
def test_a_reader_list_that_is_not_k_readers_read_once_is_left_with_its_reason(readers, ret, reason):
    source = READERS.format(readers=readers, ret=ret)
    assert rewrite(source, to="tfdata").code == source
    (outcome,) = recognize(source)
    assert not outcome.rewritten and reason in outcome.reason, outcome.reason


def test_readers_made_inline_in_the_comprehension_are_followed():
    source = READERS.format(readers="pass", ret="batch").replace(
        "for r in readers]", "for r in [tf.TFRecordReader() for _ in range(2)]]")
    result = rewrite(source, to="tfdata")
    assert result.changed and not result.refused, result.notes
    assert "cycle_length=2" in result.code and not scan_source(result.code)


LOOP = '''\
import tensorflow.compat.v1 as tf


def inputs(files, k):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    readers = [tf.TFRecordReader() for _ in range(k)]
    examples = []
    for {target} in {iterated}:
        _, value = reader.read(queue)
        examples.append([tf.strings.length(value)])
    batch = tf.train.batch_join(examples, batch_size=4)
    return batch
'''


@pytest.mark.parametrize("target, iterated, reason", [
    ("reader", "readers", None),
    ("i, reader", "enumerate(readers)", None),
    ("reader, i", "zip(readers, range(k))", None),
    ("i, reader", "zip(range(k), readers)", None),
    ("reader, name", 'zip(readers, ["a", "b"])', "are iterated as `zip(readers, [\"a\", \"b\"])`"),
    ("reader, i", "zip(readers, range(3))", "are iterated as `zip(readers, range(3))`"),
])
def test_a_loop_over_the_readers_is_followed_through_enumerate_and_zip_of_their_count(target, iterated, reason):
    source = LOOP.format(target=target, iterated=iterated)
    (outcome,) = recognize(source)
    if reason is None:
        assert outcome.rewritten and "cycle_length=k" in rewrite(source, to="tfdata").code, outcome.reason
    else:
        assert not outcome.rewritten and reason in outcome.reason, outcome.reason


def test_the_readers_index_does_not_capture_a_name_of_the_enclosing_function():
    source = READERS.format(readers="n = 7\n    readers = [tf.TFRecordReader(name='r%d' % n) for n in range(3)]",
                            ret="batch").replace("decode(r.read(queue)[1])", "decode(r.read(queue)[1] + str(n))")
    result = rewrite(source, to="tfdata")
    assert result.changed and not result.refused, result.notes
    # the comprehension's `n` was its own: the element still reads the function's `n` (7)
    assert "n = 7" in result.code and "+ str(n)" in result.code, result.code


BOTH = '''\
import tensorflow.compat.v1 as tf


def read(q):
    _, v = tf.TFRecordReader().read(q)
    return [tf.strings.length(v)]


def decode(v):
    return [tf.strings.length(v)]


def main(files, k):
    q = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    example = read(q)
    one = tf.train.batch(example, batch_size=4)
    q2 = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    readers = [tf.TFRecordReader() for _ in range(k)]
    examples = [decode(r.read(q2)[1]) for r in readers]
    batch = tf.train.batch_join(examples, batch_size=4)
    return one, batch
'''


def test_both_forms_in_one_module_are_rewritten_each_at_its_own_line():
    outcomes = recognize(BOTH)
    assert [(o.line, o.rewritten) for o in outcomes] == [(16, True), (20, True)], outcomes
    assert not scan_source(rewrite(BOTH, to="tfdata").code)
