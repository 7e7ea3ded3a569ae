"""Pipelines whose parts are spread over branches, objects and methods (``spread_programs/``): an ``if`` that
only chooses which per-element values get which names (``branch_names.py``), a reader object made inside a
``with`` or ``if`` block of its caller (``object_uses.runs_once``), a class method named ``read`` that calls a
reader's own ``read`` (``object_uses``). Each program is migrated with ``--to tfdata`` and run against its
original in one TensorFlow process: the same batches in the same order, the same end. What cannot be proven
(a test re-bound before the batch, an ``if`` reading a queue, a program reading the producers' epoch counters
among the local variables) is refused, with the reason, pinned by text."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, rewrites_once, run_both_ways, write_pair
from tfdata_bridge._src.migrate.tree import rewrite_tree
from tfdata_bridge.migrate import rewrite, scan_source


@pytest.fixture(scope="module", autouse=True)
def _rewrite_once():
    """Several tests here rewrite the same program text (a text check, then its run): the second is the first's
    result (``both_ways.rewrites_once``)."""
    with rewrites_once():
        yield


HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = sorted((HERE / "spread_programs").glob("*.py"))
# compared to a relative 1e-6 (none now: ``branch_names_png``'s ``x / 255.0`` was one ulp apart until the migrated
# map divided as legacy's session did, ``migrate/legacy_divisions.py``; exact since)
CLOSE: set[str] = set()


@pytest.mark.timeout(500)
def test_the_migrated_spread_pipelines_deliver_what_their_originals_deliver(tmp_path):
    pairs = {}
    for program in PROGRAMS:
        result = rewrite(program.read_text(), to="tfdata")
        assert not result.refused, (program.name, result.refused)
        assert not scan_source(result.code), program.name  # no legacy API left: scan --check is clean
        assert "tfdata_bridge" not in result.code, program.name
        # scan's MIGRATE column says what migrate did at each site
        assert all(not f.tfdata.startswith("left") for f in scan_source(program.read_text(), outcomes=True)), \
            program.name
        pairs[program.stem] = write_pair(tmp_path, program.stem, program.read_text(), result.code)
    assert len(pairs) >= 6
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert len(want["batches"]) > 2, name
        if name in CLOSE:
            assert_delivers_the_same(name, want, got, "order", close_floats=True)
        else:
            assert_delivers_the_same(name, want, got, "exact")


BRANCH = '''\
import tensorflow.compat.v1 as tf


def inputs(files, flip):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(queue)
    a, b = tf.decode_csv(line, record_defaults=[[0], [0]])
{branch}
    return tf.train.batch([first, second], batch_size=4)
'''


def _refused(source: str) -> list[str]:
    result = rewrite(source, to="tfdata")
    assert result.code == source
    return [n.message for n in result.refused]


@pytest.mark.timeout(60)
@pytest.mark.parametrize("branch, why", [
    ("    if flip == 1:\n        first, second = a, b\n    elif flip == 2:\n        first, second = b, b\n"
     "    else:\n        first, second = b, a\n    flip = 0",
     "`flip`, read by the `if` that chooses the batched names, is assigned again before the batch"),
    ("    if flip:\n        first, second = a, b\n    else:\n        first, second = b, tf.TextLineReader().read(queue)[1]",
     "the `if` choosing `first, second` also calls `tf.TextLineReader().read`"),
])
def test_an_if_that_cannot_move_is_refused_with_the_reason(branch, why):
    messages = _refused(BRANCH.format(branch=branch))
    assert any(why in m for m in messages), messages


@pytest.mark.timeout(60)
@pytest.mark.parametrize("branch", [
    "    if flip:\n        first, second = a, b\n    else:\n        first, second = b, a",
    "    if flip == 1:\n        first, second = a, b\n    elif flip == 2:\n        c = a + b\n        first, second = c, b\n"
    "    else:\n        first = b\n        second = a",
])
def test_an_if_choosing_names_moves_into_the_element_function(branch):
    result = rewrite(BRANCH.format(branch=branch), to="tfdata")
    assert not result.refused, result.refused
    assert "def parse_record(line):" in result.code and "        if flip" in result.code, result.code
    assert not scan_source(result.code)


@pytest.mark.timeout(60)
def test_an_if_binding_a_batched_name_in_one_branch_only_is_left():
    branch = "    first, second = a, b\n    if flip:\n        first = b\n    else:\n        other = a"
    assert _refused(BRANCH.format(branch=branch))


EPOCHS = '''\
import tensorflow.compat.v1 as tf


def main(files):
    queue = tf.train.string_input_producer(files, {epochs}shuffle=False)
    _, line = tf.TextLineReader().read(queue)
    labels = tf.train.batch([line], batch_size=4)
    {read}
    return labels
'''


@pytest.mark.timeout(60)
@pytest.mark.parametrize("read", [
    "counters = [v for v in tf.local_variables() if 'epochs' in v.name]",
    "counters = tf.get_collection(tf.GraphKeys.LOCAL_VARIABLES)",
    "counters = tf.get_collection('local_variables')",
])
def test_a_read_of_the_epoch_counters_keeps_the_queues(read):
    messages = _refused(EPOCHS.format(epochs="num_epochs=2, ", read=read))
    assert any("reads the graph's local variables" in m and "`num_epochs` counter" in m for m in messages), messages


@pytest.mark.timeout(60)
@pytest.mark.parametrize("epochs, read", [
    ("num_epochs=2, ", "init = tf.variables_initializer(tf.local_variables())"),
    ("", "counters = tf.local_variables()"),
    ("None, ", "counters = tf.local_variables()"),
])
def test_no_epoch_counter_read_no_refusal(epochs, read):
    result = rewrite(EPOCHS.format(epochs=epochs, read=read), to="tfdata")
    assert not result.refused and "TextLineDataset" in result.code, result.refused


@pytest.mark.timeout(120)
def test_a_tree_keeps_the_queues_of_a_module_whose_caller_reads_the_counters(tmp_path):
    lib = EPOCHS.format(epochs="num_epochs=2, ", read="").replace("def main(", "def inputs(")
    prog = ("import tensorflow.compat.v1 as tf\n\nfrom lib import inputs\n\n\ndef main(files):\n"
            "    labels = inputs(files)\n    return labels, tf.local_variables()\n")
    sources = {str(tmp_path / "lib.py"): lib, str(tmp_path / "prog.py"): prog}
    result = rewrite_tree(sources, root=str(tmp_path))[str(tmp_path / "lib.py")]
    assert result.code == lib
    assert any("reads the graph's local variables" in n.message for n in result.refused), result.refused


TWIN = '''\
import tensorflow.compat.v1 as tf

SKIP = 1


def lines(path):
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader(skip_header_lines=SKIP).read(queue)
    return line


def pairs(a_path, b_path):
{body}
    return tf.train.batch([a, b], batch_size=4)
'''


@pytest.mark.timeout(60)
def test_a_source_helper_called_twice_in_one_function_is_inlined_and_goes():
    body = "    a = lines(a_path)\n    b = lines(path=b_path)"
    result = rewrite(TWIN.format(body=body), to="tfdata")
    assert not result.refused, result.refused
    assert "def lines(" not in result.code and "Dataset.zip(" in result.code, result.code
    assert not scan_source(result.code)


@pytest.mark.timeout(60)
def test_a_helper_whose_global_the_caller_rebinds_is_not_inlined():
    body = "    SKIP = 0\n    a = lines(a_path)\n    b = lines(b_path)"
    source = TWIN.format(body=body)
    result = rewrite(source, to="tfdata")
    assert "def lines(" in result.code and "Dataset.zip(" not in result.code, result.code


@pytest.mark.timeout(60)
def test_an_object_pipeline_refused_says_the_objects_reason():
    source = (HERE / "spread_programs" / "object_made_in_scope.py").read_text().replace(
        "        images, labels = reader.dequeue(2)\n",
        "        images, labels = reader.dequeue(2)\n        again = reader.dequeue(2)\n")
    messages = _refused(source)
    assert any("`ImageList.dequeue` is used 2 times" in m for m in messages), messages
    assert not any("in the same block" in m for m in messages), messages


@pytest.mark.timeout(60)
def test_a_coordinator_the_object_reads_keeps_the_plumbing():
    source = (HERE / "spread_programs" / "object_stored_coord.py").read_text().replace(
        "        self.label = parsed[\"label\"]\n",
        "        self.label = parsed[\"label\"]\n        self.stopped = self.coord.should_stop\n")
    result = rewrite(source, to="tfdata")
    assert "RecordReader(data_dir, coord=coord)" in result.code and "tf.train.Coordinator()" in result.code
    assert any("`coord` kept (harmless without runners)" in n.message for n in result.notes), result.notes
