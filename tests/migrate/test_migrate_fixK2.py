"""A base class's batching method (an ``input_fn`` closure it returns, or the method itself) reading through
methods its subclasses override (``self.get_record()``, ``self.decode_record(record)``): each subclass of the
tree is given its own copy with those calls written out as its methods' bodies (``overridden_calls.py``), the
queue kept on ``self`` (behind ``if self.queue is None``, or not) a local of that block. The programs of
``fixK2_programs/`` (a package with the bases and subclasses of other modules, and a program holding its own
base and subclass) are migrated as one tree and run against their originals; forms that cannot be written out
are left with the base's note."""

from __future__ import annotations

import pathlib
import shutil

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, migrate_tree_allowing_refusals, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixK2_programs"


@pytest.mark.timeout(300)
def test_a_base_batch_reading_through_overridden_methods_is_given_to_each_subclass(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    lines, feeds, records = code["lines.py"], code["feeds.py"], code["records.py"]
    assert "def get_input_fn" not in code["base.py"] and "def get_record" in code["base.py"]
    assert lines.count("def get_input_fn(self):") == 2 and "tf.data" in lines  # (each subclass its own)
    assert "self.queue" not in lines.split("class WordReader")[0].split("def get_input_fn")[1]
    assert "def batches" not in feeds.split("class CsvFeed")[0] and feeds.count("def batches(self):") == 1
    assert "def batches(self):" in records and "TFRecordDataset" in records
    assert "def make_fn" in code["own_module_closure.py"].split("class Words")[1]
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end="OutOfRangeError")


LEFT = {
    # a base the tree makes itself: its own stubs run there
    "base_made.py": ("B(path).fn()", ""),
    # a queue kept behind ``if`` that another method reads too
    "kept_read.py": ("S(path).fn()", "\n    def size(self):\n        return self.q.size()\n"),
    # a called method returning twice
    "two_returns.py": ("S(path).fn()", "\n    def more(self, x):\n        return x\n"),
}

_LEFT_PROGRAM = '''import tensorflow.compat.v1 as tf


class B(object):
    def __init__(self, path):
        self.path = path
        self.q = None

    def fn(self):
        value = self.read()
        return tf.train.batch([value], batch_size=2)

    def read(self):
        raise NotImplementedError


class S(B):
    def read(self):
        if self.q is None:
            self.q = tf.train.string_input_producer([self.path], num_epochs=1, shuffle=False)
        RETURN
EXTRA

def main(path):
    return MAKE
'''


def test_forms_not_written_out_keep_the_base_note(tmp_path):
    folder = tmp_path / "left"
    folder.mkdir()
    for name, (make, extra) in LEFT.items():
        ret = "_, v = tf.TextLineReader().read(self.q)\n        if v is None:\n            return v\n        return v" \
            if name == "two_returns.py" else "return tf.TextLineReader().read(self.q)[1]"
        text = _LEFT_PROGRAM.replace("RETURN", ret).replace("EXTRA", extra).replace("MAKE", make)
        if name == "base_made.py":
            text += "\n\ndef other(path):\n    return B(path)\n"
        (folder / name).write_text(text)
    out = migrate_tree_allowing_refusals(folder, tmp_path / "o", tmp_path / "m")
    for name in LEFT:
        text, notes = out[name]
        assert "def fn(self):" in text.split("class S")[0], (name, text)
        assert "11: `train.batch` pipeline left unchanged" in notes, (name, notes)  # (another pass's reason)
    shutil.rmtree(folder)


_BASE = '''import tensorflow.compat.v1 as tf


class Base(object):
    def __init__(self, path, queue=None):
        self.path = path
        self.queue = queue

    def batches(self):
        value = self.read()
        return tf.train.batch([value], batch_size=2)
'''
_SUB = '''import tensorflow.compat.v1 as tf
from .base import Base


class Sub(Base):
    def read(self):
        if self.queue is None:
            self.queue = tf.train.string_input_producer([self.path], num_epochs=1)
        return tf.TextLineReader().read(self.queue)[1]
'''


@pytest.mark.parametrize("program, written", [
    ("Sub('a.txt').batches()", True),
    ("Sub('a.txt', queue=q).batches()", False),  # (a queue handed in: ``if self.queue is None`` may not hold)
    ("Sub('a.txt', q).batches()", False),
    ("Sub('a.txt').batches()\n\n\nclass Again(Sub):\n    pass", False),  # (a subclass subclassed again)
    ("Base('a.txt').batches()", False),  # (the base made itself)
])
def test_which_trees_the_base_method_is_given_to_the_subclass_in(program, written):
    from tfdata_bridge._src.migrate.overridden_calls import split_overridden_calls

    sources = {"/t/pkg/base.py": _BASE, "/t/pkg/sub.py": _SUB,
               "/t/prog.py": f"from pkg.sub import Sub\nfrom pkg.base import Base\nq = None\n{program}\n"}
    out = split_overridden_calls(sources)
    if not written:
        assert out is None
        return
    assert "def batches" not in out["/t/pkg/base.py"]
    sub = out["/t/pkg/sub.py"]
    assert "def batches(self):" in sub and "self.queue" not in sub and "def read" not in sub, sub
    assert "queue = tf.train.string_input_producer" in sub and ".read(queue)[1]" in sub, sub


_CLOSURE_BASE = _BASE.replace('''    def batches(self):
        value = self.read()
        return tf.train.batch([value], batch_size=2)
''', '''    def get_input_fn(self):
        def input_fn():
            value = self.read()
            return tf.train.batch([value], batch_size=2)
        return input_fn
''')
# (no ``if``: each run makes its own queue in TensorFlow 1 too, as each run of the copy makes its own dataset)
_SUB_NO_IF = _SUB.replace("        if self.queue is None:\n            self.queue", "        self.queue")


@pytest.mark.parametrize("program, written, why", [
    ("r = Sub('a.txt')\nr.get_input_fn()()", True, None),
    ("def main(p):\n    fn = Sub(p).get_input_fn()\n    return fn()", True, None),
    ("def main(p):\n    r = Sub(p)\n    fn = r.get_input_fn()\n    return fn(), fn()", False, "named 2 times"),
    ("def main(p, est):\n    est.train(input_fn=Sub(p).get_input_fn())", False, "handed on"),
    ("def main(p, est):\n    fn = Sub(p).get_input_fn()\n    est.train(input_fn=fn)", False, "handed on"),
    ("def main(p):\n    return Sub(p).get_input_fn()", False, "handed on"),
    ("class Model(object):\n    def build(self, p):\n        self.fn = Sub(p).get_input_fn()", False, "handed on"),
    ("def main(p):\n    r = Sub(p)\n    for _ in range(2):\n        r.get_input_fn()()", False, "in a loop"),
    ("def main(p):\n    fn = Sub(p).get_input_fn()\n    return [fn() for _ in range(2)]", False, "in a loop"),
    ("def main(r):\n    return r.get_input_fn()()", False, "not made in `main`"),
    ("r = Sub('a.txt')\nr.get_input_fn()()\nr.get_input_fn()()", False, "called 2 times"),
    ("Sub('a.txt')", False, "called nowhere"),
    ("make = Sub('a.txt').get_input_fn\nmake()()", False, "named without being called"),
    # (no ``if``: each run makes its own queue in TensorFlow 1 too, so a closure run twice is still written)
    ("def main(p):\n    fn = Sub(p).get_input_fn()\n    return fn(), fn()", "no if", None),
])
def test_a_queue_kept_behind_if_is_written_out_only_where_the_closure_runs_once(program, written, why):
    from tfdata_bridge._src.migrate.overridden_calls import split_overridden_calls

    said: list = []
    sources = {"/t/pkg/base.py": _CLOSURE_BASE, "/t/pkg/sub.py": _SUB_NO_IF if written == "no if" else _SUB,
               "/t/prog.py": f"from pkg.sub import Sub\n{program}\n"}
    out = split_overridden_calls(sources, said)
    if not written:
        assert out is None and len(said) == 1, said
        path, first, last, text = said[0]
        assert path == "/t/pkg/base.py" and first == 9 and last >= 13, said[0]
        assert why in text and "shares that one queue" in text, text
        return
    assert not said and out is not None
    sub = out["/t/pkg/sub.py"]
    assert "def get_input_fn(self):" in sub and "self.queue" not in sub and "def read" not in sub, sub
    assert "def get_input_fn" not in out["/t/pkg/base.py"]


def test_a_batching_method_keeping_its_queue_behind_if_called_twice_is_left_with_the_reason(tmp_path):
    folder = tmp_path / "twice"
    folder.mkdir()
    text = _LEFT_PROGRAM.replace("RETURN", "return tf.TextLineReader().read(self.q)[1]").replace("EXTRA", "")
    (folder / "twice.py").write_text(text.replace("MAKE", "[s.fn() for s in [S(path)] * 2]"))
    out = migrate_tree_allowing_refusals(folder, tmp_path / "o", tmp_path / "m")
    text, notes = out["twice.py"]
    assert "def fn(self):" in text.split("class S")[0], text
    assert "`fn` is called in a loop" in notes and "shares that one queue" in notes, notes
