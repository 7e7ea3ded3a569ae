"""Held-out round 32's im2txt form, and its variants: a function (or method) builds a hand-built values queue
(`FIFOQueue` / `RandomShuffleQueue` filled by readers' enqueue ops and a `QueueRunner`) and returns it; its
caller dequeues it once per preprocessing copy (a for-loop or a list comprehension) into a `batch_join` (with
`dynamic_pad=True`, possibly in a batch helper it hands the copies to), and may call the builder more than once
(train and eval). In legacy the copies compete for the one queue's elements: every element is delivered once in
all, never once per copy, so rows are compared as a multiset (each tagged with its input), batch sizes equal.

- `im2txt_model_attr_targets_package`: the round's shape shrunk (reader on `self.reader`, the prefetch and batch
  helpers in `r32i_lib/inputs.py`, the batch helper's values bound to a tuple of attributes of `self`);
- `two_calls_same_module_loop`: the builder in the program's module, called twice, for-loop copies;
- `two_calls_other_module_comprehension`: the builder in `r32i_lib/builder.py`, called twice by one function,
  comprehension copies, `from tensorflow.compat.v1 import train`;
- `class_method_builder`: the builder a method, called once per object, two objects (train and eval);
- `one_function_reader_loop_shuffled`: no builder: the queue made where it is dequeued per copy.
"""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r32i_programs"


@pytest.mark.timeout(500)
def test_the_r32i_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 5
    assert all("Queue(" not in c and ".dequeue()" not in c for c in code.values()), code
    assert "def prefetch_input_data" not in code["inputs.py"] and "def batch_with_dynamic_pad" not in code["inputs.py"]
    assert "def values_queue" not in code["builder.py"]
    assert code["two_calls_same_module_loop.py"].count(".padded_batch(4") == 2
    assert code["two_calls_other_module_comprehension.py"].count(".padded_batch(4") == 2
    assert "def make_queue" not in code["class_method_builder.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset")


ALIAS = '''\
import tensorflow.compat.v1 as tf


def batches(files, threads):
    file_queue = tf.train.string_input_producer(files, num_epochs=1)
    _, line = tf.TextLineReader().read(file_queue)
    serialized = line
    copies = []
    for _ in range(threads):
        a, b = tf.decode_csv(serialized, [[0], [0]])
        copies.append([a, b])
    return tf.train.batch_join(copies, batch_size=4)
'''


def test_a_statement_between_the_read_and_the_copies_moves_into_the_map_function():
    result = rewrite(ALIAS, to="tfdata")
    assert not result.refused, result.notes
    code = result.code
    assert "TextLineReader()" not in code and code.count("serialized = line") == 1, code
    before_map = code[:code.index("def ")]
    assert "serialized" not in before_map, code


SAME_FUNCTION = '''\
import tensorflow.compat.v1 as tf


def batches(files, threads):
    file_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    queue = tf.FIFOQueue(32, [tf.string], shapes=[()])
    ops = []
    for _ in range(2):
        _, value = tf.TFRecordReader().read(file_queue)
        ops.append(queue.enqueue([value]))
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, ops))
    copies = []
    for _ in range(threads):
        copies.append([tf.strings.length(queue.dequeue())])
    {end}
'''


@pytest.mark.parametrize("end, rewritten", [
    ("return tf.train.batch_join(copies, batch_size=4)", True),
    # the copies read together by one op (each run takes `threads` elements): no dequeue may be shared
    ("return tf.train.batch([tf.stack([c[0] for c in copies])], batch_size=4)", False),
    ("return copies", False),
])
def test_a_queue_dequeued_per_copy_in_its_own_function_shares_one_dequeue_only_for_a_join(end, rewritten):
    source = SAME_FUNCTION.replace("{end}", end)
    result = rewrite(source, to="tfdata")
    if rewritten:
        assert not result.refused and "FIFOQueue(" not in result.code and "num_parallel_calls=threads" in \
            result.code, result.code
    else:
        assert result.refused and result.code == source
