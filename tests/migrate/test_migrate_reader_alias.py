"""A reader made through a name for its class (``reader_alias.py``): ``reader_cls = tf.TFRecordReader`` in the
function or a module constant ``READER = TextLineReader``, then ``reader_cls()``. Before, the pipeline was
refused ("the reader read here is not one of ..."). The class is found by scope; its assignment moves with the
pipeline, so a name also read elsewhere, or bound to something that is no reader, still refuses it.
"""

from __future__ import annotations

import pathlib
import textwrap

import pytest

from tfdata_bridge.migrate import rewrite, scan_source

PROGRAMS = pathlib.Path(__file__).resolve().parent / "alias_programs"
NAMES = sorted(p.stem for p in PROGRAMS.glob("*.py"))

_SOURCE = textwrap.dedent('''\
    import tensorflow.compat.v1 as tf
    {imports}
    {module_level}

    def inputs(files):
        {local}
        queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        _, value = {made}.read(queue)
        parsed = tf.parse_single_example(value, {{"x": tf.FixedLenFeature([3], tf.float32)}})
        batch = tf.train.batch([parsed["x"]], batch_size=2)
        {after}
        return batch
    ''')


def _source(imports="", module_level="", local="pass", made="reader_cls()", after="pass"):
    return _SOURCE.format(imports=imports, module_level=module_level, local=local, made=made, after=after)


@pytest.mark.parametrize("variant", [
    dict(local="reader_cls = tf.TFRecordReader"),
    dict(module_level="READER = tf.TFRecordReader", made="READER()"),
    dict(imports="from tensorflow.compat.v1 import TFRecordReader as Records", local="reader_cls = Records"),
    dict(imports="import tensorflow", local="make = tensorflow.compat.v1.TFRecordReader", made="make(name='r')"),
], ids=["local", "module_constant", "from_import_alias", "full_path"])
def test_a_reader_class_held_in_a_name_is_followed_to_its_class(variant):
    result = rewrite(_source(**variant), to="tfdata")
    assert not result.refused, result.notes
    assert "TFRecordDataset" in result.code and not scan_source(result.code)


@pytest.mark.parametrize("variant, reason", [
    # the name is also read elsewhere: its statement cannot move
    (dict(local="reader_cls = tf.TFRecordReader", after="tf.logging.info(reader_cls)"),
     "`reader_cls` is also used outside"),
    # bound to a reader the rewrite does not read files with
    (dict(local="reader_cls = tf.IdentityReader"), "is not one of"),
])
def test_a_name_that_is_no_single_reader_class_is_refused(variant, reason):
    result = rewrite(_source(**variant), to="tfdata")
    assert any(reason in n.message for n in result.refused), result.notes


def test_a_choice_of_reader_classes_known_only_at_run_time_is_one_copy_per_class():
    # which class is known only when the program runs: one copy of the function per class, chosen by the same
    # test (named_apis.py; run against legacy in test_migrate_r21_forms.py)
    result = rewrite(_source(local="reader_cls = tf.TFRecordReader if files else tf.TextLineReader"), to="tfdata")
    assert not result.refused, result.notes
    assert "if files:" in result.code and "TFRecordDataset" in result.code and "TextLineDataset" in result.code
    assert not scan_source(result.code)
