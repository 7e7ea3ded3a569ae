"""Readers and producers held in classes and helpers that do more than read (issue 17, theme "classes").

A join's reader function with statements before its read, loops and branches after it, graph scopes and
parameters bound by default or keyword (``reader_fn.py``); a reader method of the caller's class, of an object
made in the function, or of an object every caller passes, in this module or another of the tree
(``objects.py``, ``method_source.py``, ``methods.py``); a reader helper returning on several paths. Each form
in several spellings (import style, keyword or positional call, a name reused, an inline constructor), and
the refusals that keep a rewrite honest. The last test runs a handful of these programs both ways in one
TensorFlow process.
"""

from __future__ import annotations

import textwrap

import pytest
from both_ways import assert_delivers_the_same, rewrites_once, run_both_ways, write_pair

from tfdata_bridge._src.migrate.recognize import recognize
from tfdata_bridge._src.migrate.tree import rewrite_tree
from tfdata_bridge.migrate import rewrite, scan_source


@pytest.fixture(scope="module", autouse=True)
def _rewrite_once():
    """Several tests here rewrite the same program text (a text check, then its run): the second is the first's
    result (``both_ways.rewrites_once``)."""
    with rewrites_once():
        yield


IMPORTS = [  # (import lines, the prefix of tf.compat.v1 APIs, of tf.io)
    pytest.param("import tensorflow.compat.v1 as tf", "tf", id="compat-v1"),
    pytest.param("import tensorflow as tf", "tf.compat.v1", id="tf2-compat"),
    pytest.param("import tensorflow.compat.v1 as tf1", "tf1", id="tf1-alias"),
]


def _tfdata(source: str):
    result = rewrite(textwrap.dedent(source), to="tfdata")
    return result, result.code


def _refused(result) -> str:
    return " | ".join(n.message for n in result.refused)


def _clean(result) -> None:
    assert not result.refused, result.notes
    assert scan_source(result.code) == () or all(f.api.endswith(("Coordinator", "start_queue_runners"))
                                                 for f in scan_source(result.code)), scan_source(result.code)
    assert "tfdata_bridge" not in result.code


# -- a join's reader function that does more than read ------------------------------------------------------------
JOIN_METHOD = '''\
{imports}
import logging


class Table(object):
    def __init__(self, files, columns=3):
        self.files = files
        self.columns = columns

    def read_row(self, filename_queue, skip=1, scale=1.0):
        with {v1}.name_scope("read_row"):
            defaults = [[0.0] for _ in range(self.columns)]
            reader = {v1}.TextLineReader(skip_header_lines=skip)
            key, line = reader.read(filename_queue)
            row = {v1}.decode_csv(line, record_defaults=defaults)
            for i in range(len(row)):
                row[i] = row[i] * scale
            logging.info("read %d columns", len(row))
            return row[0], {v1}.stack(row[1:])

    def batches(self, batch_size, threads=2):
        filename_queue = {v1}.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        rows = [{call} for _ in range(threads)]
        return {v1}.train.batch_join(rows, batch_size=batch_size)
'''


@pytest.mark.parametrize("imports, v1", IMPORTS)
@pytest.mark.parametrize("call, scale", [("self.read_row(filename_queue)", None),
                                         ("self.read_row(filename_queue, scale=2.0)", "2.0"),
                                         ("self.read_row(filename_queue, 1, 0.5)", "0.5"),
                                         ("self.read_row(filename_queue=filename_queue, skip=2)", None)])
def test_a_join_over_a_method_that_does_more_than_read_is_an_interleave(imports, v1, call, scale):
    result, code = _tfdata(JOIN_METHOD.format(imports=imports, v1=v1, call=call))
    _clean(result)
    skip = "2" if "skip=2" in call else "1"
    assert (f"do_not_convert(lambda filename: {v1}.data.TextLineDataset(filename).skip({skip})), "
            "cycle_length=threads") in code
    # the statements before and after the read stay, in order, in the per-record function
    body = code[code.index("def parse_record(line):"):code.index("dataset = (")]
    assert body.index("defaults = [[0.0]") < body.index("decode_csv(line") < body.index("for i in range") \
        < body.index("logging.info")
    assert f"scale = {scale or '1.0'}" in body and "skip =" not in body  # the reader's parameter went with it
    assert "def read_row" not in code and "name_scope" not in code and "reader.read" not in code


def test_the_loop_variable_passed_to_the_reader_function_means_the_readers_differ():
    source = JOIN_METHOD.format(imports="import tensorflow.compat.v1 as tf", v1="tf",
                                call="self.read_row(filename_queue, scale=i)").replace(
        "for _ in range(threads)]", "for i in range(threads)]")
    result, code = _tfdata(source)
    assert "batch_join(" in code
    assert "the loop's `i`: the readers are not copies" in _refused(result)


@pytest.mark.parametrize("change, reason", [
    pytest.param(("            logging.info(\"read %d columns\", len(row))\n",
                  "            logging.info(\"%s\", filename_queue.size())\n"),
                 "uses its queue `filename_queue` beyond the read", id="queue-used-again"),
    pytest.param(("            return row[0], tf.stack(row[1:])\n",
                  "            if scale > 1:\n                return row[0], row[1]\n            logging.info(\"swap\")\n"
                  "            return row[1], row[0]\n"),
                 "does not end with its one `return`", id="several-returns"),
    pytest.param(("    def read_row(self, filename_queue, skip=1, scale=1.0):\n",
                  "    def read_row(self, filename_queue, skip=1, scale=SCALE):\n"),
                 "default of `read_row`'s `scale` is not a literal", id="default-not-literal"),
    pytest.param(("            reader = tf.TextLineReader(skip_header_lines=skip)\n",
                  "            lines = self.header_lines(defaults)\n            reader = tf.TextLineReader(skip_header_lines=lines)\n"),
                 "makes its reader from values it computes, and `lines = self.header_lines(defaults)` calls "
                 "`self.header_lines`", id="reader-from-local"),  # (pure Python is copied: reader_setup.py)
])
def test_a_join_method_that_cannot_move_is_refused_with_the_reason(change, reason):
    source = JOIN_METHOD.format(imports="import tensorflow.compat.v1 as tf", v1="tf",
                                call="self.read_row(filename_queue)")
    assert change[0] in source
    result, code = _tfdata(source.replace(*change))
    assert "batch_join(" in code
    assert reason in _refused(result)


def test_read_up_to_in_a_join_method_batches_the_records_as_the_caller_counts_them():
    source = '''\
    import tensorflow as tf


    class Frames(object):
        def __init__(self, per_read=4):
            self.per_read = per_read

        def prepare_reader(self, filename_queue, batch_size=None):
            reader = tf.compat.v1.TFRecordReader()
            _, serialized = reader.read_up_to(filename_queue, batch_size or self.per_read)
            parsed = tf.io.parse_example(serialized, {"x": tf.io.FixedLenFeature([3], tf.float32)})
            return [parsed["x"]]


    def inputs(frames, files, readers=2):
        queue = tf.compat.v1.train.string_input_producer(files, num_epochs=1)
        data = [frames.prepare_reader(queue) for _ in range(readers)]
        return tf.compat.v1.train.shuffle_batch_join(data, 8, capacity=64, min_after_dequeue=8, enqueue_many=True)


    def main(files):
        return inputs(Frames(per_read=2), files)
    '''
    result, code = _tfdata(source)
    _clean(result)
    chain = code[code.index("dataset = ("):]
    assert chain.index(".batch(frames.per_read, drop_remainder=False)") < chain.index(".map(parse_record)") \
        < chain.index(".unbatch()") < chain.index(".shuffle(64)")
    assert "def prepare_reader" not in code and "batch_size = None" not in code


# -- methods of objects: which class, by scope --------------------------------------------------------------------
OBJECT_JOIN = '''\
import tensorflow.compat.v1 as tf


class Decoder(object):
    def __init__(self, width):
        self.width = width

    def read(self, filename_queue):
        reader = tf.TFRecordReader()
        _, serialized = reader.read(filename_queue)
        features = tf.parse_single_example(serialized, {{"x": tf.FixedLenFeature([self.width], tf.float32)}})
        return [features["x"]]


{body}
'''


@pytest.mark.parametrize("body, obj", [
    pytest.param('''\
def inputs(files):
    decoder = Decoder(3)
    queue = tf.train.string_input_producer(files, num_epochs=1)
    return tf.train.batch_join([decoder.read(queue) for _ in range(2)], 4)''', "decoder", id="made-here"),
    pytest.param('''\
def inputs(reader, files):
    queue = tf.train.string_input_producer(files, num_epochs=1)
    return tf.train.batch_join([reader.read(queue) for _ in range(2)], 4)


def main(files):
    reader = Decoder(3)
    return inputs(reader, files)''', "reader", id="passed-by-name"),
    pytest.param('''\
def inputs(files, decoder=None):
    queue = tf.train.string_input_producer(files, num_epochs=1)
    examples = [decoder.read(queue) for _ in range(2)]
    return tf.train.batch_join(examples, 4)


def train(files):
    return inputs(files, decoder=Decoder(3))


def evaluate(files):
    return inputs(files, Decoder(5))''', "decoder", id="passed-inline-by-keyword-and-position"),
])
def test_a_join_over_an_objects_method_reads_self_as_the_object(body, obj):
    result, code = _tfdata(OBJECT_JOIN.format(body=body))
    _clean(result)
    assert f"tf.FixedLenFeature([{obj}.width], tf.float32)" in code
    assert "def read(self" not in code and "self.width" in code  # __init__ keeps its own self


@pytest.mark.parametrize("body, reason", [
    pytest.param('''\
class Other(object):
    def read(self, q):
        return q


def inputs(reader, files):
    queue = tf.train.string_input_producer(files, num_epochs=1)
    return tf.train.batch_join([reader.read(queue) for _ in range(2)], 4)


def main(files, fast):
    inputs(Decoder(3), files)
    return inputs(Other(), files)''', "passed objects of several classes", id="two-classes"),
    pytest.param('''\
def inputs(reader, files):
    queue = tf.train.string_input_producer(files, num_epochs=1)
    return tf.train.batch_join([reader.read(queue) for _ in range(2)], 4)


callback = inputs''', "not only called in this module", id="function-escapes"),
    pytest.param('''\
def inputs(files):
    decoder = Decoder(3)
    queue = tf.train.string_input_producer(files, num_epochs=1)
    first = decoder.read
    return tf.train.batch_join([decoder.read(queue) for _ in range(2)], 4)''', "used beyond the join",
                 id="method-used-elsewhere"),
])
def test_an_object_method_the_rewrite_cannot_pin_down_is_refused(body, reason):
    result, code = _tfdata(OBJECT_JOIN.format(body=body))
    assert "batch_join(" in code and "def read(self, filename_queue)" in code
    assert reason in _refused(result)


# -- a reader method feeding a batch ------------------------------------------------------------------------------
SELF_METHOD = '''\
{imports}


class Data(object):
    def __init__(self, files):
        self.files = files

    def _decode(self, filename_queue, scale=2.0):
        _, serialized = {v1}.TFRecordReader().read(filename_queue)
        features = {v1}.parse_single_example(serialized, {{"x": {v1}.FixedLenFeature([3], {v1}.float32),
                                                            "label": {v1}.FixedLenFeature([], {v1}.int64)}})
        return features["x"] * scale, features["label"]

    def inputs(self, batch_size):
        queue = {v1}.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        {targets} = self._decode(queue{args})
        return {v1}.train.batch([{tensors}], batch_size=batch_size)
'''


@pytest.mark.parametrize("imports, v1", IMPORTS)
@pytest.mark.parametrize("targets, args, tensors", [("x, y", "", "x, y"),
                                                    ("pair", ", scale=0.5", "pair[0], pair[1] + 1"),
                                                    ("x, label", ", 3.0", "x, label")])
def test_a_reader_method_feeding_a_batch_is_inlined_in_the_record_function(imports, v1, targets, args, tensors):
    result, code = _tfdata(SELF_METHOD.format(imports=imports, v1=v1, targets=targets, args=args, tensors=tensors))
    _clean(result)
    body = code[code.index("def parse_record(serialized):"):code.index("dataset = (")]
    assert f"{targets} = features[\"x\"] * scale, features[\"label\"]" in body
    assert f"scale = {args.rsplit('=', 1)[-1].strip(', ') or '2.0'}" in body
    assert "def _decode" not in code and "self.files" in code


def test_a_method_whose_names_would_hide_the_callers_is_refused():
    source = SELF_METHOD.format(imports="import tensorflow.compat.v1 as tf", v1="tf", targets="x, y", args="",
                                tensors="x * features, y").replace(
        "    def inputs(self, batch_size):\n", "    def inputs(self, batch_size, features=1.0):\n")
    result, code = _tfdata(source)
    assert "def _decode" in code
    assert "the method's `features` would hide the caller's" in _refused(result)


# -- a reader helper returning on several paths -------------------------------------------------------------------
TWO_RETURNS = '''\
import tensorflow.compat.v1 as tf


def read_example(filename_queue, labelled):
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    features = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                    "label": tf.FixedLenFeature([], tf.int64)})
    if labelled:
        return features["x"], features["label"]
    return OTHER


def inputs(files):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    x, y = read_example(queue, labelled=True)
    return tf.train.batch([x, y], 4)
'''


def test_a_reader_helper_returning_as_many_tensors_on_each_path_is_rewritten():
    result, code = _tfdata(TWO_RETURNS.replace("OTHER", "features[\"x\"], tf.zeros([], tf.int64)"))
    _clean(result)
    assert "def read_example(serialized, labelled):" in code and "lambda value: read_example(value, True)" in code


def test_a_reader_helper_returning_different_counts_is_refused():
    result, code = _tfdata(TWO_RETURNS.replace("OTHER", "features[\"x\"]"))
    assert "returns different numbers of tensors on its paths" in _refused(result)


# -- a reader class in another module of the tree ------------------------------------------------------------------
READER_MODULE = '''\
{imports}


class BaseReader(object):
    def prepare_reader(self, filename_queue):
        raise NotImplementedError()


class FeatureReader(BaseReader):
    def __init__(self, width=3):
        self.width = width

    def prepare_reader(self, filename_queue, name="reader"):
        with {v1}.name_scope(name):
            reader = {v1}.TFRecordReader()
            _, serialized = reader.read(filename_queue)
            parsed = {v1}.parse_single_example(serialized, {{"x": {v1}.FixedLenFeature([self.width], {v1}.float32)}})
            return [parsed["x"]]
'''

CALLER = '''\
{imports}
{import_reader}


def get_input(reader, files, num_readers=2):
    filename_queue = {v1}.train.string_input_producer(files, num_epochs=1)
    data = [reader.prepare_reader(filename_queue) for _ in range(num_readers)]
    return {v1}.train.shuffle_batch_join(data, batch_size=4, capacity=32, min_after_dequeue=4)


def main(files):
    reader = {make}
    return get_input(reader, files)
'''


def _tree(tmp_path, caller_imports, reader_imports, v1, import_reader, make, extra="", reader_v1=None,
          reader_extra=""):
    pkg = tmp_path / "lib"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "readers.py").write_text(READER_MODULE.format(imports=reader_imports, v1=reader_v1 or v1) + reader_extra)
    (tmp_path / "train.py").write_text(CALLER.format(imports=caller_imports, v1=v1, import_reader=import_reader,
                                                     make=make) + extra)
    paths = [tmp_path / "train.py", pkg / "__init__.py", pkg / "readers.py"]
    results = rewrite_tree({str(p): p.read_text() for p in paths}, root=str(tmp_path))
    return results[str(tmp_path / "train.py")], results[str(pkg / "readers.py")]


@pytest.mark.parametrize("imports, v1", [("import tensorflow.compat.v1 as tf", "tf"),
                                         ("import tensorflow as tf", "tf.compat.v1")])
@pytest.mark.parametrize("import_reader, make", [("from lib import readers", "readers.FeatureReader(width=2)"),
                                                 ("from lib.readers import FeatureReader", "FeatureReader(2)"),
                                                 ("import lib.readers", "lib.readers.FeatureReader()")])
def test_a_reader_method_of_another_modules_class_is_inlined_and_leaves_its_class(tmp_path, imports, v1,
                                                                                  import_reader, make):
    train, readers = _tree(tmp_path, imports, imports, v1, import_reader, make)
    _clean(train)
    _clean(readers)
    assert f"FixedLenFeature([reader.width], {v1}.float32)" in train.code
    assert "def prepare_reader(self, filename_queue, name=" not in readers.code
    assert "raise NotImplementedError()" in readers.code and "self.width = width" in readers.code


def test_another_modules_method_used_elsewhere_in_the_tree_stays(tmp_path):
    imports = "import tensorflow.compat.v1 as tf"
    train, readers = _tree(tmp_path, imports, imports, "tf", "from lib import readers", "readers.FeatureReader()",
                           reader_extra="\n\ndef peek(reader, q):\n    return reader.prepare_reader(q)\n")
    assert "shuffle_batch_join(" in train.code and "def prepare_reader(self, filename_queue, name=" in readers.code
    assert "is also used where no pipeline is rewritten" in _refused(train)


def test_another_modules_method_reading_a_name_imported_otherwise_stays(tmp_path):
    train, readers = _tree(tmp_path, "import tensorflow.compat.v1 as tf", "import tensorflow.compat.v1 as tf\n"
                           "import numpy as np", "tf", "from lib import readers", "readers.FeatureReader()")
    assert "shuffle_batch_join(" not in train.code  # the modules import `tf` alike: rewritten
    (tmp_path / "lib" / "readers.py").unlink()
    (tmp_path / "train.py").unlink()
    (tmp_path / "lib" / "__init__.py").unlink()
    (tmp_path / "lib").rmdir()
    train, readers = _tree(tmp_path, "import tensorflow as tf", "import tensorflow.compat.v1 as tf",
                           "tf.compat.v1", "from lib import readers", "readers.FeatureReader()", reader_v1="tf")
    assert "shuffle_batch_join(" in train.code and "def prepare_reader(self, filename_queue, name=" in readers.code
    assert "reads `tf`, which its module and the caller's do not import alike" in _refused(train)


def test_scan_says_what_migrate_does_for_a_method_pipeline():
    source = textwrap.dedent(SELF_METHOD.format(imports="import tensorflow.compat.v1 as tf", v1="tf",
                                                targets="x, y", args="", tensors="x, y"))
    assert [o.rewritten for o in recognize(source)] == [True]
    refused = source.replace("        return {v1}".format(v1="tf"), "        other = self._decode\n        return tf")
    assert [o.rewritten for o in recognize(refused)] == [False]


# -- a handful run both ways, in one TensorFlow process -------------------------------------------------------------
PROGRAMS = {
    "join_method": JOIN_METHOD.format(imports="import tensorflow.compat.v1 as tf", v1="tf",
                                      call="self.read_row(filename_queue, scale=0.5)") + '''

def main(data_dir):
    rows = Table(sorted(tf.gfile.Glob(data_dir + "/table-*.csv"))).batches(6)  # 150 rows: no tail to drop
    return _run(rows)
''',
    "object_join": OBJECT_JOIN.format(body='''\
def inputs(decoder, files):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    return tf.train.batch_join([decoder.read(queue) for _ in range(2)], 5, allow_smaller_final_batch=True)


def main(data_dir):
    return _run([inputs(Decoder(3), sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord")))])
'''),
    "self_method": SELF_METHOD.format(imports="import tensorflow as tf", v1="tf.compat.v1", targets="pair",
                                      args=", scale=0.5", tensors="pair[0], pair[1] + 1") + '''

def main(data_dir):
    return _run(Data(sorted(tf.io.gfile.glob(data_dir + "/records-*.tfrecord"))).inputs(6))
''',
    "two_returns": TWO_RETURNS.replace("OTHER", "features[\"x\"], tf.zeros([], tf.int64)") + '''

def main(data_dir):
    return _run(inputs(sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))))
''',
}
RUN = '''

def _run(tensors):
    import tensorflow.compat.v1 as v1
    out, end = [], None
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out.append([v.tolist() for v in sess.run(list(tensors))])
        except v1.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
'''
ORDERED = {"self_method", "two_returns"}  # one reader: the legacy order is the files' order


@pytest.mark.timeout(300)
def test_programs_of_these_forms_deliver_what_their_originals_deliver(tmp_path):
    pairs = {}
    for name, source in PROGRAMS.items():
        original = textwrap.dedent(source) + RUN
        migrated = rewrite(original, to="tfdata")
        _clean(migrated)
        pairs[name] = write_pair(tmp_path, name, original, migrated.code)
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data", timeout=280).items():
        assert_delivers_the_same(name, want, got, "order" if name in ORDERED else "multiset")


STORED_READER = '''\
import tensorflow.compat.v1 as tf


class Input(object):
    def __init__(self, files):
        self.files = files
        self.reader = tf.TFRecordReader()

    def parse(self, filename_queue):
        _, serialized = self.reader.read(filename_queue)
        features = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32)})
        return [features["x"]]

    def batches(self, n):
        queue = tf.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        BATCH
'''


def test_a_reader_the_class_stores_and_one_method_reads_goes_with_the_pipeline():
    result, code = _tfdata(STORED_READER.replace("BATCH", "x = self.parse(queue)\n        return tf.train.batch(x, n)"))
    _clean(result)
    assert "self.reader" not in code and "def parse(" not in code and "self.files = files" in code


@pytest.mark.parametrize("batch, reason", [
    pytest.param("return tf.train.batch_join([self.parse(queue) for _ in range(2)], n)",
                 "share the one reader the class stores", id="join-over-one-reader"),
    pytest.param("x = self.parse(queue)\n        self.reader.reset()\n        return tf.train.batch(x, n)",
                 "is not made once and read once in its class", id="reader-used-elsewhere"),
])
def test_a_stored_reader_the_rewrite_cannot_take_stays(batch, reason):
    result, code = _tfdata(STORED_READER.replace("BATCH", batch))
    assert "self.reader = tf.TFRecordReader()" in code
    assert reason in _refused(result)


def test_a_read_up_to_method_of_a_keyword_passed_object_feeding_a_batch_is_inlined():
    source = '''\
    import tensorflow as tf


    class Frames(object):
        def __init__(self, per_read=4):
            self.per_read = per_read

        def prepare_reader(self, filename_queue, batch_size=None):
            reader = tf.compat.v1.TFRecordReader()
            _, serialized = reader.read_up_to(filename_queue, batch_size or self.per_read)
            return tf.io.parse_example(serialized, {"x": tf.io.FixedLenFeature([3], tf.float32)})["x"]


    def inputs(files, frames=None):
        queue = tf.compat.v1.train.string_input_producer(files, num_epochs=1)
        xs = frames.prepare_reader(queue)
        return tf.compat.v1.train.shuffle_batch([xs], 8, capacity=64, min_after_dequeue=8, enqueue_many=True)


    def main(files):
        return inputs(files, frames=Frames(per_read=2))
    '''
    result, code = _tfdata(source)
    _clean(result)
    chain = code[code.index("dataset = ("):]
    assert chain.index(".batch(frames.per_read), cycle_length=1)") < chain.index(".map(parse_record)") \
        < chain.index(".unbatch()") < chain.index(".shuffle(64)")
    assert "def prepare_reader" not in code
