"""Held-out round 58's tftables form: a reader's METHOD (``reader.get_fifoloader(queue_size, inputs=[...])``)
hands the placeholders its caller gives it on to a loader class whose ``__init__`` makes the feed queue from
them. It was "the placeholders `inputs` are a parameter of `get_fifoloader`, which is neither a module-level
function nor a module-level class's `__init__`: its callers are not followed". A plain method of a module-level
class is now followed into its callers, read by the method's name (``x.get_loader(...)`` in every module of the
tree: any object may be one of the class's, so a same-named method of another object only adds callers that
must agree); a use of the name that is no plain call (an attribute read, a ``getattr`` string), a call on the
class itself, or a second class of the module defining the name is refused.

The programs of ``fixX_programs/`` are migrated as one tree and run against their originals (one feeding thread
into a FIFOQueue: exact order)."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixX_programs"
ENDS = {"method_loader_same_module_two_calls": "batches: 8"}


@pytest.mark.timeout(300)
def test_the_fixX_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    tables = code["fixX_lib/tables.py"] if "fixX_lib/tables.py" in code else code["tables.py"]
    same = code["method_loader_same_module_two_calls.py"]
    for text in (tables, same):
        assert "FIFOQueue(" not in text and "threading.Thread(" not in text, text
    assert "tf.TensorSpec(shape=[None, 3], dtype=tf.float32)" in tables, tables
    assert "tf.TensorSpec(shape=[None, 2], dtype=tf.float64)" in same, same
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end=ENDS.get(name, "OutOfRangeError"))


def _source() -> str:
    return (PROGRAMS / "method_loader_same_module_two_calls.py").read_text()


def _refused(source: str, words: str, kept: str = "FIFOQueue(") -> None:
    result = rewrite(source, to="tfdata")
    assert result.refused and kept in result.code, result.code
    said = " ".join(" ".join(n.message for n in result.notes).split())
    assert words in said, said


def test_the_module_as_written_is_rewritten():
    result = rewrite(_source(), to="tfdata")
    assert not result.refused and "FIFOQueue(" not in result.code, result.notes


def test_callers_handing_other_placeholders_are_refused():
    _refused(_source().replace("placeholder(tf.int64, [None])])", "placeholder(tf.int32, [None])])"),
             "the callers of `Reader.loader_for` hand `inputs` different placeholders")


def test_a_getattr_of_the_method_is_refused():
    _refused(_source() + "\n\ndef spare(r):\n    return getattr(r, 'loader_for')\n",
             "`Reader.loader_for` is used other than by plain calls")


def test_a_call_on_the_class_is_refused():
    _refused(_source().replace("reader.loader_for([", "Reader.loader_for(reader, ["),
             "is called on its class")


def test_a_second_class_with_the_method_name_is_refused():
    _refused(_source() + "\n\nclass Other:\n    def loader_for(self, inputs):\n        return inputs\n",
             "`Other` defines a `loader_for` too")


_READER_CLASS = '''
import tensorflow as tf

NAMES = ["a", "b"]


class Reader:
    def __init__(self, queue, batch):
        self._queue = queue
        self._batch = batch
        self._formats = {}
        for i, name in enumerate(NAMES):
            self._formats[name] = Reader.column(i)

    @staticmethod
    def column(i):
        return lambda t: t[:, i]

    def raw(self):
        _, lines = tf.compat.v1.TextLineReader().read_up_to(self._queue, self._batch)
        return tf.stack(tf.io.decode_csv(lines, [[0.0], [0.0]]), axis=1)

    def batch(self):
        result = self.raw()
        return {name: fmt(result) for name, fmt in self._formats.items()}


def main(files):
    queue = tf.compat.v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    batch_dict = Reader(queue, 5).batch()
    return tf.compat.v1.train.batch([batch_dict[n] for n in NAMES], batch_size=5, enqueue_many=True)
'''


def test_a_reader_object_whose_init_computes_its_state_is_written_at_its_caller():
    """Round 58's matt-komm ``root_reader`` form (its methods read the file queue handed to it, its ``__init__``
    builds slice lambdas through a static function): once left ("its class is not a plain one"), it is now
    written at its caller (fixA3: the ``__init__``'s statements there, its attributes as locals, the static
    function a module-level function), made and read at once or through a name; an ``__init__`` calling a plain
    method of its class is still left, with its reason."""
    kept = "train.batch("
    named = _READER_CLASS.replace("batch_dict = Reader(queue, 5).batch()",
                                  "reader = Reader(queue, 5)\n    batch_dict = reader.batch()")
    for source in (_READER_CLASS, named):
        result = rewrite(source, to="tfdata")
        assert not result.refused and kept not in result.code and "class Reader" not in result.code, result.code
        assert "def column(i):" in result.code, result.code
    calls = _READER_CLASS.replace("Reader.column(i)", "self.column(i)").replace("    @staticmethod\n", "") \
        .replace("def column(i):", "def column(self, i):")
    _refused(calls, "its `__init__` calls the method `self.column`", kept)
