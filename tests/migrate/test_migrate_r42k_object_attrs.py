"""Held-out rounds 41-42's data-loader classes: a producer or file queue kept on ``self`` only as a name of the
method that makes, reads and batches it (declared ``self.data_queue = None`` in ``__init__``: ``attr_locals.py``),
and a reader made in ``__init__`` (or a setup method it calls) as ``self.reader`` and read in another method,
called once per object in another module (``reader_attr.py``; the module path ``pkg.reader`` of an import is no
use of the attribute ``reader``: ``object_uses.attribute_uses``). A reader such a method makes and never reads
goes with its pipeline (``unread_readers.py``). A dict of the elements whose ``keys()`` (or ``len``) the caller
reads after the batch is kept from the element function's trace (``traced_names.structure_keys_read``); a read
of its tensors there is still refused. Where the attribute is read elsewhere, set twice, or the method is called
twice on one object, the pipeline is still left, with the reason.

The programs of ``r42k_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge._src.migrate.tree import rewrite_tree
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r42k_programs"
ENDS = {"filename_queue_two_loaders": "lines: 16", "reader_attr_package": "rows: 12",
        "dict_keys_after_batch": "extras: 3"}


@pytest.mark.timeout(500)
def test_the_r42k_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 5
    assert "self.data_queue = None" in code["producer_attr_declared.py"]  # (the declaration stays, read nowhere)
    assert "self.reader" not in code["reader.py"] and "self._reader" not in code["reader_attr_setup_method.py"]
    assert "self.filename_queue = None" in code["filename_queue_two_loaders.py"]
    assert "spare_reader" not in code["filename_queue_two_loaders.py"]  # (never read: ``unread_readers.py``)
    assert "extras = parse_record.extras" in code["dict_keys_after_batch.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end=ENDS.get(name, "OutOfRangeError"))


LOADER = '''\
import tensorflow.compat.v1 as tf


class Loader(object):
    def __init__(self, files):
        self.files = files
        self.data_queue = None
{init}
    def next_batch(self):
        self.data_queue = tf.train.slice_input_producer([tf.constant(self.files)], num_epochs=1, shuffle=False)
        text = tf.read_file(self.data_queue[0])
        return tf.train.batch([text, self.data_queue[0]], batch_size=2)
{other}

def main(files):
    return Loader(files).next_batch()
'''


@pytest.mark.parametrize("init, other, why", [
    ("", "\n    def current(self):\n        return self.data_queue\n", "self.data_queue"),
    ("        self.data_queue = tf.constant(['a'])\n", "", "self.data_queue"),
])
def test_a_kept_producer_named_elsewhere_is_left(init, other, why):
    source = LOADER.format(init=init, other=other)
    result = rewrite(source, to="tfdata")
    assert result.refused and result.code == source and any(why in n.message for n in result.notes), result.notes
    assert not rewrite(LOADER.format(init="", other=""), to="tfdata").refused


READER = '''\
import tensorflow.compat.v1 as tf


class Reader(object):
    def __init__(self, path):
        self.path = path
        self.reader = tf.TFRecordReader()

    def feed(self):
        queue = tf.train.string_input_producer([self.path], num_epochs=1)
        _, record = self.reader.read(queue)
        return tf.train.batch([record], batch_size=2)
'''


@pytest.mark.parametrize("caller, why", [
    ("r = Reader('a')\n    x = r.feed()\n    y = r.feed()", "twice on `r`"),
    ("r = Reader('a')\n    for _ in range(2):\n        x = r.feed()", "in a loop"),
    ("r = Reader('a')\n    x = r.feed()\n    s = r\n    y = s.feed()", "on `s`, not one object made there once"),
])
def test_a_reader_attribute_whose_method_another_module_calls_twice_on_one_object_is_left(tmp_path, caller, why):
    main = f"from lib.reader import Reader\n\n\ndef main(given):\n    {caller}\n"
    sources = {str(tmp_path / "lib" / "__init__.py"): "", str(tmp_path / "lib" / "reader.py"): READER,
               str(tmp_path / "main.py"): main}
    got = rewrite_tree(sources, root=str(tmp_path))[str(tmp_path / "lib" / "reader.py")]
    assert got.refused and got.code == READER, got.code
    assert any(why in n.message for n in got.notes), got.notes
    once = {**sources, str(tmp_path / "main.py"): "from lib.reader import Reader\n\n\ndef main():\n"
                                                  "    a = Reader('a')\n    return a.feed()\n"}
    assert not rewrite_tree(once, root=str(tmp_path))[str(tmp_path / "lib" / "reader.py")].refused


@pytest.mark.parametrize("read", ["extras['zeta']", "list(extras)", "extras.values()"])
def test_a_dict_of_the_elements_read_after_the_batch_for_more_than_its_keys_is_left(read):
    source = (PROGRAMS / "dict_keys_after_batch.py").read_text()
    assert "len(extras)\n" in source
    changed = source.replace("len(extras)\n", f"{read}\n")
    result = rewrite(changed, to="tfdata")
    assert result.refused and result.code == changed
    assert any("`extras` is also used outside the pipeline" in n.message for n in result.notes), result.notes
