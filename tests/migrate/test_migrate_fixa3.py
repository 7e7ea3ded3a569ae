"""Held-out round 58's matt-komm ``root_reader`` form: a reader class whose ``__init__`` COMPUTES its state (a
loop over a feature dict, a list extended, a dict of slice lambdas made by a ``@staticmethod`` or a module-level
function) and whose methods read the file queue handed to it and apply the lambdas to the block read. It was
"its class is not a plain one (a base but `object`, a decorator, ...)". Such an object is now written at its
caller: the ``__init__``'s statements there (its locals renamed apart, each attribute a local, or the value it
keeps where that is a constant or a name bound once), the methods' statements at their call, and each static
function the methods or ``__init__`` read (``self.f`` / ``Cls.f``) a module-level function of the caller's
module (one for two objects). An ``__init__`` that calls a method, hands ``self`` on, or reads an attribute
before it sets it at the top of its body is left, with its reason.

The programs of ``fixa3_programs/`` (a package class by name, two objects made and read at once through the
module, a same-module class with a module-level formatter function) are migrated as one tree and run against
their originals (one file queue, no shuffle: the same rows in order)."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixa3_programs"


@pytest.mark.timeout(300)
def test_the_fixa3_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    lib = code["fixa3_lib/chamber.py"] if "fixa3_lib/chamber.py" in code else code["chamber.py"]
    assert "class ChamberReader" not in lib, lib  # (every object written at its caller: the class goes)
    two = code["reader_class_module_import_inline_two_instances.py"]
    assert two.count("def columns(") == 1, two  # (one module-level function for both objects)
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "order")


_CLASS = '''
import tensorflow as tf


class Reader:
    def __init__(self, queue, names):
        self._queue = queue
        self._formats = {}
        for i, name in enumerate(names):
            self._formats[name] = Reader.column(i)

    @staticmethod
    def column(i):
        return lambda t: t[:, i]

    def batch(self):
        _, lines = tf.compat.v1.TextLineReader().read_up_to(self._queue, 4)
        table = tf.stack(tf.io.decode_csv(lines, [[0.0], [0.0]]), axis=1)
        return {name: fmt(table) for name, fmt in self._formats.items()}


def main(files):
    queue = tf.compat.v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    parts = Reader(queue, ["a", "b"]).batch()
    return tf.compat.v1.train.batch([parts["a"], parts["b"]], batch_size=4, enqueue_many=True)
'''


def _said(source: str) -> str:
    result = rewrite(source, to="tfdata")
    assert result.refused and "train.batch(" in result.code, result.code
    return " ".join(" ".join(n.message for n in result.notes).split())


@pytest.mark.parametrize("change, words", [
    (("        self._formats = {}\n", ""), "reads or sets `self._formats` before `self._formats = value`"),
    (("        self._queue = queue\n", "        self._queue = queue\n        register(self)\n"),
     "its `__init__` hands `self` itself on"),
    (("        for i, name", "        while False:\n            pass\n        for i, name"),
     "its `__init__` computes what it keeps with a nested function, a lambda, a `return`, a `while`"),
])
def test_an_init_that_cannot_stand_at_the_caller_is_left_with_its_reason(change, words):
    source = _CLASS.replace(*change)
    assert source != _CLASS
    assert words in _said(source)


def test_a_class_of_another_module_reading_that_module_s_globals_is_left_with_its_reason(tmp_path):
    """Its code cannot stand at a caller in another module: ``ORDER`` means nothing there."""
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    lib = (PROGRAMS / "fixa3_lib" / "chamber.py").read_text() \
        .replace("        for name in sorted(self._features.keys()):", "        for name in sorted(ORDER):") \
        .replace("class ChamberReader():", "ORDER = ['hits', 'track']\n\n\nclass ChamberReader():")
    main = (PROGRAMS / "reader_class_package_static_lambdas.py").read_text()
    sources = {str(tmp_path / "fixa3_lib" / "__init__.py"): "", str(tmp_path / "fixa3_lib" / "chamber.py"): lib,
               str(tmp_path / "main.py"): main}
    result = rewrite_tree(sources, root=str(tmp_path))[str(tmp_path / "main.py")]
    said = " ".join(" ".join(n.message for n in result.notes).split())
    assert result.refused and "train.batch(" in result.code, result.code
    assert "it reads `ORDER`, a name its own module binds" in said, said
