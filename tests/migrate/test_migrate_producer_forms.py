"""Producers read without a reader or a batch, and joins of per-element code (issue 17, held-out round 14:
``dequeue_read_file_no_reader``, ``replay_range_dequeue_many``, ``mixed_source_shuffle_join``,
``video_frames_slice_join``):

- file names dequeued from a ``string_input_producer`` with no reader, in the batch's block or in a helper given
  the queue (``dequeue_names.py``);
- an input or range producer read in groups by ``dequeue_many`` / ``dequeue_up_to`` with no batch after it
  (``dequeue_groups.py``);
- a join of different branches, each list its own pipeline (``choose_from_datasets``), and a join of copies of
  per-element code on an element made before the list (``num_threads``) (``branch_joins.py``).

The programs of ``producer_forms_programs/`` (helpers in the same module and in ``producer_forms_lib/``, classes,
inline producers, reused names, several import styles) are migrated as one tree and run against their originals
in one TensorFlow process: a shuffled or multi-threaded program reports its batch sizes and its sorted rows, so
every program is compared exactly. The text tests say what is refused, and why."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge._src.migrate.recognize import recognize
from tfdata_bridge.migrate import rewrite, scan_source

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "producer_forms_programs"
# each program's rewrite holds this line (per form, by its name's prefix)
MARKS = {"dequeue": "from_tensor_slices(", "groups": ".batch(", "branches": "choose_from_datasets(",
         "copies": "num_parallel_calls="}


@pytest.mark.timeout(500)
def test_the_producer_form_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 12
    for p in programs:
        assert MARKS[p.stem.split("_")[0]] in (migrated / p.name).read_text(), p.name
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact")


NAMES = '''\
import tensorflow.compat.v1 as tf


def read_name(queue):
    name = queue.dequeue()
    return name, tf.strings.length(tf.read_file(name))


def inputs(files):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
{use}
'''


def test_a_helper_dequeuing_its_queue_becomes_a_function_of_one_name():
    result = rewrite(NAMES.format(use="    name, size = read_name(queue)\n"
                                      "    return tf.train.batch([name, size], batch_size=4)"), to="tfdata")
    assert result.changed and not result.refused, result.notes
    assert "def read_name(name):\n    return name, tf.strings.length(tf.read_file(name))" in result.code, result.code
    assert "read_name(file_name)" in result.code and not scan_source(result.code)


@pytest.mark.parametrize("use, reason", [
    ("    name, size = read_name(queue)\n    left = queue.size()\n"
     "    batch = tf.train.batch([name, size], batch_size=4)\n    return batch, left",
     "the file queue `queue` is also used beyond its one `dequeue()`"),
    ("    name, size = read_name(queue)\n    other = read_name(queue)\n"
     "    batch = tf.train.batch([name, size], batch_size=4)\n    return batch, other",
     "the file queue `queue` is also used beyond its one `dequeue()`"),
])
def test_a_file_queue_with_another_consumer_is_left_with_its_reason(use, reason):
    source = NAMES.format(use=use)
    assert rewrite(source, to="tfdata").code == source
    reasons = [o.reason for o in recognize(source) if not o.rewritten]
    assert reasons and reason in reasons[0], reasons


GROUPS = '''\
import tensorflow.compat.v1 as tf


def sample(n, size):
    index = tf.train.range_input_producer(n, num_epochs=1, shuffle=False).{method}
    return tf.gather(tf.range(n) * 3, index)
'''


@pytest.mark.parametrize("method, batch", [
    ("dequeue_many(size)", ".batch(size, drop_remainder=True)"),
    ("dequeue_up_to(size)", ".batch(size, drop_remainder=False)"),
])
def test_groups_of_a_producer_become_a_batched_iterator(method, batch):
    result = rewrite(GROUPS.format(method=method), to="tfdata")
    assert result.changed and not result.refused, result.notes
    assert batch in result.code and "make_one_shot_iterator(" in result.code and not scan_source(result.code)


def test_a_group_size_fed_at_each_run_is_left_with_its_reason():
    source = GROUPS.format(method="dequeue_many(tf.placeholder(tf.int32, []))")
    assert rewrite(source, to="tfdata").code == source
    reasons = [n.message for n in rewrite(source, to="tfdata").notes if n.kind == "refused"]
    assert any("is a placeholder fed at each run" in r for r in reasons), reasons


JOIN = '''\
import tensorflow.compat.v1 as tf


def read_a(queue):
    _, value = tf.TFRecordReader().read(queue)
    return [tf.strings.length(value)]


def read_b(queue):
    _, value = tf.TextLineReader().read(queue)
    return [tf.strings.length(value)]


def inputs(files, others):
    queue = tf.train.string_input_producer(files, num_epochs=1)
    other = tf.train.string_input_producer(others, num_epochs=1)
    return tf.train.batch_join({lists}, batch_size=4)
'''


def test_branches_of_different_readers_become_a_choice_of_their_datasets():
    result = rewrite(JOIN.format(lists="[read_a(queue), read_b(other)]"), to="tfdata")
    assert result.changed and not result.refused, result.notes
    assert "choose_from_datasets(" in result.code and "def read_a(value):" in result.code, result.code
    assert "TFRecordDataset" in result.code and "TextLineDataset" in result.code and not scan_source(result.code)


@pytest.mark.parametrize("lists, reason", [
    ("[read_a(queue), read_b(queue)]", "`queue` is also used outside the pipeline"),
    ("[read_a(queue), [tf.constant(1)]]", "list 1 of the join is not a pipeline the rewrite knows: no input producer"),
])
def test_branches_that_share_a_source_or_differ_in_size_are_left_with_their_reason(lists, reason):
    source = JOIN.format(lists=lists)
    assert rewrite(source, to="tfdata").code == source
    reasons = [o.reason for o in recognize(source) if not o.rewritten]
    assert reasons and reason in reasons[0], reasons


COPIES = '''\
import tensorflow.compat.v1 as tf


def scale(row, k=1):
    return [row[0] * k, row[1]]


def inputs(table):
    row = tf.train.input_producer(table, num_epochs=1, shuffle=False).dequeue()
    return tf.train.batch_join([scale(row{extra}) for {target} in range(3)], batch_size=4)
'''


def test_copies_of_per_element_code_become_one_map_with_k_calls():
    result = rewrite(COPIES.format(extra="", target="_"), to="tfdata")
    assert result.changed and not result.refused, result.notes
    assert "num_parallel_calls=3" in result.code and not scan_source(result.code), result.code
    assert any("batch_join's 3 copies of `scale` become one map" in n.message for n in result.notes), result.notes


def test_copies_that_differ_by_their_index_are_not_taken_for_copies():
    source = COPIES.format(extra=", k", target="k")
    assert "tf.train.batch_join([scale(row, k) for k in range(3)]" in rewrite(source, to="tfdata").code
    (join,) = [o for o in recognize(source) if o.api == "train.batch_join"]
    assert not join.rewritten


INLINE = '''\
import tensorflow.compat.v1 as tf


def inputs(files, flag):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    contents = {value}
    return tf.train.batch([tf.strings.length(contents)], batch_size=4)
'''


def test_a_dequeue_inside_an_expression_is_named_first_where_it_runs_once():
    result = rewrite(INLINE.format(value="tf.read_file(queue.dequeue())"), to="tfdata")
    assert result.changed and not result.refused, result.notes
    assert "def make_element(file_name):\n        contents = tf.read_file(file_name)" in result.code, result.code
    assert not scan_source(result.code)
    (outcome,) = recognize(INLINE.format(value="tf.read_file(queue.dequeue())"))
    assert outcome.rewritten and outcome.line == 7  # the batch's own line in the file as written
    guarded = INLINE.format(value='tf.cond(flag, lambda: tf.read_file(queue.dequeue()), lambda: tf.constant(""))')
    assert rewrite(guarded, to="tfdata").code == guarded  # evaluated in a lambda: not named, left
