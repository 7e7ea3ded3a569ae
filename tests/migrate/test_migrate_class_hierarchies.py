"""Pipelines followed through class hierarchies (issue 17): ``self.method(...)`` and ``param.method(...)``
resolved to the function that runs, from the object's class.

- a base class whose ``__init__`` makes the file queue and whose batching method reads through the
  subclasses' methods: each subclass gets its own chain (``inherited.py``), the classes and calls as written;
- a readers' loop in a base class making its readers by the class's factory method (``self.reader()``), the
  record parsed by the subclass's method (kept as a call: Python picks it when the map is traced);
- a reader object passed to a join of another module, its class known only from the caller
  (``objects.method_of`` through ``passed_class.py``);
- and the refusals that keep it honest: a factory a subclass overrides (``subclasses.py``), objects of several
  classes passed to one join, a base that is also made itself, a subclass calling ``super()``.

The programs that run both ways are ``flow_programs/`` (``test_migrate_sources_programs.py``): an abstract feed
over three modules, a reader object handed to another module's join, two subclasses of one base in a module
(one overriding the batching too), a base and its subclass in a module of their own. These text tests need no
TensorFlow.
"""

from __future__ import annotations


import pytest

from tfdata_bridge._src.migrate.tree import rewrite_tree
from tfdata_bridge.migrate import rewrite, scan_source

pytestmark = pytest.mark.timeout(120)

TWO_SUBCLASSES = '''\
import tensorflow.compat.v1 as tf


class Base(object):
    def __init__(self, files, batch_size):
        self.batch_size = batch_size
        self.queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)

    def example(self):
        raise NotImplementedError

    def batch(self):
        value, label = self.example()
        return tf.train.batch([value, label], batch_size=self.batch_size)


class Lines(Base):
    def example(self):
        _, line = tf.TextLineReader(skip_header_lines=1).read(self.queue)
        a, b, label = tf.decode_csv(line, record_defaults=[[0.0], [0.0], [0]])
        return a + b, label


class Records(Base):
    def example(self):
        _, serialized = tf.TFRecordReader().read(self.queue)
        parsed = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([], tf.float32),
                                                      "y": tf.FixedLenFeature([], tf.int64)})
        return parsed["x"], parsed["y"]


def main(csvs, records):
    return Lines(csvs, 4).batch(), Records(records, 5).batch()
'''


def _legacy_left(code: str) -> list[str]:
    return [f.api for f in scan_source(code) if not f.api.endswith(("Coordinator", "start_queue_runners"))]


def test_each_subclass_of_a_base_that_batches_gets_its_own_chain():
    result = rewrite(TWO_SUBCLASSES, to="tfdata")
    assert not result.refused, result.notes
    code = result.code
    assert _legacy_left(code) == []
    # the classes, their bases and the calls stay; the base keeps its stub, each subclass its own chain
    assert "class Lines(Base):" in code and "class Records(Base):" in code
    assert "return Lines(csvs, 4).batch(), Records(records, 5).batch()" in code
    base = code.split("class Base(object):")[1].split("class Lines")[0]
    assert "raise NotImplementedError" in base and "def batch" not in base and "def __init__" not in base
    lines = code.split("class Lines(Base):")[1].split("class Records")[0]
    records = code.split("class Records(Base):")[1]
    assert "TextLineDataset" in lines and "TFRecordDataset" not in lines
    assert "TFRecordDataset" in records and "TextLineDataset" not in records
    assert lines.count("def __init__") == records.count("def __init__") == 1
    compile(code, "<migrated>", "exec")


@pytest.mark.parametrize("old, new, why", [
    pytest.param("    return Lines(csvs, 4).batch(), Records(records, 5).batch()",
                 "    return Lines(csvs, 4).batch(), Records(records, 5).batch(), Base(csvs, 2)",
                 "`Base` is used itself, not only as its subclasses' base", id="base-made-itself"),
    pytest.param("class Lines(Base):\n", "class Lines(Base):\n    def __init__(self, files, batch_size):\n"
                 "        super().__init__(files, batch_size)\n\n", "`Lines` calls `super()`", id="super-init"),
    pytest.param("def main(", "class Tabs(Lines):\n    pass\n\n\ndef main(", "`Lines` is subclassed again",
                 id="deeper-hierarchy"),
])
def test_a_hierarchy_that_cannot_be_split_per_subclass_is_left(old, new, why):
    source = TWO_SUBCLASSES.replace(old, new)
    assert source != TWO_SUBCLASSES
    result = rewrite(source, to="tfdata")
    # (no chain is guessed for the base's `self.example()`: the pipeline stays, with a reason)
    assert "tf.data" not in result.code, why
    batch = [n.message for n in result.refused if n.line == 14]  # the base's batch says which form and why not
    assert batch and "`Base` reads through `self.example()`, which its subclasses (`Lines`, `Records`" in batch[0]
    assert why in batch[0], batch


def test_the_same_hierarchy_in_a_module_of_the_tree_used_from_another():
    lib = TWO_SUBCLASSES.split("\n\ndef main(")[0] + "\n"
    main = ("import tensorflow.compat.v1 as tf\nfrom pkg import readers as rd\n\n\n"
            "def main(csvs):\n    return rd.Lines(csvs, 4).batch()\n")
    # (one subclass of a base in a module of its own: flow_programs/subclass_table_imported.py)
    results = rewrite_tree({"/t/pkg/__init__.py": "", "/t/pkg/readers.py": lib, "/t/main.py": main}, root="/t")
    code = results["/t/pkg/readers.py"].code
    assert not results["/t/pkg/readers.py"].refused, results["/t/pkg/readers.py"].notes
    assert _legacy_left(code) == [] and "class Lines(Base):" in code and "TextLineDataset" in code
    assert "class Records(Base):" in code
    assert _legacy_left(results["/t/main.py"].code) == []  # (its runners went with the pipeline)
    # another module making the base itself: the base's methods stay where they are
    made = main + "\n\ndef spare(csvs):\n    return rd.Base(csvs, 2)\n"
    results = rewrite_tree({"/t/pkg/__init__.py": "", "/t/pkg/readers.py": lib, "/t/main.py": made}, root="/t")
    assert "tf.data" not in results["/t/pkg/readers.py"].code


FEED = '''\
import tensorflow.compat.v1 as tf


class Feed(object):
    def __init__(self, files):
        self.files = files

    def reader(self):
        return tf.TFRecordReader()

    def parse(self, value):
        raise NotImplementedError

    def batch_inputs(self, num_readers=2):
        filename_queue = tf.train.string_input_producer(self.files, shuffle=False, num_epochs=1)
        examples = []
        for _ in range(num_readers):
            reader = self.reader()
            _, value = reader.read(filename_queue)
            x, y = self.parse(value)
            examples.append([x, y])
        return tf.train.batch_join(examples, batch_size=4)
'''

SUBCLASS = '''\
import tensorflow.compat.v1 as tf
{import_line}


class Rows({base}):
{reader}
    def parse(self, value):
        a, b = tf.decode_csv(value, [[0.0], [0]])
        return a, b


def main(files):
    return Rows(files).batch_inputs()
'''

TEXT_READER = "    def reader(self):\n        return tf.TextLineReader()\n\n"


@pytest.mark.parametrize("import_line, base", [
    pytest.param("from lib.feeds import Feed", "Feed", id="from-import"),
    pytest.param("from lib import feeds", "feeds.Feed", id="module-attribute"),
])
def test_a_base_classes_reader_loop_follows_its_factory_unless_a_subclass_overrides_it(import_line, base):
    def tree(reader: str):
        sub = SUBCLASS.format(import_line=import_line, base=base, reader=reader)
        return rewrite_tree({"/t/lib/__init__.py": "", "/t/lib/feeds.py": FEED, "/t/prog.py": sub}, root="/t")

    plain = tree("")["/t/lib/feeds.py"]
    assert not plain.refused and "TFRecordDataset" in plain.code and "self.parse(value)" in plain.code
    assert "def reader" not in plain.code  # the factory went with its one read
    if base != "Feed":
        return  # (the refusal once: it does not depend on how the base is imported)
    overridden = tree(TEXT_READER)["/t/lib/feeds.py"]
    assert "tf.data" not in overridden.code and "TFRecordReader" in overridden.code
    why = " | ".join(n.message for n in overridden.refused)
    assert "`self.reader` in `Feed.batch_inputs` is overridden by `Rows`" in why


def test_a_subclass_of_the_same_module_overriding_the_factory_is_refused():
    parse = "    def parse(self, value):\n        return tf.decode_csv(value, [[0.0], [0]])\n\n"
    main = "\ndef main(files):\n    return Lines(files).batch_inputs()\n"
    plain = rewrite(FEED + "\n\nclass Lines(Feed):\n" + parse + main, to="tfdata")
    assert not plain.refused and "TFRecordDataset" in plain.code and _legacy_left(plain.code) == []
    source = FEED + "\n\nclass Lines(Feed):\n" + TEXT_READER + parse + main
    result = rewrite(source, to="tfdata")
    assert "tf.data" not in result.code
    assert any("overridden by `Lines`" in n.message for n in result.refused), result.notes


READERS = '''\
import tensorflow.compat.v1 as tf


class BaseReader(object):
    def prepare_reader(self, queue):
        raise NotImplementedError()


class CsvReader(BaseReader):
    def __init__(self, scale):
        self.scale = scale

    def prepare_reader(self, queue):
        _, line = tf.TextLineReader().read(queue)
        a, b = tf.decode_csv(line, [[0.0], [0]])
        return [a * self.scale, b]


class OtherReader(BaseReader):
    def prepare_reader(self, queue):
        _, value = tf.TFRecordReader().read(queue)
        return [tf.strings.length(value), tf.constant(0)]
'''

INPUTS = '''\
import tensorflow.compat.v1 as tf


def joined(reader, files, n=2):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    rows = [reader.prepare_reader(queue) for _ in range(n)]
    return tf.train.batch_join(rows, batch_size=3)
'''


def test_a_reader_object_passed_from_another_module_is_read_by_its_class():
    prog = ("from lib import inputs, readers\n\n\ndef main(files):\n    reader = readers.CsvReader(2.0)\n"
            "    return inputs.joined(reader, files)\n")
    results = rewrite_tree({"/t/lib/__init__.py": "", "/t/lib/readers.py": READERS, "/t/lib/inputs.py": INPUTS,
                            "/t/prog.py": prog}, root="/t")
    code = results["/t/lib/inputs.py"].code
    assert not results["/t/lib/inputs.py"].refused, results["/t/lib/inputs.py"].notes
    assert "TextLineDataset" in code and "reader.scale" in code and _legacy_left(code) == []
    # the reader method went from its class; the other class keeps its own
    readers = results["/t/lib/readers.py"].code
    assert readers.count("def prepare_reader") == 2 and "TFRecordReader" in readers
    # the class defined in the caller's own module (the method goes from it there)
    here = READERS + "\n\nfrom lib import inputs\n\n\ndef main(files):\n    reader = CsvReader(2.0)\n" \
        "    return inputs.joined(reader, files)\n"
    results = rewrite_tree({"/t/lib/__init__.py": "", "/t/lib/inputs.py": INPUTS, "/t/prog.py": here}, root="/t")
    assert "TextLineDataset" in results["/t/lib/inputs.py"].code and not results["/t/lib/inputs.py"].refused
    assert results["/t/prog.py"].code.count("def prepare_reader") == 2  # (the base's stub and OtherReader's)
    two = prog + "\n\ndef other(files):\n    return inputs.joined(readers.OtherReader(), files)\n"
    results = rewrite_tree({"/t/lib/__init__.py": "", "/t/lib/readers.py": READERS, "/t/lib/inputs.py": INPUTS,
                            "/t/prog.py": two}, root="/t")
    left = results["/t/lib/inputs.py"]
    assert "tf.data" not in left.code
    assert any("objects of several classes" in n.message for n in left.refused), left.notes


def test_migrate_and_scan_on_files_hold_the_modules_that_link_a_subclass(tmp_path):
    from tfdata_bridge._src.migrate.files import python_files
    from tfdata_bridge._src.migrate.rewriting import rewrite_files
    from tfdata_bridge._src.migrate.scanner import scan_paths

    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "__init__.py").write_text("")
    (tmp_path / "lib" / "feeds.py").write_text(FEED)
    # the subclass's module has no queue API of its own: the program reaches the base's pipeline through it
    (tmp_path / "lib" / "rows.py").write_text(
        "import tensorflow.compat.v1 as tf\nfrom lib.feeds import Feed\n\n\nclass Rows(Feed):\n"
        "    def parse(self, value):\n        return tf.decode_csv(value, [[0.0], [0]])\n")
    (tmp_path / "prog.py").write_text(
        "import tensorflow.compat.v1 as tf\nfrom lib.rows import Rows\n\n\ndef main(files):\n"
        "    x, y = Rows(files).batch_inputs()\n    with tf.Session() as sess:\n"
        "        coord = tf.train.Coordinator()\n        threads = tf.train.start_queue_runners(sess=sess, coord=coord)\n"
        "        out = sess.run(x)\n        coord.request_stop()\n        coord.join(threads)\n    return out\n")
    results = dict(rewrite_files(python_files([str(tmp_path)]), "tfdata"))
    prog = results[str(tmp_path / "prog.py")]
    assert "TFRecordDataset" in results[str(tmp_path / "lib" / "feeds.py")].code
    assert "start_queue_runners" not in prog.code  # (the pipeline its runners ran is gone)
    starts = [f for f in scan_paths([str(tmp_path)]).findings if f.api.endswith("start_queue_runners")]
    assert len(starts) == 1 and starts[0].tfdata.startswith("removed"), starts
