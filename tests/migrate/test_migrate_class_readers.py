"""Reader helpers and reader methods that the rewrite used to leave (issue 17, held-out round 6's causes):

- a choice of batches (``if shuffle:`` / a conditional expression) over a reader helper's elements
  (``choice.py``): the helper becomes a function of the record, the flag a choice between two batch chains;
- a reader made from values its function computes (``record_bytes = LABEL_BYTES + payload`` after a loop over
  a shape), in a module-level helper, a method of the caller's class or a join's reader function
  (``reader_setup.py``): the statements that compute them are written again where the dataset is built.

Each form in several spellings, the refusals that keep it honest, ``scan``'s column agreeing, and the programs
in ``class_reader_programs/`` run against their originals under ``tensorflow.compat.v1`` in one child.
"""

from __future__ import annotations

import pathlib
import textwrap

import pytest
from both_ways import assert_delivers_the_same, rewrites_once, run_both_ways, write_pair

from tfdata_bridge._src.migrate.tree import rewrite_tree
from tfdata_bridge.migrate import rewrite, scan_source

PROGRAMS = pathlib.Path(__file__).resolve().parent / "class_reader_programs"


@pytest.fixture(scope="module", autouse=True)
def _rewrite_once():
    """A text test rewrites its source and then asks scan's MIGRATE column of the same text, which rewrites it
    again: the second is the first's result (``both_ways.rewrites_once``)."""
    with rewrites_once():
        yield
IMPORTS = [  # (import line, the prefix of tf.compat.v1 APIs)
    pytest.param("import tensorflow.compat.v1 as tf", "tf", id="compat-v1"),
    pytest.param("import tensorflow as tf", "tf.compat.v1", id="tf2-compat"),
    pytest.param("from tensorflow.compat import v1 as tfv1", "tfv1", id="from-compat"),
]


def _refused(result) -> str:
    return " | ".join(n.message for n in result.refused)


def _no_legacy_left(code: str) -> None:
    assert all(f.api.endswith(("Coordinator", "start_queue_runners")) for f in scan_source(code)), scan_source(code)
    assert "tfdata_bridge" not in code


# -- a choice of batches over a reader helper ------------------------------------------------------------------------
HELPER_CHOICE = '''\
{imports}


def parse_line(filename_queue, scale):
    reader = {v1}.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    a, b, label = {v1}.decode_csv(line, record_defaults=[[0.0], [0.0], [0]])
    return {v1}.stack([a, b]) * scale, label


def input_fn(files, batch_size, shuffle):
    queue = {v1}.train.string_input_producer(files, shuffle=False, num_epochs=1)
    x, y = parse_line(queue, 2.0)
    {choice}
    return xs, ys
'''
CHOICES = {
    "if": ("if shuffle:\n        xs, ys = {v1}.train.shuffle_batch([x, y], batch_size, capacity=50, "
           "min_after_dequeue=5)\n    else:\n        xs, ys = {v1}.train.batch([x, y], batch_size=batch_size)"),
    "ifexp": ("xs, ys = ({v1}.train.shuffle_batch([x, y], batch_size, 50, 5) if shuffle else\n"
              "              {v1}.train.batch(tensors=[x, y], batch_size=batch_size))"),
}


def _helper_choice(imports: str, v1: str, choice: str) -> str:
    return HELPER_CHOICE.format(imports=imports, v1=v1, choice=CHOICES[choice].format(v1=v1))


@pytest.mark.parametrize("choice", sorted(CHOICES))
@pytest.mark.parametrize("imports, v1", IMPORTS)
def test_a_choice_of_batches_over_a_reader_helper_is_two_chains_over_its_records(imports, v1, choice):
    source = _helper_choice(imports, v1, choice)
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    code = result.code
    _no_legacy_left(code)
    # the helper is a function of the record; the dataset maps it once, before the choice
    assert "def parse_line(line, scale):" in code and "reader.read" not in code
    head, _, branches = code.partition("if shuffle:")
    assert ".map(lambda value: parse_line(value, 2.0))" in head and "dataset = (" in head
    assert branches.count(".batch(") == 2 and ".shuffle(50)" in branches
    assert code.count("make_one_shot_iterator(") == 2
    for f in scan_source(source, outcomes=True):  # scan says what migrate did
        assert f.tfdata == "rewritten into tf.data", f


def test_a_helper_whose_other_caller_is_left_keeps_its_reader_and_the_choice_says_why():
    source = _helper_choice("import tensorflow.compat.v1 as tf", "tf", "if") + textwrap.dedent('''\


        def peek(files):
            queue = tf.train.string_input_producer(files)
            return parse_line(queue, 1.0)
        ''')
    result = rewrite(source, to="tfdata")
    assert result.code == source
    assert "`parse_line` is also called where no pipeline is rewritten" in _refused(result), result.notes
    outcomes = {f.line: f.tfdata for f in scan_source(source, outcomes=True)}
    assert "also called where no pipeline is rewritten" in outcomes[15], outcomes


def test_a_choice_over_another_modules_reader_helper_changes_that_module_in_a_tree(tmp_path):
    helper = HELPER_CHOICE.split("\n\n\n")[1].format(v1="tf")
    reading = "import tensorflow.compat.v1 as tf\n\n\n" + helper + "\n"
    caller = _helper_choice("import tensorflow.compat.v1 as tf\nfrom reading import parse_line", "tf", "if")
    caller = caller.replace(helper + "\n\n\n", "")
    assert "def parse_line" not in caller
    sources = {str(tmp_path / "reading.py"): reading, str(tmp_path / "train.py"): caller}
    results = rewrite_tree(sources, root=str(tmp_path))
    train, reading_out = results[str(tmp_path / "train.py")], results[str(tmp_path / "reading.py")]
    assert not train.refused and not reading_out.refused, (train.notes, reading_out.notes)
    assert "def parse_line(line, scale):" in reading_out.code and "TextLineReader" not in reading_out.code
    assert "if shuffle:" in train.code and "shuffle_batch(" not in train.code
    _no_legacy_left(train.code)


# -- a reader made from values its function computes -----------------------------------------------------------------
METHOD = '''\
{imports}

LABEL_BYTES = 4


class Records(object):
    def __init__(self, files):
        self.files = files
        self.shape = [1]

    def read(self, filename_queue, value_bytes=4):
        payload = value_bytes
        for dim in self.shape:
            payload *= dim
        record_bytes = LABEL_BYTES + payload
        reader = {reader}
        _, value = reader.read(filename_queue)
        record_bytes = {v1}.decode_raw(value, {v1}.int32)
        return record_bytes[0], record_bytes[1:]

    def inputs(self):
        queue = {v1}.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        label, image = self.read(queue{arg})
        return {v1}.train.batch([label, image], batch_size=5)
'''
READERS = {
    "keyword": "{v1}.FixedLengthRecordReader(record_bytes=record_bytes, header_bytes=4)",
    "positional": "{v1}.FixedLengthRecordReader(record_bytes, 4)",
}


@pytest.mark.parametrize("arg", ["", ", 4", ", value_bytes=2 + 2"])
@pytest.mark.parametrize("reader", sorted(READERS))
@pytest.mark.parametrize("imports, v1", IMPORTS)
def test_a_method_computing_its_readers_size_has_that_computation_where_the_dataset_is_built(imports, v1, reader,
                                                                                               arg):
    source = METHOD.format(imports=imports, v1=v1, reader=READERS[reader].format(v1=v1), arg=arg)
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    code = result.code
    _no_legacy_left(code)
    inputs = code.split("def inputs(self):", 1)[1]
    value = {"": "4", ", 4": "4", ", value_bytes=2 + 2": "2 + 2"}[arg]
    # the computation, once more, in fresh names, the parameter bound to the call's argument, ``self`` kept
    assert f"payload_2 = {value}\n" in inputs and "for dim_2 in self.shape:" in inputs
    assert "record_bytes_2 = LABEL_BYTES + payload_2" in inputs
    assert "FixedLengthRecordDataset(file_names, record_bytes_2" in inputs
    assert "def read(" not in code  # the method went with its only call


@pytest.mark.parametrize("imports, v1", IMPORTS)
def test_a_helper_computing_its_readers_size_in_a_loop_is_not_read_as_its_first_value(imports, v1):
    # before: `units *= d` was not seen, and `record_bytes` became `LABEL_BYTES + 1 * 2` (the wrong record size)
    source = textwrap.dedent(f'''\
        {imports}

        LABEL_BYTES = 4
        DIMS = (2,)


        def read_fixed(filename_queue, unit_bytes=2):
            units = 1
            for d in DIMS:
                units *= d
            record_bytes = LABEL_BYTES + units * unit_bytes
            _, record = {v1}.FixedLengthRecordReader(record_bytes, header_bytes=4).read(filename_queue)
            return {v1}.decode_raw(record, {v1}.int32)


        def inputs(files):
            queue = {v1}.train.string_input_producer(files, num_epochs=1, shuffle=False)
            record = read_fixed(queue, unit_bytes=2)
            return {v1}.train.batch([record], 4)
        ''')
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    code = result.code
    _no_legacy_left(code)
    assert "(LABEL_BYTES + 1 * 2)" not in code
    inputs = code.split("def inputs(files):", 1)[1]
    assert "for d_2 in DIMS:" in inputs and "record_bytes_2 = LABEL_BYTES + units_2 * 2" in inputs
    assert "FixedLengthRecordDataset(file_names, record_bytes_2, header_bytes=4)" in inputs


JOIN = '''\
import tensorflow.compat.v1 as tf

HEADER = 4


def read_fixed(filename_queue):
    size = 1
    for d in [2]:
        size *= d
    reader = tf.FixedLengthRecordReader(record_bytes=size * 4, header_bytes=HEADER)
    _, value = reader.read(filename_queue)
    return [tf.decode_raw(value, tf.int32)]


def inputs(files):
    queue = tf.train.string_input_producer(files, num_epochs=1)
    rows = [read_fixed(queue) for _ in range(2)]
    return tf.train.batch_join(rows, batch_size=5)
'''


def test_a_joins_reader_function_computing_its_readers_size_is_an_interleave_with_that_computation():
    result = rewrite(JOIN, to="tfdata")
    assert not result.refused, result.notes
    code = result.code.split("def inputs(files):", 1)[1]
    assert "for d_2 in [2]:" in code and "record_bytes=" not in code
    assert "FixedLengthRecordDataset(filename, size_2 * 4, header_bytes=HEADER)" in code


REFUSALS = [
    ("payload = value_bytes", "payload = compute_size(value_bytes)", "`payload = compute_size(value_bytes)` calls "
     "`compute_size`"),
    ("payload = value_bytes", "payload = value_bytes\n        self.shape.append(1)",
     "`self.shape.append(1)` uses them too"),
    ("payload = value_bytes", "payload = value_bytes\n        shape = [1]\n        log(shape)",
     None),  # (a statement the size does not need: no matter)
    ("payload = value_bytes", "payload = value_bytes\n        self.size = payload",
     "`self.size = payload` uses them too"),
    ("payload = value_bytes", "value_bytes = value_bytes * 1\n        payload = value_bytes",
     "re-binds its parameter `value_bytes`"),
    ("payload = value_bytes", "payload = int(value_bytes)", None),  # a pure builtin
]


@pytest.mark.parametrize("old, new, reason", REFUSALS)
def test_a_computation_the_rewrite_cannot_copy_is_refused_naming_the_statement(old, new, reason):
    source = METHOD.format(imports="import tensorflow.compat.v1 as tf", v1="tf", arg="",
                           reader=READERS["keyword"].format(v1="tf")).replace(old, new, 1)
    result = rewrite(source, to="tfdata")
    if reason is None:
        assert not result.refused, result.notes
        return
    assert result.code == source
    assert reason in _refused(result), result.notes
    assert "compute them from constants, parameters or attributes" in _refused(result) or "re-binds" in reason or \
        "uses them too" in reason
    outcomes = {f.line: f.tfdata for f in scan_source(source, outcomes=True)}
    assert any(reason in str(v) for v in outcomes.values()), outcomes


def test_a_caller_that_binds_a_constant_the_computation_reads_is_refused():
    source = METHOD.format(imports="import tensorflow.compat.v1 as tf", v1="tf", arg="",
                           reader=READERS["keyword"].format(v1="tf")).replace(
        "    def inputs(self):\n", "    def inputs(self):\n        LABEL_BYTES = 0\n")
    result = rewrite(source, to="tfdata")
    assert result.code == source
    assert "from `LABEL_BYTES`, which the caller binds to something else" in _refused(result), result.notes


# -- the programs, both ways ------------------------------------------------------------------------------------------
# order: one reader, its records in the files' order (the choice programs' shuffled pass is compared sorted)
@pytest.mark.timeout(400)
def test_the_programs_deliver_what_their_originals_deliver(tmp_path):
    pairs = {}
    for program in sorted(PROGRAMS.glob("*.py")):
        result = rewrite(program.read_text(), to="tfdata")
        assert not result.refused, (program.name, result.notes)
        _no_legacy_left(result.code)
        assert not scan_source(result.code, outcomes=True) or \
            all(f.api.endswith(("Coordinator", "start_queue_runners")) for f in scan_source(result.code))
        pairs[program.stem] = write_pair(tmp_path, program.stem, program.read_text(), result.code)
    assert len(pairs) >= 4
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data", timeout=380).items():
        assert_delivers_the_same(name, want, got, "exact")


# -- a reader method that makes its own file queue --------------------------------------------------------------------
OWN_QUEUE = '''\
{imports}


class Notes(object):
    def __init__(self, path, is_training=False):
        self.path = path
        self.is_training = is_training

    def get_example(self, batch_size):
        reader = {v1}.TFRecordReader()
        num_epochs = None if self.is_training else 1
        path_queue = {v1}.train.{producer}([self.path], num_epochs=num_epochs, shuffle=self.is_training,
                                           capacity=batch_size{extra})
        _, serialized = reader.read(path_queue)
        return {v1}.parse_single_example(serialized, {{"x": {v1}.FixedLenFeature([3], {v1}.float32)}})

{caller}
'''
CALLERS = {
    "method": '''\
    def get_batch(self, batch_size):
        example = self.get_example({arg})
        return {v1}.train.batch([example["x"] * 2.0], batch_size)
''',
    "object": '''\

def get_batch(path, batch_size):
    notes = Notes(path)
    example = notes.get_example({arg})
    return {v1}.train.batch([example["x"] * 2.0], batch_size)
''',
}


def _own_queue(imports="import tensorflow.compat.v1 as tf", v1="tf", producer="input_producer", caller="method",
               arg="batch_size", extra=""):
    return OWN_QUEUE.format(imports=imports, v1=v1, producer=producer, extra=extra,
                            caller=CALLERS[caller].format(v1=v1, arg=arg))


@pytest.mark.parametrize("caller, arg", [("method", "batch_size"), ("method", "batch_size=batch_size"),
                                         ("object", "4")])
@pytest.mark.parametrize("producer", ["input_producer", "string_input_producer"])
@pytest.mark.parametrize("imports, v1", IMPORTS)
def test_a_reader_method_making_its_own_file_queue_is_read_as_if_handed_it(imports, v1, producer, caller, arg):
    source = _own_queue(imports, v1, producer, caller, arg)
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    code = result.code
    _no_legacy_left(code)
    assert "def get_example(" not in code  # the method went into its one caller's pipeline
    obj = "self" if caller == "method" else "notes"
    size = "batch_size" if caller == "method" else "4"
    # the producer's arguments as the caller writes them: its computed epochs, the object's flag and path
    assert f"num_epochs_2 = None if {obj}.is_training else 1" in code
    # a list of one file: its shuffle (the object's flag) leaves it as it is, and the chain drops it
    assert f"Dataset.from_tensor_slices([{obj}.path])" in code and ".shuffle(" not in code
    assert ".repeat(num_epochs_2)" in code
    assert [n for n in result.notes if n.kind == "info" and "batch" in n.message]
    assert size in code or caller == "object"  # (the object's 4 was only the one-file queue's capacity)
    for f in scan_source(source, outcomes=True):  # scan says what migrate did
        assert f.tfdata == "rewritten into tf.data", f


@pytest.mark.parametrize("extra, reason", [
    (", shared_name='notes'", "the file queue has shared_name=: shared with other sessions"),
    (", element_shape=[2]", "input_producer has element_shape="),
])
def test_an_own_file_queue_the_rewrite_cannot_take_is_refused(extra, reason):
    source = _own_queue(extra=extra)
    result = rewrite(source, to="tfdata")
    assert result.code == source
    assert reason in _refused(result), result.notes
    outcomes = {f.line: f.tfdata for f in scan_source(source, outcomes=True)}
    assert any(reason in str(v) for v in outcomes.values()), outcomes


def test_an_own_file_queue_of_scalar_names_declared_so_is_rewritten():
    # element_shape=[] only states what a reader dequeues from a vector of names (a scalar): the queue is
    # string_input_producer's (pipelines.names_producer); another element shape stays refused (above)
    result = rewrite(_own_queue(extra=", element_shape=[]"), to="tfdata")
    assert not result.refused, result.notes
    _no_legacy_left(result.code)
    assert "Dataset.from_tensor_slices([self.path])" in result.code and "element_shape" not in result.code


def test_an_own_file_queue_used_beyond_the_read_leaves_the_method():
    source = _own_queue().replace("        _, serialized", "        print(path_queue.size())\n        _, serialized")
    result = rewrite(source, to="tfdata")
    assert result.code == source
    assert "is not given one file queue made by `string_input_producer`, nor makes one" in _refused(result)


# -- a choice whose branches do their own per-element work ------------------------------------------------------------
BRANCH_WORK = '''\
{imports}

LENGTH = 2


def inputs(files, batch_size, training):
    queue = {v1}.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, serialized = {v1}.TFRecordReader().read(queue)
    x = {v1}.parse_single_example(serialized, {{"x": {v1}.FixedLenFeature([3], {v1}.float32)}})["x"]
    start = 3 - LENGTH
{branches}
    return crop
'''
BRANCHES = {
    "if": '''\
    if training:
        crop = {v1}.random_crop(x, [LENGTH])
        crop = {v1}.reshape(crop, [LENGTH])
        crop = {v1}.train.shuffle_batch([crop], batch_size, capacity=30, min_after_dequeue=5)
    else:
        crop = x[start:]
        crop.set_shape([LENGTH])
        crop = {v1}.train.batch([crop], batch_size)''',
    "one-side": '''\
    if training:
        crop = {v1}.train.shuffle_batch([x[:LENGTH]], batch_size, capacity=30, min_after_dequeue=5)
    else:
        crop = {v1}.reshape(x[start:], [LENGTH])
        crop = {v1}.train.batch([crop], batch_size)''',
}


@pytest.mark.parametrize("branches", sorted(BRANCHES))
@pytest.mark.parametrize("imports, v1", IMPORTS)
def test_each_branchs_own_work_is_a_map_before_its_batch(imports, v1, branches):
    source = BRANCH_WORK.format(imports=imports, v1=v1, branches=BRANCHES[branches].format(v1=v1))
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    code = result.code
    _no_legacy_left(code)
    head, _, tail = code.partition("if training:")
    assert "dataset = (" in head and "start = 3 - LENGTH" in head  # (a Python value: it stays where it was)
    train, _, evaluation = tail.partition("else:")
    assert ".map(branch_element" in evaluation and "def branch_element" in evaluation
    assert "x[start:]" in evaluation and ".shuffle(" not in evaluation
    # (one-side: the training branch batches `x[:LENGTH]`, which its map makes; it batched `x` whole before)
    assert ".map(branch_element" in train and ("x[:LENGTH]" in train) == (branches == "one-side")
    for f in scan_source(source, outcomes=True):
        assert f.tfdata == "rewritten into tf.data", f


def test_a_branch_reading_a_tensor_not_made_from_the_records_is_refused():
    source = BRANCH_WORK.format(imports="import tensorflow.compat.v1 as tf", v1="tf", branches=BRANCHES["if"].format(
        v1="tf")).replace("    start = 3 - LENGTH\n", "    start = 3 - LENGTH\n    noise = tf.random_normal([3])\n") \
        .replace("crop = x[start:]", "crop = (x + noise)[start:]")
    result = rewrite(source, to="tfdata")
    assert result.code == source
    # (a tensor made beside the records would be captured once by the branch's function, not made per element)
    assert "`inputs` has its branches read `noise, start`, made beside the records, and " \
        "`noise = tf.random_normal([3])` calls `tf.random_normal`" in _refused(result), result.notes


def test_a_branch_that_makes_a_queue_is_no_choice_of_batches():
    # (a source chosen by the flag is ``tail_split.py``'s: the choice pass leaves it)
    source = BRANCH_WORK.format(imports="import tensorflow.compat.v1 as tf", v1="tf", branches=BRANCHES["if"].format(
        v1="tf")).replace("        crop = x[start:]\n", "        q = tf.FIFOQueue(4, tf.float32)\n        crop = x[start:]\n")
    result = rewrite(source, to="tfdata")
    assert "the condition chooses the batch" not in " ".join(n.message for n in result.notes)
