"""Pipelines living on objects and in nested functions (issue 17, held-out rounds 12 and 14), written first in the
form the recogniser follows (``migrate/object_forms.py``):

- a reader kept on ``self`` (made in ``__init__``) and read once in another method, made at its read
  (``reader_attr.py``);
- a reader or producer in a nested function (a closure), inlined at its calls (``nested_inline.py``);
- lazy ``@property`` stages (and plain properties) read once, inlined where they are read (``memo_props.py``),
  a lookup table read by the per-record function served by an initializable iterator (``table_iterators.py``);
- a stage method called once by another method of its class, inlined there: two batching stages in one
  function, the first rewritten, then the second over the first's dataset (``method_inline.py``, ``stages.py``).

``object_forms_programs/`` holds the programs (each form in two or three variants: another class layout, a
subclass, the reader made inline or in ``__init__``, a helper in another module, reused names, another import
style), migrated as one tree and run against their originals in one TensorFlow process. The text tests are the
refusals that keep the forms honest (no TensorFlow): a reader read twice, a property read twice, a method that may
run twice on one object, a nested function used in a loop, an overridden stage method.
"""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge._src.migrate.tree import rewrite_tree
from tfdata_bridge.migrate import rewrite, scan_source

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "object_forms_programs"


def _legacy_left(code: str) -> list[str]:
    return [f.api for f in scan_source(code)]


@pytest.mark.timeout(500)
def test_the_migrated_object_form_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    # each form took its programs: the reader at its read, no nested reader, no property stage, one function
    assert "self.reader" not in code["attr_reader_two_objects.py"] and "TFRecordDataset" in \
        code["attr_reader_two_objects.py"]
    # (the map calls the class's `_scale`: its division by a constant computed as legacy's session did)
    assert "return divide_as_legacy(x, 90.0) - 1.0" in code["attr_reader_two_objects.py"]
    assert "self._reader" not in code["attr_reader_subclass.py"]
    assert "def _read(" not in code["nested_reader_namedtuple.py"] and "Batch(x=xs, label=labels)" in \
        code["nested_reader_namedtuple.py"]
    assert "def _records(" not in code["nested_fixed.py"] or ".map(_records" in code["nested_fixed.py"]
    assert "@property" not in code["property_chain_table.py"]
    assert "make_initializable_iterator" in code["property_chain_table.py"]
    assert "TABLE_INITIALIZERS" in code["property_chain_table.py"]
    assert "def clips(" not in code["stage_methods_clips.py"]
    # the second stage reads the first stage's dataset: no batch call moved into a per-record function
    assert "dataset_2 = (\n            dataset\n            .map(make_element" in code["stage_methods_rows.py"]
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 11
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert len(want["batches"]) >= 2, name
        assert_delivers_the_same(name, want, got, "exact")


def _without_session(name: str, main: str) -> str:
    """The program ``name`` up to its ``main``, then ``main`` (the text tests need no session loop: faster)."""
    text = (PROGRAMS / name).read_text()
    return text[:text.index("def main(")] + main


READER = _without_session("attr_reader_two_objects.py", "def main(files):\n"
                          "    x_reader = Reader(files[:2], name='X')\n"
                          "    y_reader = Reader(files[2:], batch_size=5, name='Y')\n"
                          "    x_images, x_labels = x_reader.feed()\n"
                          "    return x_images, x_labels, y_reader.feed()\n")
MAKE_X = "    x_images, x_labels = x_reader.feed()\n"


@pytest.mark.parametrize("old, new, why", [
    pytest.param(MAKE_X, MAKE_X + "    x_again = x_reader.feed()\n", "`feed` is called twice on `x_reader`",
                 id="method-twice-on-one-object"),
    pytest.param(MAKE_X, "    for _ in range(2):\n    " + MAKE_X, "`feed` is called in a loop", id="method-in-loop"),
    pytest.param("        return x / 90.0 - 1.0\n",
                 "        return x / 90.0 - 1.0\n\n    def count(self):\n        return self.reader.num_records_produced()\n",
                 "is read or named in more than one place", id="reader-named-elsewhere"),
    pytest.param("        self.reader = tf.TFRecordReader()\n",
                 "        self.reader = tf.TFRecordReader(name=self.name)\n",
                 "its arguments read values that may change", id="argument-set-after-it"),
    pytest.param("def main(files):\n", "def spare(reader):\n    return reader.feed()\n\n\ndef main(files):\n",
                 "`reader` in spare is not one object made there once", id="method-on-a-parameter"),
])
def test_a_reader_kept_on_the_object_that_may_be_read_twice_is_left_with_the_reason(old, new, why):
    source = READER.replace(old, new)
    assert source != READER
    result = rewrite(source, to="tfdata")
    assert "tf.data" not in result.code and "self.reader.read(filename_queue)" in result.code
    said = " | ".join(n.message for n in result.refused)
    assert "the reader `self.reader`, kept on the object by `Reader.__init__`" in said and why in said, said


def test_a_reader_kept_on_the_object_of_a_class_used_from_another_module_is_left():
    lib = (PROGRAMS / "object_forms_lib" / "fixed_records.py").read_text()
    lib = lib[:lib.index("\n\ndef record_batch")] + "\n"
    main = ("import tensorflow.compat.v1 as tf\nfrom pkg import fixed_records\n\n\n"
            "def main(files):\n    records = fixed_records.FixedRecords(files)\n"
            "    return records.records(5), records.records(3)\n")
    results = rewrite_tree({"/t/pkg/__init__.py": "", "/t/pkg/fixed_records.py": lib, "/t/main.py": main},
                           root="/t")
    # (another module's calls of `records` are not told apart: here one object's reader is read twice)
    code = results["/t/pkg/fixed_records.py"].code
    assert "self.reader.read(queue)" in code and "tf.data" not in code
    said = " | ".join(n.message for n in results["/t/pkg/fixed_records.py"].refused)
    assert "`records` is called in another module" in said, said


NESTED = _without_session("nested_reader_namedtuple.py", "")


def test_a_nested_reader_used_in_a_loop_or_as_a_value_is_not_inlined():
    looped = NESTED.replace("    x, label = _read(queue)\n",
                            "    for _ in range(1):\n        x, label = _read(queue)\n")
    passed = NESTED.replace("    x, label = _read(queue)\n", "    reader_fn = _read\n    x, label = reader_fn(queue)\n")
    for source in (looped, passed):
        assert source != NESTED
        result = rewrite(source, to="tfdata")
        assert "def _read(queue):" in result.code and "tf.data" not in result.code
        said = " | ".join(n.message for n in result.refused)
        assert "the nested function `_read` makes a reader or producer, and `build` uses it other than" in said, said


PROPS = _without_session("property_chain_table.py", "def main(data_dir):\n"
                         "    a, b, name = LabelledRows(data_dir).batch(20)\n    return a, b, name\n")


@pytest.mark.parametrize("old, new", [
    pytest.param("            _, line = reader.read(self.filename_queue)\n",
                 "            _, line = reader.read(self.filename_queue)\n            spare = self.filename_queue\n",
                 id="lazy-property-read-twice"),
    pytest.param("    a, b, name = LabelledRows(data_dir).batch(20)\n",
                 "    rows = LabelledRows(data_dir)\n    a, b, name = rows.batch(20)\n    again = rows.batch(20)\n",
                 id="reader-method-twice-on-one-object"),
])
def test_a_lazy_property_stage_that_may_run_twice_is_left(old, new):
    source = PROPS.replace(old, new)
    assert source != PROPS
    result = rewrite(source, to="tfdata")
    # a lazy property read again returns the same tensors; inlined, a second read would make a second pipeline
    assert "tf.data" not in result.code and "@property" in result.code
    said = " | ".join(n.message for n in result.refused)
    assert "(a pipeline stage) is read" in said, said


CLIPS = _without_session("stage_methods_clips.py", "def main(files):\n    return ClipReader(files).batches()\n")


def test_a_stage_method_overridden_by_a_subclass_is_not_inlined():
    source = CLIPS.replace("def main(files):\n", "class ShortClips(ClipReader):\n    def clips(self):\n"
                           "        return ClipReader.clips(self)\n\n\ndef main(files):\n")
    assert source != CLIPS
    result = rewrite(source, to="tfdata")
    assert "def clips(self):" in result.code and "ClipReader.clips(self)" in result.code
    said = " | ".join(n.message for n in result.refused)
    assert "the stage method `ClipReader.clips` (a batch) is overridden by a subclass" in said, said


TWO_STAGES = '''\
import tensorflow.compat.v1 as tf


def clips(files):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, serialized = tf.TFRecordReader().read(queue)
    x = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32)})["x"]
    frames = tf.train.batch([x], batch_size=3)
    mean = tf.reduce_mean(frames, axis=0)
    return tf.train.batch([frames, mean], batch_size=2)
'''


def test_two_batching_stages_in_one_function_are_rewritten_in_turn_never_one_inside_the_other():
    result = rewrite(TWO_STAGES, to="tfdata")
    assert not result.refused, result.notes
    assert _legacy_left(result.code) == []
    # (the recogniser once moved the first batch call into the second's per-record function)
    assert "train.batch" not in result.code
    assert ".batch(3, drop_remainder=True)" in result.code and ".batch(2, drop_remainder=True)" in result.code
    compile(result.code, "<migrated>", "exec")


TABLE = '''\
import tensorflow.compat.v1 as tf


def words(path):
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(queue)
    table = tf.lookup.StaticHashTable(
        tf.lookup.KeyValueTensorInitializer(tf.constant(["a", "b"]), tf.constant([1, 2], tf.int64)), -1)
    ids = table.lookup(tf.strings.split([line]).values)
    return tf.train.batch([ids], batch_size=2, dynamic_pad=True)
'''


def test_a_per_record_function_reading_a_lookup_table_gets_an_iterator_started_with_the_tables():
    result = rewrite(TABLE, to="tfdata")
    assert not result.refused, result.notes
    code = result.code
    # (a one-shot iterator cannot hold a table: "Cannot capture a stateful node ... by value")
    assert "make_one_shot_iterator" not in code
    assert "iterator = tf.data.make_initializable_iterator(dataset)" in code
    assert "tf.add_to_collection(tf.GraphKeys.TABLE_INITIALIZERS, iterator.initializer)" in code
    assert "return iterator.get_next()" in code
    compile(code, "<migrated>", "exec")
