"""Held-out round 37's retina reader: slim-style parallel readers whose common queue is chosen by a branch on a
value Python reads when the graph is built (``if shuffle:`` a RandomShuffleQueue, else a FIFOQueue; or the same as
a conditional expression), filled by k readers' enqueue ops and a QueueRunner, dequeued (or ``dequeue_many``)
and returned to the caller's batch. The chain keeps the choice: ``if shuffle: records = records.shuffle(C)``; a
flag the one call gives as a literal takes its arm. A helper of another module (a package) gives each call its own
chain and goes from its module once no module names it.

The programs of ``r37b_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r37b_programs"
COMPARE = {"flag_twice_same_function": "multiset", "ifexp_helper_flag": "multiset", "dequeue_many_flag": "exact",
           "package_helper_in_order": "order", "package_helper_by_name": "multiset"}


@pytest.mark.timeout(500)
def test_the_r37b_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert sorted(p.stem for p in programs) == sorted(COMPARE)
    lines = {n: [ln for ln in c.splitlines() if not ln.lstrip().startswith("#")] for n, c in code.items()}
    assert [n for n, c in lines.items() if any("Queue(" in ln or "QueueRunner" in ln for ln in c)] == [], code
    assert "    if shuffle:\n        records = records.shuffle(16)\n" in code["flag_twice_same_function.py"]
    assert "    if SHUFFLE_RECORDS:\n        records = records.shuffle(12)\n" in code["ifexp_helper_flag.py"]
    assert "    if not in_order:\n        records = records.shuffle(10)\n" in code["dequeue_many_flag.py"]
    # the library's helper, called by two programs (through its module, by name): each call its own chain, the
    # module's constants as the call reads them; the helper then goes from the library, and its import by name
    assert "    if SHUFFLE:\n        records = records.shuffle(12)\n" in code["package_helper_by_name.py"]
    assert "from r37b_lib.readers import write_shards\n" in code["package_helper_by_name.py"]
    assert "shuffle(" not in code["package_helper_in_order.py"].replace("# ", "")
    assert "def parallel_read(" not in code["readers.py"] and "def write_shards(" in code["readers.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE[name], end=None)


BRANCHED = '''\
import tensorflow.compat.v1 as tf


def read(files, shuffle):
    filename_queue = tf.train.string_input_producer(files, num_epochs=1)
    if {test}:
        queue = tf.RandomShuffleQueue(capacity=8, min_after_dequeue=2, dtypes={first})
    else:
        queue = tf.FIFOQueue(capacity=8, dtypes={second})
    ops = []
    for _ in range(2):
        reader = tf.TFRecordReader()
        _, value = reader.read(filename_queue)
        ops.append(queue.enqueue([value]))
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(queue, ops))
    return queue.dequeue()


def main(files, flag):
    value = read(files, flag)
    return tf.train.batch([value], batch_size=2)
'''


@pytest.mark.parametrize("test, first, second, reason", [
    ("shuffle", "[tf.string]", "[tf.int64]", "differ in their `dtypes`"),
    ("shuffle", "[tf.string], shared_name='q'", "[tf.string]", "shared_name=...)"),
    ("shuffle()", "[tf.string]", "[tf.string]", "a test that calls something is not followed"),
])
def test_queues_a_branch_chooses_that_differ_in_what_they_hold_are_refused(test, first, second, reason):
    result = rewrite(BRANCHED.format(test=test, first=first, second=second), "tfdata")
    assert result.refused and "QueueRunner" in result.code
    assert any(reason in n.message for n in result.notes), result.notes


READER = '''\
import tensorflow.compat.v1 as tf


class Reader(object):
    def __init__(self, files, shuffle=True, num_readers=2):
        self.files = files
        self.shuffle = shuffle
        self.num_readers = num_readers

    def parallel_reader(self):
        filename_queue = tf.train.string_input_producer(self.files, num_epochs=1, shuffle=self.shuffle)
        if self.shuffle:
            examples_queue = tf.RandomShuffleQueue(capacity=8, min_after_dequeue=2, dtypes=[tf.string])
        else:
            examples_queue = tf.FIFOQueue(capacity=8, dtypes=[tf.string])
        enqueue_ops = []
        for _ in range(self.num_readers):
            reader = tf.TFRecordReader()
            _, value = reader.read(filename_queue)
            enqueue_ops.append(examples_queue.enqueue([value]))
        tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(examples_queue, enqueue_ops))
        return examples_queue.dequeue()
'''
CALLER = '''\
import tensorflow.compat.v1 as tf

from rlib.reader import Reader


def main(files):
    value = Reader(files, shuffle=True).parallel_reader()
    return tf.train.batch([value], batch_size=2)
'''


def test_a_reader_class_of_another_module_returning_the_dequeue_is_written_at_its_caller(tmp_path):
    """Round 37's retina form (the queue's method of a class in a package, the batch in its caller, the object
    made inline): the method is written at its call (``provider_inline._reader_inlined``), ``self.shuffle`` as the
    call's literal taking its arm, and the class goes from its module (``test_migrate_r37o_reader_objects.py``
    runs such programs both ways and pins the note of a class it cannot follow)."""
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    (tmp_path / "rlib").mkdir()
    files = {tmp_path / "rlib" / "__init__.py": "", tmp_path / "rlib" / "reader.py": READER,
             tmp_path / "prog.py": CALLER}
    for p, text in files.items():
        p.write_text(text)
    out = rewrite_tree({str(p): t for p, t in files.items()}, root=str(tmp_path))
    lib, prog = out[str(tmp_path / "rlib" / "reader.py")], out[str(tmp_path / "prog.py")]
    assert "class Reader" not in lib.code and not lib.refused, lib.notes
    assert not prog.refused and "import Reader" not in prog.code and "Reader(" not in prog.code, prog.notes
    assert ".shuffle(8)" in prog.code and "cycle_length=2" in prog.code, prog.code


LIB_WITH_OWN_CALLER = READER.replace("class Reader(object):", "class Unused(object):") + '''

def parallel_read(files, shuffle, num_readers=2):
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=shuffle)
    queue = tf.RandomShuffleQueue(capacity=8, min_after_dequeue=2, dtypes=[tf.string]) if shuffle else \\
        tf.FIFOQueue(capacity=8, dtypes=[tf.string])
    ops = []
    for _ in range(num_readers):
        reader = tf.TFRecordReader()
        _, value = reader.read(filename_queue)
        ops.append(queue.enqueue([value]))
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(queue, ops))
    return queue.dequeue()


def in_order(files):
    return tf.train.batch([parallel_read(files, False, 1)], batch_size=2)
'''
IMPORTER = '''\
import tensorflow.compat.v1 as tf

from rlib.reader import parallel_read


def main(files):
    value = parallel_read(files, True)
    return tf.train.batch([value], batch_size=2)
'''


def test_a_helper_its_own_module_and_another_call_goes_once_both_are_rewritten(tmp_path):
    """Called in its module and imported by name elsewhere: each call its own chain; the helper goes from its
    module only with the other module's import of it (no module is left importing a name that is gone)."""
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    (tmp_path / "rlib").mkdir()
    files = {tmp_path / "rlib" / "__init__.py": "", tmp_path / "rlib" / "reader.py": LIB_WITH_OWN_CALLER,
             tmp_path / "prog.py": IMPORTER}
    for p, text in files.items():
        p.write_text(text)
    out = rewrite_tree({str(p): t for p, t in files.items()}, root=str(tmp_path))
    lib, prog = out[str(tmp_path / "rlib" / "reader.py")], out[str(tmp_path / "prog.py")]
    assert "def parallel_read(" not in lib.code and "def in_order(" in lib.code
    assert "parallel_read" not in prog.code and "records = records.shuffle(8)" not in prog.code
    assert ".shuffle(8)" in prog.code and "class Unused" in lib.code
