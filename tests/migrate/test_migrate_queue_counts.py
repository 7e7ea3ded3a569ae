"""A hand-built queue's ``size()`` and a reader's counts (issue 17: the causes left in held-out rounds 7 and 8).

``queue_size.py``: a runner-filled queue whose size is only logged, summarised or waited on is rewritten, those
uses dropped (the comment says so); any other read of the size is refused with its line. ``reader_counts.py``: a
reader's ``num_records_produced()`` / ``num_work_units_completed()`` run after the batches end by
OutOfRangeError is counted again over the same files; run anywhere else it is refused.

The programs of ``queue_count_programs/`` are migrated with ``--to tfdata`` and run against their originals in
one TensorFlow process: the same batches (in order, or as a multiset where two threads enqueue), the same end,
the same counts.
"""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, rewrites_once, run_programs
from tfdata_bridge._src.symbols import STARTS_RUNNERS
from tfdata_bridge.migrate import rewrite, scan_source


@pytest.fixture(scope="module", autouse=True)
def _rewrite_once():
    """A text test rewrites its program and then asks scan's MIGRATE column of the same text, which rewrites it
    again: the second is the first's result (``both_ways.rewrites_once``)."""
    with rewrites_once():
        yield


pytestmark = pytest.mark.timeout(600)

HERE = pathlib.Path(__file__).resolve().parent / "queue_count_programs"
PROGRAMS = {
    "count_files_tfrecord": "multiset",
    "count_records_read": "order",
    "readers_queue_logged_size": "multiset",
    "size_fill_print_flow_ops": "multiset",
    "size_wait_and_log": "order",
}


def _source(name: str) -> str:
    return (HERE / f"{name}.py").read_text()


def _variant(name: str, old: str, new: str) -> str:
    text = _source(name)
    assert old in text, old
    return text.replace(old, new)


def _statements(code: str) -> str:
    """The code without its docstring and comments."""
    return "\n".join(line for line in code.split('"""', 2)[2].splitlines() if not line.strip().startswith("#"))


def test_the_migrated_programs_deliver_what_their_originals_deliver(tmp_path):
    assert {p.stem for p in HERE.glob("*.py")} == set(PROGRAMS)
    migrated = tmp_path / "migrated"
    migrated.mkdir()
    for name in PROGRAMS:
        result = rewrite(_source(name), to="tfdata")
        assert not result.refused, (name, result.notes)
        assert "tfdata_bridge" not in result.code and ".size()" not in _statements(result.code)
        assert [f.api for f in scan_source(result.code) if not f.dropin.startswith(STARTS_RUNNERS)] == [], name
        (migrated / f"{name}.py").write_text(result.code)
    originals = [HERE / f"{n}.py" for n in PROGRAMS]
    runs = run_programs([*originals, *(migrated / f"{n}.py" for n in PROGRAMS)], tmp_path / "data")
    for name, compare in PROGRAMS.items():
        want, got = runs[str(HERE / f"{name}.py")], runs[str(migrated / f"{name}.py")]
        assert_delivers_the_same(name, want, got, compare)
        assert want.get("counts") == got.get("counts"), (name, want.get("counts"), got.get("counts"))
    assert runs[str(HERE / "count_files_tfrecord.py")]["counts"][0] == 6  # 3 files, 2 epochs: a real count


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_scan_says_rewritten_where_migrate_rewrites(name):
    sites = scan_source(_source(name), outcomes=True)
    assert sites and not [f for f in sites if f.tfdata.startswith("left: ")], name


def test_the_comment_says_which_size_uses_went():
    code = rewrite(_source("size_wait_and_log"), to="tfdata").code
    assert "`queue.size()` read only by a wait for the queue to fill and log lines: dropped" in code
    assert "time.sleep" not in code and "logging.info" not in code


def test_the_reader_count_is_a_reduce_over_the_same_files():
    code = rewrite(_source("count_records_read"), to="tfdata").code
    assert "seen = (\n        tf.data.FixedLengthRecordDataset(file_names, 8, header_bytes=4)\n" \
           "        .reduce(tf.constant(0, tf.int64)" in code
    assert ".num_records_produced()" not in code


_LOG = '        logging.info("prefetched %d examples", sess.run(queue.size()))\n'
_WAIT = "        while sess.run(size) < CAPACITY:\n            time.sleep(0.005)\n"


@pytest.mark.parametrize("old, new, line", [
    pytest.param(_LOG, _LOG + '        batches.append(["queued", int(sess.run(size))])\n', 33, id="into-a-result"),
    pytest.param(_LOG, '        logging.info("%d %s", sess.run(queue.size()), sess.run(x_batch))\n', 32,
                 id="log-line-that-runs-a-batch"),
    pytest.param(_WAIT, "        while sess.run(size) < CAPACITY:\n            sess.run(x_batch)\n", 30,
                 id="loop-that-dequeues"),
    pytest.param(_WAIT, "        if sess.run(size) < CAPACITY:\n            time.sleep(0.005)\n", 30,
                 id="a-condition"),
    pytest.param("    size = queue.size()\n", "    size = queue.size() + tf.size(x_batch)\n", 30,
                 id="size-mixed-with-a-batch"),
])
def test_a_size_read_beyond_logs_and_waits_is_left_with_its_line(old, new, line):
    source = _variant("size_wait_and_log", old, new)
    if "x_batch)\n" in new and "size = " in new:  # the batch must exist before the size is made of it
        source = source.replace(new, "").replace("    batches = []\n", new + "    batches = []\n")
    result = rewrite(source, to="tfdata")
    assert result.code == source
    why = [n.message for n in result.refused if "FIFOQueue" in n.message]
    assert why and f"`queue.size()` is read at line {line} " in why[0] and "migrate --to compat" in why[0], result.notes
    queue = [f for f in scan_source(source, outcomes=True) if f.api.endswith("FIFOQueue")]
    assert queue and all(f.tfdata.startswith("left: ") for f in queue)


def test_a_size_bound_to_a_name_nothing_reads_is_left():
    source = _variant("size_wait_and_log", "    size = queue.size()\n", "    size = queue.size()\n    fill = queue.size()\n")
    result = rewrite(source, to="tfdata")
    assert result.code == source
    assert any("`fill` holds `queue.size()` and nothing here reads it" in n.message for n in result.refused), \
        result.notes


def test_the_readers_queue_drops_its_size_uses_as_the_runner_queue_does():
    result = rewrite(_source("readers_queue_logged_size"), to="tfdata")
    code = result.code
    assert any("read only by a wait for the queue to fill and log lines and the summary" in n.message
               for n in result.notes if n.kind == "info"), result.notes
    assert "tf.logging.info" not in code and "queued" not in _statements(code)


def test_a_readers_queue_size_read_into_the_results_is_left():
    source = _variant("readers_queue_logged_size", "        try:\n",
                      "        batches.append([[int(sess.run(queued))]])\n        try:\n")
    result = rewrite(source, to="tfdata")
    assert result.code == source
    assert any("`examples_queue.size()` is read at line 34 " in n.message for n in result.refused), result.notes


_COUNT_AFTER = '        read = int(sess.run(seen))\n'


_NOT_ENDED = "the reader's `num_records_produced()` (`seen`) is run where the data has not ended"


@pytest.mark.parametrize("old, new, why", [
    pytest.param("                batches.append([a.tolist(), b.tolist()])\n",
                 "                batches.append([a.tolist(), b.tolist(), int(sess.run(seen))])\n", _NOT_ENDED,
                 id="in-the-loop"),
    pytest.param("        try:\n", "        read_first = int(sess.run(seen))\n        try:\n", _NOT_ENDED,
                 id="before-the-loop"),
    pytest.param("            while not coord.should_stop():\n", "            for _ in range(3):\n", _NOT_ENDED,
                 id="after-a-loop-of-steps"),
    pytest.param("        except tf.errors.OutOfRangeError:\n", "        except Exception:\n", _NOT_ENDED,
                 id="after-any-error"),
    pytest.param(_COUNT_AFTER, "        read = int(sess.run([seen, first])[0])\n",
                 "(`seen`) is used other than run alone (`sess.run(seen)`)", id="run-with-a-batch"),
    pytest.param("    seen = reader.num_records_produced()\n", "    seen = [reader.num_records_produced()]\n",
                 "`num_records_produced()` is not bound to a name of its own", id="in-a-list"),
])
def test_a_count_run_before_the_end_of_data_is_left_with_the_reason(old, new, why):
    source = _variant("count_records_read", old, new)
    result = rewrite(source, to="tfdata")
    assert result.code == source
    assert any(why in n.message for n in result.refused), result.notes


def test_the_round8_shape_with_read_up_to_keeps_its_count():
    source = _variant("count_records_read", "    _, value = reader.read(file_queue)\n",
                      "    _, value = reader.read_up_to(file_queue, 3)\n")
    source = source.replace("[2])", "[-1, 2])").replace("pair[0], pair[1]], 4)", "pair[:, 0], pair[:, 1]], 4, "
                                                                                  "enqueue_many=True)")
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    assert ".reduce(tf.constant(0, tf.int64)" in result.code


_FED_RETURNED = '''\
import tensorflow.compat.v1 as tf


def build_input():
    paths = tf.placeholder(tf.string, shape=(None,))
    queue = tf.FIFOQueue(100, [tf.string], shapes=[()])
    enqueue_op = queue.enqueue_many([paths])
    path = queue.dequeue()
    batch = tf.train.batch([tf.strings.length(path)], 2)
    return queue, enqueue_op, paths, batch
'''


def test_a_fed_queue_its_function_returns_is_left_saying_so():
    # (facenet's trainers, held-out round 7: the queue goes back to the caller, which closes it)
    result = rewrite(_FED_RETURNED, to="tfdata")
    assert result.code == _FED_RETURNED
    assert any("`queue` is used other than by enqueue, close and one dequeue (line 10: its function returns it"
               in n.message for n in result.refused), result.notes
