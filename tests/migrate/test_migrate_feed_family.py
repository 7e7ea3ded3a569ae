"""The feed-thread codemod family (`migrate/feed/`, issue 17 items 2 and 7) on the shapes of public feed-thread
pipelines: a coordinator that only the feeding class and its loop use goes with the thread (kept as
`self.coord`, handed to `start_threads`, passed on to the thread, module-level, `finally: request_stop()`); a
class feeding a `RandomShuffleQueue` by `enqueue_many` of numpy slices from a generator method; and the shapes
it refuses, with the reason, which `--fallback compat` runs. Text tests without TensorFlow, then one test that
runs every program both ways in one TensorFlow process."""

from __future__ import annotations

import pathlib

import pytest

from tfdata_bridge.migrate import rewrite, scan_source

from both_ways import assert_delivers_the_same, rewrites_once, run_programs


@pytest.fixture(scope="module", autouse=True)
def _rewrite_once():
    """Several tests here rewrite the same program text (a text check, then its run): the second is the first's
    result (``both_ways.rewrites_once``)."""
    with rewrites_once():
        yield


PROGRAMS = pathlib.Path(__file__).parent / "feed_programs"


def _source(name: str) -> str:
    return (PROGRAMS / f"{name}.py").read_text()


def _refused(result) -> str:
    return " | ".join(n.message for n in result.refused)


@pytest.mark.parametrize("name, made", [
    pytest.param("coord_init", "reader = RowReader(22, queue_size=8)\n", id="self.coord-from-init"),
    pytest.param("coord_starter", "threads = feeder.start_threads(sess)\n", id="self.coord-from-start_threads"),
    pytest.param("coord_thread_arg", "loader.start_threads(sess)\n", id="passed-on-to-the-thread"),
    pytest.param("coord_module", "source.start(sess)\n", id="module-level"),
    pytest.param("coord_flag_nested", "reader = PieceReader(4)\n", id="flag-then-break-in-nested-loops"),
    pytest.param("coord_flag_return", "threads = counter.start_threads(sess)\n", id="flags-then-return"),
    pytest.param("coord_flag_thread_arg", "pairs.start_threads(sess)\n", id="flag-then-break-passed-on"),
])
def test_a_coordinator_only_the_feeding_class_uses_goes_with_the_thread(name, made):
    result = rewrite(_source(name), to="tfdata")
    assert not result.refused, result.notes
    code = result.code.split('"""', 2)[2]  # (after the module's docstring)
    assert "Coordinator" not in code and "should_stop" not in code and "request_stop" not in code, code
    assert "stop_on_exception" not in code and "threading" not in code, code
    assert made in code  # its calls no longer pass the coordinator
    assert scan_source(code) == ()


def test_the_class_coordinators_parameters_go_from_the_methods_and_the_loop_keeps_its_own_end():
    code = rewrite(_source("coord_init"), to="tfdata").code
    assert "    def __init__(self, n, queue_size=8):\n        self.n = n\n        self.threads = []\n" in code
    code = rewrite(_source("coord_thread_arg"), to="tfdata").code
    assert ("    def thread_main(self):\n        i = 0\n        while True:\n            if i >= self.limit:\n"
            "                break\n            yield i * i\n            i += 1\n") in code
    assert "    def start_threads(self, sess, n_threads=1):\n" in code


def test_a_coordinator_the_class_uses_beyond_the_loop_stays_and_the_feed_is_still_rewritten():
    source = _source("coord_init").replace(
        "    def dequeue(self, num_elements):\n",
        "    def stop(self):\n        self.coord.request_stop()\n\n    def dequeue(self, num_elements):\n")
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    assert "    def __init__(self, n, coord, queue_size=8):\n" in result.code
    assert "            if self.coord.should_stop():\n                break\n            yield (row, label)\n" \
        in result.code


@pytest.mark.parametrize("body", [
    pytest.param("                stop = True\n                sess.run(self.enqueue, feed_dict={self.piece: "
                 "audio[:1, :]})\n                break\n", id="an-enqueue-before-the-break"),
    pytest.param("                self.stopped.append(start)\n                break\n", id="a-call-before-the-break"),
    pytest.param("                stop = True\n", id="no-break"),
])
def test_a_stop_check_that_does_more_than_set_flags_and_end_the_loop_keeps_its_coordinator(body):
    old = "                if self.coord.should_stop():\n                    stop = True\n                    break\n"
    source = _source("coord_flag_nested")
    assert old in source
    result = rewrite(source.replace(old, "                if self.coord.should_stop():\n" + body), to="tfdata")
    code = result.code.split('"""', 2)[2]
    assert "Coordinator()" in code and "                if self.coord.should_stop():\n" in code, code


@pytest.mark.parametrize("name, feeders", [
    pytest.param("closer_args_function", "        for k in range(3):\n            yield from produce(100 * k, 8)\n",
                 id="comprehension-positional"),
    pytest.param("closer_args_loop", "        for first in (0, 1000):\n            yield from feed_chunks(first, 18)\n",
                 id="loop-list-other-order"),
    pytest.param("closer_args_nested", "        for p in ('a', 'b'):\n            yield from feeder(p)\n",
                 id="nested-functions"),
])
def test_a_closer_handed_the_session_the_feeders_and_the_close_op_goes_with_the_threads(name, feeders):
    result = rewrite(_source(name), to="tfdata")
    assert not result.refused, result.notes
    code = result.code.split('"""', 2)[2]  # (after the module's docstring)
    assert feeders in code and "threading" not in code and "FIFOQueue" not in code and ".join()" not in code
    assert scan_source(code) == ()


@pytest.mark.parametrize("old, new, reason", [
    pytest.param("    session.run(op)\n", "    session.run(op)\n    print('closed')\n",
                 "handed to the thread running `finish`, which does more", id="closer-does-more"),
    pytest.param("args=(sess, workers, close)", "args=(sess, close, workers)",
                 "handed to the thread running `finish`, which does more", id="arguments-in-the-wrong-places"),
    pytest.param("args=(sess, workers, close)", "args=(sess, workers[:2], close)",
                 "parameter `workers` is not only", id="not-the-feeding-threads"),
    pytest.param("def finish(session, workers, op):\n", "def finish(session, workers, op, *more):\n",
                 "is not given one argument per parameter", id="star-parameter"),
])
def test_a_closer_handed_what_the_rewrite_cannot_follow_is_left_with_its_reason(old, new, reason):
    source = _source("closer_args_function")
    assert old in source
    result = rewrite(source.replace(old, new), to="tfdata")
    assert result.code == source.replace(old, new) and reason in _refused(result), result.notes


def test_a_class_whose_calls_cannot_all_be_seen_keeps_its_parameter_unused():
    starred = _source("coord_init").replace("reader = RowReader(22, coordinator, queue_size=8)",
                                            "args = (22, coordinator)\n    reader = RowReader(*args, queue_size=8)")
    library = _source("coord_init").split("def main(data_dir):")[0]  # (a library module: others build it)
    for text in (starred, library):
        result = rewrite(text, to="tfdata")
        assert not result.refused, result.notes
        code = result.code.split('"""', 2)[2]
        assert "    def __init__(self, n, coord, queue_size=8):\n        self.n = n\n        self.threads = []\n" in code
        assert "self.coord" not in code and "should_stop" not in code.split("def main")[0]
    assert "reader = RowReader(*args, queue_size=8)" in rewrite(starred, to="tfdata").code


def test_a_coordinator_set_by_the_starter_and_used_for_more_than_checks_is_refused():
    source = _source("coord_starter").replace("                if self.coord.should_stop():\n                    return\n",
                                              "                if self.coord.should_stop():\n"
                                              "                    self.coord.request_stop()\n"
                                              "                    return\n")
    assert source != _source("coord_starter")
    result = rewrite(source, to="tfdata")
    assert result.code == source  # before: the starter lost `self.coord = coord` and the loop still read it
    assert "`self.coord` is set in `start_threads`" in _refused(result), result.notes


def test_a_shuffle_queue_fed_by_enqueue_many_in_a_class_is_unbatched_then_shuffled():
    result = rewrite(_source("shuffle_many_class"), to="tfdata")
    assert not result.refused, result.notes
    code = result.code
    assert ".unbatch()\n            .shuffle(40)\n            .batch(4, drop_remainder=True)\n" in code
    assert "tf.TensorSpec(shape=[None, 2], dtype=tf.float32)" in code  # a yield is a batch
    assert "    def thread_main(self):\n        for dataX, dataY in self.data_iterator():\n" in code
    assert "min_after_dequeue" in code  # (the comment says what differs: legacy held 10 back until the close)
    assert scan_source(code) == ()


def test_a_class_shuffle_queue_that_is_not_fed_is_no_feed_refusal():
    source = _source("shuffle_many_class").replace("self.queue.enqueue_many([self.dataX, self.dataY])",
                                                   "self.queue.enqueue_many([tf.zeros([3, 2]), tf.zeros([3], tf.int64)])")
    result = rewrite(source, to="tfdata")
    assert not any("RandomShuffleQueue` left: `__init__`" in n.message for n in result.refused), result.notes


def test_numpy_slices_fed_by_enqueue_many_from_a_function():
    result = rewrite(_source("sliced_function"), to="tfdata")
    assert not result.refused, result.notes
    assert "            yield data[i:i + step]\n" in result.code and ".unbatch()" in result.code
    assert "yield from feed(6)" in result.code


@pytest.mark.parametrize("name, reason", [
    pytest.param("two_queues_one_thread", "`thread_main` feeds several queues", id="several-queues-one-thread"),
    pytest.param("thread_class_run", "`enqueue_op` is handed to `Feeder`, a `threading.Thread` subclass",
                 id="thread-class-run"),
    pytest.param("size_in_loop", "`queue.size()` is read at line 11 where the dequeue loop has not drained the queue",
                 id="queue-size-in-loop"),
])
def test_what_the_family_refuses_is_left_with_its_reason_and_runs_through_the_drop_in(name, reason):
    source = _source(name)
    result = rewrite(source, to="tfdata")
    assert result.code == source and reason in _refused(result), result.notes
    fallback = rewrite(source, to="tfdata", fallback="compat")
    assert "tfdata_bridge.compat.v1" in fallback.code


# name -> (how the original's order is fixed, what the migration makes of it)
BOTH_WAYS = {"coord_init": ("order", "tfdata"), "coord_starter": ("order", "tfdata"),
             "coord_thread_arg": ("order", "tfdata"), "coord_module": ("order", "tfdata"),
             "coord_flag_nested": ("order", "tfdata"), "coord_flag_return": ("order", "tfdata"),
             "coord_flag_thread_arg": ("order", "tfdata"),
             "closer_args_function": ("multiset", "tfdata"), "closer_args_loop": ("multiset", "tfdata"),
             "closer_args_nested": ("multiset", "tfdata"),
             "shuffle_many_class": ("multiset", "tfdata"), "sliced_function": ("order", "tfdata"),
             "two_queues_one_thread": ("order", "compat"), "thread_class_run": ("order", "compat"),
             "size_in_loop": ("order", "compat")}


TAKES_STEPS = {"coord_flag_nested"}  # (its queue is never closed: the loop takes a number of batches)


@pytest.mark.timeout(400)  # one TensorFlow process; on a loaded 2-core machine its start alone is slow
def test_the_programs_deliver_what_their_originals_deliver(tmp_path):
    """Originals under `tensorflow.compat.v1` and their migrations (`--to tfdata --fallback compat`) side by side,
    in one process; the programs make their own data."""
    migrated = tmp_path / "migrated"
    migrated.mkdir()
    for name, (_, kind) in BOTH_WAYS.items():
        result = rewrite(_source(name), to="tfdata", fallback="compat")
        assert ("tfdata_bridge" in result.code) == (kind == "compat"), (name, result.notes)
        assert "threading" not in result.code or kind == "compat", name
        (migrated / f"{name}.py").write_text(result.code)
    (tmp_path / "data").mkdir()
    results = run_programs([*[PROGRAMS / f"{n}.py" for n in BOTH_WAYS], *[migrated / f"{n}.py" for n in BOTH_WAYS]],
                           tmp_path / "data", make_data=False)
    for name, (order, _) in BOTH_WAYS.items():
        want, got = results[str(PROGRAMS / f"{name}.py")], results[str(migrated / f"{name}.py")]
        assert got.get("bounded", True) and want.get("bounded", True), name
        end = "steps" if name in TAKES_STEPS else "OutOfRangeError"
        assert_delivers_the_same(name, want, got, order, end=end, close_floats=True)
