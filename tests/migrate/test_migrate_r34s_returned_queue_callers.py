"""Held-out round 34's `sms_spam_words` form, and its variants: a function builds a file producer and a reader,
fills a hand-built queue (`RandomShuffleQueue` / `FIFOQueue`) through a `QueueRunner` with `enqueue` of one
record or `enqueue_many` of a per-record vector (a message's words, a row's values), and returns the queue; its
one caller, in its module or in another module of the tree, batches it with `dequeue_many(n)` (legacy drops a
final remainder smaller than n after the close) or `dequeue_up_to(n)` (kept). The builder of another module is
inlined at its call, its module's imports the caller lacks (`from tensorflow.compat.v1 import train`) added, and
the hand-built-queue rewrite then takes it: `enqueue_many` unbatches in the chain before the shuffle.

- `shuffled_words_other_module_dequeue_many`: the round's shape (RandomShuffleQueue, enqueue_many, `dequeue_many`,
  the caller importing no `train`): rows compared as a multiset (24 words, batches of 4);
- `ordered_words_other_module_dequeue_up_to`: FIFOQueue, the builder imported by name into a function of the
  caller, `dequeue_up_to(5)` of 22 words (the short last batch kept): exact;
- `row_values_other_module_dequeue_many_drops_tail`: FIFOQueue of a row's three values (`import r34s_lib.queues`),
  `dequeue_many(5)` of 21 values (the last one dropped): exact;
- `shuffled_rows_same_module_enqueue`: the builder in the caller's module, one `enqueue` per row: multiset;
- `ordered_words_same_module_enqueue_many`: the builder in the caller's module, enqueue_many: exact;
- `shuffled_lengths_other_module_dequeue_then_batch`: a RandomShuffleQueue of another module read one word at a
  time by `dequeue()` into `train.batch`: the groups unbatched before the shuffle; multiset;
- `shuffled_rows_same_module_dequeue_one_at_a_time`: a RandomShuffleQueue of the caller's module (enqueue_many of a
  row's values) read one value at a time by `dequeue()` in a session loop: multiset.

Refused, with the reason on the builder's queue: a builder called twice, a queue read beyond its one dequeue.
"""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge._src.migrate.tree import rewrite_tree

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r34s_programs"


@pytest.mark.timeout(500)
def test_the_r34s_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 7
    assert all("Queue(" not in c and ".dequeue" not in c for c in code.values()), code
    assert "def shuffled_words" not in code["queues.py"] and "def row_values" not in code["queues.py"]
    assert ".unbatch()\n        .shuffle(40, seed=7)\n        .batch(4, drop_remainder=True)" in \
        code["shuffled_words_other_module_dequeue_many.py"]
    assert ".batch(5, drop_remainder=False)" in code["ordered_words_other_module_dequeue_up_to.py"]
    assert ".unbatch()" in code["row_values_other_module_dequeue_many_drops_tail.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    # legacy's batch counts: 24 / 4, 22 / 5 (the 2 left kept), 21 / 5 (the 1 left dropped), 8 / 4, 24 / 3
    ends = {"shuffled_words_other_module_dequeue_many": 6, "ordered_words_other_module_dequeue_up_to": 5,
            "row_values_other_module_dequeue_many_drops_tail": 4, "shuffled_rows_same_module_enqueue": 2,
            "ordered_words_same_module_enqueue_many": 8, "shuffled_lengths_other_module_dequeue_then_batch": 6,
            "shuffled_rows_same_module_dequeue_one_at_a_time": 6}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert want["end"] == "%d batches" % ends[name], (name, want["end"])
        assert_delivers_the_same(name, want, got, "multiset" if name.startswith("shuffled") else "exact", end=None)


BUILDER = """\
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def words_queue(filenames):
    filename_queue = train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(filename_queue)
    words = tf.string_split([line], delimiter=" ").values
    queue = tf.RandomShuffleQueue(64, 4, [tf.string], shapes=[[]])
    train.add_queue_runner(train.QueueRunner(queue, [queue.enqueue_many([words])]))
    return queue
"""

CALLER = """\
import tensorflow.compat.v1 as tf

from lib import builder


def inputs(files):
{body}
"""


@pytest.mark.parametrize("body, rewritten, said", [
    ("    queue = builder.words_queue(files)\n    return queue.dequeue_many(4)", True, None),
    ("    queue = builder.words_queue(files)\n    return queue.dequeue_many(4), queue.size()", False,
     "its one caller, `inputs` of another module, reads it otherwise"),
    ("    a = builder.words_queue(files[:1]).dequeue_many(4)\n    b = builder.words_queue(files[1:])\n"
     "    return a, b.dequeue_up_to(4)", False, "is called 2 times"),
])
def test_a_builder_of_another_module_is_followed_to_its_one_caller_only(tmp_path, body, rewritten, said):
    sources = {str(tmp_path / "lib" / "__init__.py"): "", str(tmp_path / "lib" / "builder.py"): BUILDER,
               str(tmp_path / "main.py"): CALLER.format(body=body)}
    results = rewrite_tree(sources, root=str(tmp_path))
    main, lib = results[str(tmp_path / "main.py")], results[str(tmp_path / "lib" / "builder.py")]
    if rewritten:
        assert not main.refused and not lib.refused, (main.notes, lib.notes)
        assert ".unbatch()\n        .shuffle(64)\n        .batch(4, drop_remainder=True)" in main.code, main.code
        assert "def words_queue" not in lib.code and "RandomShuffleQueue(" not in main.code
    else:
        assert lib.refused and lib.code == BUILDER and main.code == sources[str(tmp_path / "main.py")]
        assert any(said in n.message for n in lib.notes), lib.notes
