"""Held-out round 21's leftovers (issue 17), Tacotron's coordinator: a feeder class (a ``threading.Thread``
subclass) handed the program's ``Coordinator``, which it only checked in its loop and reported errors to (after
printing them unless the program stopped first). Its rewritten code reads the coordinator no more: the
parameter goes from ``__init__`` and its argument from every call of the tree (another module, by keyword,
an inline ``Coordinator()``), the log stays before a ``raise`` (the error reaches ``get_next``), and the
program's coordinator is left as its loop's stop flag, which ``scan`` does not count.

The programs of ``r21_towers_programs/`` (package ``r21t_lib``) are migrated as one tree and run against their
originals, compared exactly; where the class still really uses the coordinator, both stay and the note says why."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge._src.migrate.tree import rewrite_tree

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r21_towers_programs"


@pytest.mark.timeout(500)
def test_the_r21_towers_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 4
    assert all("FIFOQueue(" not in c and "QueueRunner(" not in c for c in code.values()), code
    assert "def __init__(self, rows, batch_size):" in code["feeder.py"] and "_coord" not in code["feeder.py"]
    assert "def __init__(self, rows, scale=1.0):" in code["feeding.py"] and "self.coord" not in code["feeding.py"]
    assert "Feeder(list(range(10)), 3)" in code["coord_handed_to_thread_subclass.py"]
    assert "fd.GroupFeeder(list(range(1, 8)), scale=2.0)" in code["coord_handed_by_keyword_module_alias.py"]
    assert "Coordinator" not in code["coord_inline_to_thread_subclass.py"]
    assert "RowFeeder(list(range(7)))" in code["coord_handed_same_module_class.py"]
    for name in ("feeder.py", "feeding.py", "coord_handed_same_module_class.py"):
        assert code[name].count("raise\n") == 1, code[name]  # the log kept, the error raised to get_next
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        # a fixed number of steps over feeders that never end: the same batches, no end of data
        assert_delivers_the_same(name, want, got, "exact", end=None)


FEEDER = '''\
import threading

import tensorflow.compat.v1 as tf


class Feeder(threading.Thread):
    def __init__(self, coord, rows):
        super(Feeder, self).__init__()
        self.coord = coord
        self.rows = rows
        self.row = tf.placeholder(tf.float32, [2])
        queue = tf.FIFOQueue(4, [tf.float32], shapes=[[2]])
        self.enqueue = queue.enqueue([self.row])
        self.batch = queue.dequeue_many(2)

    def start_in_session(self, session):
        self.session = session
        self.start()

    def run(self):
        try:
            while not self.coord.should_stop():
                for r in self.rows:
                    self.session.run(self.enqueue, feed_dict={{self.row: [r, r]}})
        except Exception as e:
            if not self.coord.should_stop():
                print("feeder failed", e)
            self.coord.request_stop(e)
{more}
'''
PROGRAM = '''\
import tensorflow.compat.v1 as tf

from lib.feeder import Feeder


def main():
    coord = tf.train.Coordinator()
    feeder = Feeder({args})
    with tf.Session() as sess:
        feeder.start_in_session(sess)
        out = []
        for _ in range(3):
            if coord.should_stop():
                break
            out.append(sess.run(feeder.batch))
        coord.request_stop()
    return out
'''


def _tree(tmp_path, more="", args="coord, [1.0, 2.0]"):
    root = tmp_path / "tree"
    sources = {str(root / "lib" / "__init__.py"): "", str(root / "lib" / "feeder.py"): FEEDER.format(more=more),
               str(root / "main.py"): PROGRAM.format(args=args)}
    results = rewrite_tree(sources, root=str(root))
    return (results[str(root / "lib" / "feeder.py")], results[str(root / "main.py")])


def test_a_coordinator_handed_across_modules_goes_from_the_class_and_its_call(tmp_path):
    lib, main = _tree(tmp_path)
    assert "def __init__(self, rows):" in lib.code and "self.coord" not in lib.code
    assert 'print("feeder failed", e)\n            raise' in lib.code
    assert "Feeder([1.0, 2.0])" in main.code
    said = " ".join(n.message for n in main.notes)
    assert "`coord` kept: a Coordinator used as the loop's stop flag" in said, said


@pytest.mark.parametrize("more, args, why", [
    # the class still really uses it: a method the program may call asks it to stop the program
    ("\n    def abort(self):\n        self.coord.request_stop()", "coord, [1.0, 2.0]", "used at line 8"),
    # a call the rewrite cannot follow (``*args``): the signature stays
    ("", "*[coord, [1.0, 2.0]]", "used at line 8"),
])
def test_a_coordinator_still_used_or_passed_unfollowably_stays_saying_why(tmp_path, more, args, why):
    lib, main = _tree(tmp_path, more, args)
    assert "def __init__(self, coord, rows):" in lib.code
    assert "coord" in main.code.split("Feeder(")[1].split(")")[0]
    said = " ".join(n.message for n in main.notes)
    assert f"`coord` kept (harmless without runners): it is {why} beyond starting and stopping runners" in said, said


def test_scan_says_the_handed_coordinator_is_kept_as_the_stop_flag(tmp_path):
    from tfdata_bridge.migrate import scan_paths

    root = tmp_path / "tree"
    (root / "lib").mkdir(parents=True)
    (root / "lib" / "__init__.py").write_text("")
    (root / "lib" / "feeder.py").write_text(FEEDER.format(more=""))
    (root / "main.py").write_text(PROGRAM.format(args="coord, [1.0, 2.0]"))
    said = {f.api.rsplit(".", 1)[-1]: f.tfdata for f in scan_paths([root]).findings}
    assert said == {"Coordinator": "kept: a Coordinator used as the loop's stop flag, no runners",
                    "FIFOQueue": "rewritten into tf.data"}, said
