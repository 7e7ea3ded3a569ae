"""A reader class handed to a helper as a parameter (object detection's `read_dataset(file_read_func,
decode_func, files)`, slim's `reader_class=`), or to a class that keeps it on `self`: where every call of the
helper (every construction of the class) in the tree hands the same TensorFlow reader class (or leaves a default
that is one), the helper constructs that class by name and loses the parameter (and its store), each call its
argument, and the pipeline is then rewritten as any other.

- `handed_reader_decoder_package`: `tf.TFRecordReader` and a decoder object's bound `decode` handed by position to
  another module's `read_dataset`, whose tensor dict the caller batches;
- `handed_text_reader_keyword_two_callers`: two callers hand `reader_cls=` by keyword, one as `v1.TextLineReader`
  (`from tensorflow.compat import v1`), one as a name imported from `tensorflow.compat.v1`; the helper hands it on
  to its reader function (followed down the chain);
- `handed_fixed_reader_default_class`: `import tensorflow as tf`, the helper's default a reader class, one call
  leaving it and one handing it, both from a class's method;
- `handed_reader_class_object_inline`: the class handed to another module's class constructor (made inline), which
  keeps it on `self` and hands it on from the method that batches to a reader function (`from tensorflow.compat.v1
  import train` there);
- `handed_reader_object_made_by_callers`: a reader *object* handed to a reader function of the module, made by one
  caller the line before the call and inline in the call by the other: made in the function's read instead;
- `handed_reader_object_package`: `tf.compat.v1.TextLineReader(skip_header_lines=1)` handed to another module's
  reader function imported by name.

Left as they were: two calls handing different classes, a parameter read other than by calling it, a kept class
read or set elsewhere, a reader object shared by reads in a loop or made from a value the caller computes
(one made by each turn of a loop for its call is taken).
"""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge._src.migrate.handed_copies import inline_handed_reader_classes

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "rdrcls_programs"


@pytest.mark.timeout(500)
def test_the_rdrcls_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 6
    assert all("Reader(" not in c and "import TextLineReader" not in c and "queue_runners" not in c and
               "reader_cls" not in c and "reader_class" not in c and "file_read_func" not in c for c in code.values()), code
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end=None)


HELPER = '''\
import tensorflow.compat.v1 as tf


def read_files(files, reader_cls):
    queue = tf.train.string_input_producer(files, num_epochs=1)
    _, value = {read}.read(queue)
    return tf.train.batch([value], 2)


def main():
    a = read_files(['a'], tf.TFRecordReader)
    b = read_files(['b'], {second})
'''


@pytest.mark.parametrize("read, second", [
    ("reader_cls()", "tf.TextLineReader"),  # two classes: no one class to write
    ("(reader_cls or tf.TextLineReader)()", "tf.TFRecordReader"),  # read other than by a call
    ("reader_cls()", "reader_for('b')"),  # a class chosen at run time
])
def test_a_class_not_known_when_migrating_is_left(read, second):
    text = HELPER.format(read=read, second=second)
    assert inline_handed_reader_classes({"/t/prog.py": text}, "/t") is None
    known = HELPER.format(read="reader_cls()", second="tf.TFRecordReader")  # (the control: one class, written)
    assert "tf.TFRecordReader().read(queue)" in inline_handed_reader_classes({"/t/prog.py": known}, "/t")["/t/prog.py"]


def test_a_script_calling_the_helper_at_its_top_level_leaves_it():
    lib = HELPER.format(read="reader_cls()", second="tf.TFRecordReader").split("\n\n\ndef main")[0]
    script = "import tensorflow.compat.v1 as tf\nfrom lib import read_files\nx = read_files(['a'], tf.TFRecordReader)\n"
    assert inline_handed_reader_classes({"/t/lib.py": lib, "/t/script.py": script}, "/t") is None


HOLDER = '''\
import tensorflow.compat.v1 as tf


class Loader(object):
    def __init__(self, files, reader_class):
        self.files = files
        self.reader_class = reader_class

    def inputs(self):
        queue = tf.train.string_input_producer(self.files, num_epochs=1)
        _, value = self.reader_class().read(queue)
        return tf.train.batch([value], 2)


def main():
    loader = Loader(['a'], tf.TFRecordReader)
    {use}
    return loader.inputs()
'''


@pytest.mark.parametrize("use", [
    "print(loader.reader_class)",  # the attribute read other than by a call
    "loader.reader_class = tf.TextLineReader",  # assigned again outside the class
    "other = Loader(['b'], tf.TextLineReader)",  # another construction hands another class
])
def test_a_kept_class_read_or_changed_elsewhere_is_left(use):
    assert inline_handed_reader_classes({"/t/prog.py": HOLDER.format(use=use)}, "/t") is None
    assert inline_handed_reader_classes({"/t/prog.py": HOLDER.format(use="pass")}, "/t") is not None  # (control)


OBJECT = '''\
import tensorflow.compat.v1 as tf


def read_one(reader, queue):
    _, value = reader.read(queue)
    return value


def main(n):
    queue = tf.train.string_input_producer(['a'], num_epochs=1)
    reader = {made}
    {use}
    return tf.train.batch([value], 2)
'''


@pytest.mark.parametrize("made, use", [
    ("tf.TextLineReader()", "for _ in range(2):\n        value = read_one(reader, queue)"),  # one reader, two reads
    ("tf.TextLineReader(skip_header_lines=n)", "value = read_one(reader, queue)"),  # the caller's value
    ("tf.TextLineReader()", "value = read_one(reader, queue)\n    print(reader)"),  # the reader used again
])
def test_a_reader_object_not_made_for_its_one_read_is_left(made, use):
    assert inline_handed_reader_classes({"/t/prog.py": OBJECT.format(made=made, use=use)}, "/t") is None


def test_a_reader_object_made_for_its_one_read_is_made_there():
    text = OBJECT.format(made="tf.TextLineReader(skip_header_lines=1)", use="value = read_one(reader, queue)")
    out = inline_handed_reader_classes({"/t/prog.py": text}, "/t")["/t/prog.py"]
    assert "_, value = tf.TextLineReader(skip_header_lines=1).read(queue)" in out and "reader" not in out


def test_a_reader_object_made_by_each_turn_of_a_loop_for_its_call_is_made_there():
    text = OBJECT.split("def main")[0] + (
        "def main():\n"
        "    queue = tf.train.string_input_producer(['a'], num_epochs=1)\n"
        "    values = []\n"
        "    for _ in range(2):\n"
        "        reader = tf.TextLineReader()\n"
        "        values.append([read_one(reader, queue)])\n"
        "    return tf.train.batch_join(values, 2)\n")
    out = inline_handed_reader_classes({"/t/prog.py": text}, "/t")["/t/prog.py"]
    assert "values.append([read_one(queue)])" in out and "reader = " not in out
