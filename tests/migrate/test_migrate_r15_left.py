"""Round 15's forms left by r15a/r15b (issue 17): a batch helper and a file-queue helper of another module of the
tree (``foreign_batch.py``, ``foreign_queue.py``), and ``FixedLengthRecordReader(hop_bytes=...)``
(``hop_windows.py``).

The programs of ``r15_left_programs/`` (helpers in another module and in the package's ``__init__``, imported by
name, under another name and through their module; a class; a reused name; several import styles) are migrated
as one tree and run against their originals, each compared exactly. The text tests say what is refused, and
why."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge._src.migrate.tree import rewrite_tree
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r15_left_programs"
# each program's rewrite holds this line (per form, by its name's prefix)
MARKS = {"tree": "batches the dataset", "hop": "def read_windows(filename):"}


@pytest.mark.timeout(500)
def test_the_r15_left_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 7
    lib = {p.name: (migrated / "r15l_lib" / p.name).read_text() for p in (original / "r15l_lib").glob("*.py")}
    for p in programs:
        text = code[p.name] + (lib["windows.py"] if "other_module" in p.stem else "")
        assert MARKS[p.stem.split("_")[0]] in text, p.name
    # the helpers turned in their modules: the batch helpers take the dataset, the file-queue helpers went
    assert "def make_batch(dataset, batch_size=DEFAULT_BATCH_SIZE" in lib["batching.py"]
    assert "def batch_examples(dataset, batch_size, shuffle)" in lib["batching.py"]
    assert "def batch_rows(dataset, batch_size, capacity=64)" in lib["__init__.py"]
    assert "def file_queue" not in lib["sources.py"] and "def table_queue" not in lib["sources.py"]
    assert "src.EPOCHS" in code["tree_package_batch_csv.py"]  # the helper's default, not this module's EPOCHS
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact")


LIB = '''\
import tensorflow.compat.v1 as tf

EPOCHS = 1


def make_batch(image, label, batch_size):
    return tf.train.batch([image, label], batch_size=batch_size)


def file_queue(files):
    return tf.train.string_input_producer(files, num_epochs=EPOCHS, shuffle=False)


def plain_queue(files, epochs=2):
    return tf.train.string_input_producer(files, num_epochs=epochs, shuffle=False)
'''

MAIN = '''\
import tensorflow.compat.v1 as tf

{imports}


def inputs(files):
    queue = {queue}
    _, value = tf.TFRecordReader().read(queue)
    parsed = tf.parse_single_example(value, {{"label": tf.FixedLenFeature([], tf.int64)}})
    return {batch}
{more}
'''


def _tree(imports, queue="tf.train.string_input_producer(files, num_epochs=1)",
          batch="lib.make_batch(value, parsed['label'], 4)", more="", lib=LIB, other=None):
    main = MAIN.format(imports=imports, queue=queue, batch=batch, more=more)
    extra = {"/t/other.py": other} if other is not None else {}
    return rewrite_tree({"/t/pkg/__init__.py": "", "/t/pkg/lib.py": lib, "/t/main.py": main, **extra}, root="/t")


def _said(result) -> str:
    return " | ".join(n.message for n in result.refused)


def test_a_batch_helper_of_another_module_also_used_where_nothing_is_rewritten_is_left_with_the_reason():
    # used by another module of the tree with tensors no pipeline makes: the tree keeps it, and says so
    results = _tree("from pkg import lib", other="from pkg.lib import make_batch\n\n\ndef other(a, b):\n"
                    "    return make_batch(a, b, 2)\n")
    said = _said(results["/t/main.py"])
    assert "`make_batch`" in said and "is also used where no pipeline is rewritten" in said, said
    assert "train.batch(" in results["/t/pkg/lib.py"].code and "make_batch(value, " in results["/t/main.py"].code
    # so in the caller's own module: no caller is rewritten
    results = _tree("from pkg import lib", more="\n\ndef other(a, b):\n    return lib.make_batch(a, b, 2)\n")
    assert results["/t/main.py"].refused and "make_batch(value, " in results["/t/main.py"].code
    assert "train.batch(" in results["/t/pkg/lib.py"].code


def test_a_file_queue_helper_imported_by_name_that_reads_its_module_names_is_refused_with_the_fix():
    results = _tree("from pkg import lib\nfrom pkg.lib import file_queue", queue="file_queue(files)",
                    batch="tf.train.batch([parsed['label']], batch_size=4)")
    said = _said(results["/t/main.py"])
    assert "uses `EPOCHS` of its own module" in said and "call it through its module" in said, said
    assert "def file_queue" in results["/t/pkg/lib.py"].code  # kept: its caller was not rewritten
    # through its module it is followed, and goes from its module
    results = _tree("from pkg import lib", queue="lib.file_queue(files)", batch="tf.train.batch([parsed['label']], "
                    "batch_size=4)")
    assert not results["/t/main.py"].refused and "lib.EPOCHS" in results["/t/main.py"].code
    assert "def file_queue" not in results["/t/pkg/lib.py"].code


def test_a_file_queue_helper_imported_by_name_goes_with_its_import_where_nothing_else_reads_it():
    batch = "tf.train.batch([parsed['label']], batch_size=4)"
    results = _tree("from pkg.lib import plain_queue as pq", queue="pq(files)", batch=batch)
    main, lib = results["/t/main.py"].code, results["/t/pkg/lib.py"].code
    assert not results["/t/main.py"].refused and ".repeat(2)" in main and "import plain_queue" not in main, main
    assert "def plain_queue" not in lib and "def file_queue" in lib
    # its bound name read again: the import and the helper stay
    results = _tree("from pkg.lib import plain_queue as pq", queue="pq(files)", batch=batch,
                    more="\n\nQUEUES = [pq]\n")
    assert "import plain_queue as pq" in results["/t/main.py"].code
    assert "def plain_queue" in results["/t/pkg/lib.py"].code


def test_a_file_queue_helper_still_called_elsewhere_stays_in_its_module():
    results = _tree("from pkg import lib", queue="lib.file_queue(files)", batch="tf.train.batch([parsed['label']], "
                    "batch_size=4)", more="\n\ndef names(files):\n    return lib.file_queue(files)\n")
    assert "def file_queue" in results["/t/pkg/lib.py"].code


HOPS = '''\
import tensorflow.compat.v1 as tf


def windows(files):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = tf.FixedLengthRecordReader(8, hop_bytes=4{extra})
    _, value = reader.read(queue)
    return tf.train.batch([value], batch_size=4)
'''


def test_hop_bytes_is_rewritten_and_a_compressed_hop_reader_is_refused_naming_it():
    result = rewrite(HOPS.format(extra=", header_bytes=2"), to="tfdata")
    assert not result.refused and "stride = 4 or 8" in result.code and "FixedLengthRecordDataset" not in result.code
    assert ".take_while(" in result.code  # (a file shorter than the header ends the data, as it did legacy's)
    result = rewrite(HOPS.format(extra=", header_bytes=0"), to="tfdata")
    assert not result.refused and ".take_while(" not in result.code
    result = rewrite(HOPS.format(extra=", encoding='GZIP'"), to="tfdata")
    assert result.refused and "FixedLengthRecordReader(encoding=...)" in _said(result), result.notes



PROVIDER = '''\
import tensorflow.compat.v1 as tf


class Provider(object):
    def __init__(self, dataset):
        queue = tf.train.string_input_producer(dataset.files, num_epochs=1, shuffle=False)
        _, data = dataset.reader().read(queue)
        self._items = {"x": tf.parse_single_example(data, {"x": tf.FixedLenFeature([], tf.float32)})["x"]}

    def get(self, items):
        return [self._items[item] for item in items]
'''

PROVIDER_MAIN = '''\
import tensorflow.compat.v1 as tf

from pkg import lib


def main(dataset):
    provider = lib.Provider(dataset)
    [x] = provider.get(["x"])
    return tf.train.batch([x], batch_size=4)
'''


def test_a_provider_object_of_another_module_read_through_its_method_is_left_naming_the_form():
    results = rewrite_tree({"/t/pkg/__init__.py": "", "/t/pkg/lib.py": PROVIDER, "/t/main.py": PROVIDER_MAIN},
                           root="/t")
    said = _said(results["/t/main.py"])
    assert "`provider.get(...)`, a method of a `Provider` object" in said and "--fallback compat" in said, said
    assert "reads with `dataset.reader()`, a reader class kept on the object passed as `dataset`" in said, said
    assert results["/t/main.py"].code == PROVIDER_MAIN and results["/t/pkg/lib.py"].code == PROVIDER


def test_a_hop_reader_with_a_header_whose_keys_are_used_is_refused_naming_the_short_file_rule():
    keyed = HOPS.format(extra=", header_bytes=2").replace("_, value = reader.read(queue)",
                                                           "key, value = reader.read(queue)").replace(
        "tf.train.batch([value]", "tf.train.batch([key, value]")
    result = rewrite(keyed, to="tfdata")
    assert result.refused and "a file shorter than the header ends legacy's reading" in _said(result), result.notes
    assert not rewrite(keyed.replace(", header_bytes=2", ""), to="tfdata").refused
