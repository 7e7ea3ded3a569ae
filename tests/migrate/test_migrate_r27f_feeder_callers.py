"""Held-out round 27's feeding class called from another module (`feed/across_calls.py`): a class whose thread
fed a queue through placeholders, rewritten in its module (the feeding method a generator, the starter making
no thread), while the program that starts it (`feeder.start(sess, generator, coord)`,
`feeder.start_threads(sess, coord)`) is another module of the tree. The calls there change as they would in
the class's own module: the coordinator argument of a parameter that went is dropped, the one thread the
starter returned (``None`` now) is no longer joined; the coordinator is then the plumbing pass's. Where the
other module uses the class or its thread in a way that cannot be followed, the class's module is left,
saying why.

The programs of ``r27f_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib
import shutil

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge._src.migrate.tree import rewrite_tree

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r27f_programs"


@pytest.mark.timeout(500)
def test_the_r27f_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    assert [n for n, c in code.items() if "Queue(" in c or "threading" in c] == [], code
    windows = code["windows_feeder_start_one_thread.py"]
    assert "thread = feeder.start(sess, windows.sliding_windows(series, WINDOW, HORIZON))\n" in windows
    assert "coord" not in windows and ".join(" not in windows.replace("os.path.join(", "")
    assert "threads = feeder.start(sess)\n" in code["rows_feeder_list_of_threads.py"]
    assert "worker.join()" not in code["pairs_feeder_module_import_start_threads.py"]
    assert "feeder.stop(sess)\n" in code["pairs_feeder_module_import_start_threads.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact")


def _tree(tmp_path, main: str, text: str):
    root = tmp_path / "tree"
    shutil.copytree(PROGRAMS / "r27f_lib", root / "r27f_lib", ignore=shutil.ignore_patterns("__pycache__"))
    (root / main).write_text(text)
    sources = {str(p): p.read_text() for p in sorted(root.rglob("*.py"))}
    results = rewrite_tree(sources, root=str(root))
    return results[str(root / main)], results[str(root / "r27f_lib" / "window_feeder.py")]


SOURCE = (PROGRAMS / "windows_feeder_start_one_thread.py").read_text()


@pytest.mark.parametrize("change, said", [
    # the instance handed to a function: its calls there are not followed
    (("        while True:\n", "        report(feeder)\n        while True:\n"),
     "passes on or reads whole `feeder`, a `WindowFeeder`, at line"),
    # the one thread the starter returned, used other than joined
    (("        coord.request_stop()\n", "        print(thread.is_alive())\n        coord.request_stop()\n"),
     "uses the thread `feeder.start` returns beyond its joins"),
    # an op the rewrite takes from the class
    (("        coord.request_stop()\n", "        sess.run(feeder.close_op)\n        coord.request_stop()\n"),
     "reads `feeder.close_op`"),
    # the starter called through `*args`
    (("windows.sliding_windows(series, WINDOW, HORIZON), coord)", "*(windows.sliding_windows(series, WINDOW, "
      "HORIZON), coord))"), "with `*args`"),
    # the class kept other than under a name
    (("    feeder = WindowFeeder(", "    feeders = [WindowFeeder("), "other than made and kept under a name"),
])
def test_a_use_the_rewrite_cannot_follow_leaves_the_class_in_its_module(tmp_path, change, said):
    text = SOURCE.replace(*change)
    assert text != SOURCE
    if "feeders = [" in text:
        text = text.replace("HORIZON)\n    start, x, y = feeder",
                            "HORIZON)]\n    feeder = feeders[0]\n    start, x, y = feeder")
    main, lib = _tree(tmp_path, "main.py", text)
    assert lib.code == lib.source and main.code == text, (lib.notes, main.code)
    refused = " ".join(n.message for n in lib.refused)
    assert "`WindowFeeder` left: main.py " in refused and said in refused, lib.notes


def test_a_coordinator_passed_inline_is_dropped_with_its_parameter(tmp_path):
    text = SOURCE.replace("        coord = tf1.train.Coordinator()\n", "").replace(
        "HORIZON), coord)", "HORIZON), tf1.train.Coordinator())").replace(
        "        coord.request_stop()\n        coord.join([thread])\n", "")
    main, lib = _tree(tmp_path, "main.py", text)
    assert lib.code != lib.source and not main.refused, main.notes
    assert "thread = feeder.start(sess, windows.sliding_windows(series, WINDOW, HORIZON))\n" in main.code


BUCKETS = '''\
import tensorflow as tf

tf1 = tf.compat.v1


class Buckets(object):
    def __init__(self, ids, n, batch_size):
        self.queues = []
        for i in range(n):
            self.queues.append(tf1.PaddingFIFOQueue(8, [tf.int64], shapes=[[None]]))
        bucket = tf.minimum(tf.size(ids) // 3, n - 1)
        self.enqueue_op = tf1.case([(tf.equal(bucket, i), self._fn(q, ids)) for i, q in enumerate(self.queues)],
                                   exclusive=True)
        self.batches = [q.dequeue_up_to(batch_size) for q in self.queues]

    @staticmethod
    def _fn(q, ids):
        def fn():
            with tf.control_dependencies([q.enqueue([ids])]):
                return tf.constant(0)
        return fn
'''


def test_hand_written_bucketing_over_a_list_of_padding_queues_is_left_saying_why():
    from tfdata_bridge.migrate import rewrite

    result = rewrite(BUCKETS, to="tfdata")
    said = " ".join(n.message for n in result.refused)
    assert result.code == BUCKETS
    assert "`PaddingFIFOQueue`s appended to the list `self.queues`, one per turn of the loop at line 9" in said
    assert "chosen by `tf1.case` (line 12) over their enqueue ops: a hand-written bucketing" in said
    assert "each queue read by its own `dequeue_up_to`" in said and "group_by_window" in said
    comp = BUCKETS.replace("        self.queues = []\n        for i in range(n):\n            self.queues.append(",
                           "        self.queues = [").replace("shapes=[[None]]))\n", "shapes=[[None]]) for i in range(n)]\n")
    result = rewrite(comp, to="tfdata")
    said = " ".join(n.message for n in result.refused)
    assert "`PaddingFIFOQueue`s made by a list comprehension (`self.queues`), one per element" in said, said
