"""Queues fed by a `threading.Thread` subclass (`migrate/feed/thread_run.py`, `feed/class_local.py`; issue 17,
item 2): its `run` becomes a generator method that `from_generator` reads, the session it read from the instance
goes with the enqueue, the queue made under a local name in `__init__` and stored on `self` is followed, and a
literal list of placeholders fed by `dict(zip(...))` is read in order. Text tests without TensorFlow, then one
test that runs every program both ways in one TensorFlow process."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, run_programs
from tfdata_bridge.migrate import rewrite, scan_source
from tfdata_bridge._src.migrate.tree import rewrite_tree

PROGRAMS = pathlib.Path(__file__).parent / "thread_subclass_programs"

# name -> (how the original's order is fixed, how it ends)
BOTH_WAYS = {"padded_run_feeder": ("order", "OutOfRangeError"), "fifo_run_session_attr": ("order", "OutOfRangeError"),
             "shuffle_run_chunks": ("multiset", "OutOfRangeError"), "grouped_run_driver": ("exact", "steps"),
             "target_session_attr": ("order", "OutOfRangeError"), "function_feed_local": ("order", "OutOfRangeError"),
             "lib_thread_feeder": ("order", "OutOfRangeError")}
SUBCLASSES = [n for n in BOTH_WAYS if n not in ("target_session_attr", "function_feed_local", "lib_thread_feeder")]
ONE_MODULE = [n for n in BOTH_WAYS if n != "lib_thread_feeder"]  # (its feeding thread is in thread_lib/)


def _source(name: str) -> str:
    return (PROGRAMS / f"{name}.py").read_text()


def _refused(result) -> str:
    return " | ".join(n.message for n in result.refused)


@pytest.mark.parametrize("name", SUBCLASSES)
def test_a_thread_subclass_whose_run_feeds_the_queue_is_rewritten(name):
    result = rewrite(_source(name), to="tfdata")
    assert not result.refused, result.notes
    code = result.code
    assert "    def elements(self):\n" in code and "    def run(self):\n" not in code
    assert "Queue(" not in code and ".enqueue" not in code and "session.run" not in code and "sess.run(self" not in code
    assert ("placeholder(" in code) == (name == "grouped_run_driver")  # (kept there for their static shapes)
    assert "from_generator(\n" in code and "self.elements" in code or "feeder.elements" in code
    assert scan_source(code) == ()


def test_a_target_method_reading_the_session_from_the_instance_becomes_a_generator_and_its_thread_goes():
    result = rewrite(_source("target_session_attr"), to="tfdata")
    assert not result.refused, result.notes
    code = result.code
    assert "    def feed(self):\n        for i in range(self.count):\n            yield (\"line %d\" % (i * 7), i)\n" in code
    assert "    def start(self, sess):\n        # tfdata-bridge migrate: no thread" in code
    assert "self.sess" not in code.split("def main")[0].split("class LineFeeder")[1]
    assert "threading" not in code and scan_source(code) == ()


def test_a_session_on_the_instance_read_beyond_the_feeding_method_is_left_with_its_reason():
    source = _source("target_session_attr").replace(
        "    def pairs(self, n):\n", "    def session(self):\n        return self.sess\n\n    def pairs(self, n):\n")
    result = rewrite(source, to="tfdata")
    assert result.code == source and "`self.sess`, the session the feeding method `feed` runs the enqueue with, " \
        "is used beyond it" in _refused(result), result.notes


def test_a_feed_dict_built_on_the_line_before_the_run_is_what_the_generator_yields():
    result = rewrite(_source("function_feed_local"), to="tfdata")
    assert not result.refused, result.notes
    assert "            text = \"w\" * (i % 4 + 1) + str(i)\n            yield (text, len(text))\n" in result.code
    assert "feed = " not in result.code and "threading" not in result.code and scan_source(result.code) == ()
    source = _source("function_feed_local").replace("            sess.run(enqueue_op, feed)\n",
                                                    "            sess.run(enqueue_op, feed)\n            print(feed)\n")
    result = rewrite(source, to="tfdata")  # the dict read again: not inlined, so the run is not the enqueue's form
    assert result.code == source and "runs something other than the enqueue" in _refused(result), result.notes


def test_the_local_queue_and_the_zipped_placeholder_list_become_a_padded_batch():
    code = rewrite(_source("padded_run_feeder"), to="tfdata").code
    assert "            yield (frames, len(frames), labels)\n" in code
    assert ".padded_batch(size, drop_remainder=False)" in code  # dequeue_up_to keeps the tail
    assert "tf.TensorSpec(shape=[None, 2], dtype=tf.float32)" in code
    assert "self._session.run" not in code and "queue = " not in code


def test_a_run_that_drives_the_feeding_method_becomes_the_generator_and_yields_from_it():
    code = rewrite(_source("grouped_run_driver"), to="tfdata").code
    assert "    def elements(self):\n        while True:\n            yield from self.feed_group()\n" in code
    assert "            yield (_pad([e[0] for e in batch]), np.array([e[1] for e in batch], np.float32))\n" in code
    assert "        self.tokens, self.weights = tf.compat.v1.data.make_one_shot_iterator((\n" in code  # in __init__
    assert "self.tokens.set_shape(self.feeds[0].shape)" in code and "self.feeds = [" in code
    assert "Coordinator" not in code and "feeder = GroupFeeder(4)" in code and scan_source(code) == ()


@pytest.mark.parametrize("change, reason", [
    pytest.param(("            self.feed_group()\n", "            self.feed_group()\n            self.feed_group()\n"
                  "            print(self.session)\n"), "uses the session `self.session` beyond the feeding method",
                 id="driver-uses-the-session"),
    pytest.param(("        self.weights.set_shape(self.feeds[1].get_shape())\n",
                  "        self.weights.set_shape(self.feeds[1].get_shape())\n        self.first = self.feeds[0]\n"),
                 "`feeds` is used beyond the queue's feeding method", id="placeholders-read-beyond-their-shape"),
    pytest.param(("        self.tokens, self.weights = queue.dequeue()\n",
                  "        self.tokens, self.weights = queue.dequeue()\n        self.extra = queue.dequeue()\n"),
                 "is read by 2 statements; the rewrite needs one dequeue", id="two-dequeues-in-init"),
])
def test_a_driving_run_beyond_the_pattern_is_left_with_its_reason(change, reason):
    source = _source("grouped_run_driver").replace(*change)
    assert source != _source("grouped_run_driver")
    result = rewrite(source, to="tfdata")
    assert result.code == source and reason in _refused(result), result.notes


@pytest.mark.parametrize("change, reason", [
    pytest.param(("        self._queue = queue\n", "        self._queue = queue\n        self._size = queue.size()\n"),
                 "is used there other than by its enqueue and close ops", id="local-queue-used-otherwise"),
    pytest.param(("        self._queue = queue\n", "        self._queue = queue\n        self._other = queue\n"),
                 "is stored on `self` 2 times", id="stored-twice"),
    pytest.param(("        feeder.begin(sess)\n", "        feeder.begin(sess)\n        feeder.run()\n"),
                 "is called beyond the thread's own start", id="run-called-directly"),
    pytest.param(("                self._session.run(self._enqueue,", "                sess = self._session\n"
                  "                sess.run(self._enqueue,"),
                 "does not run the enqueue op through one session attribute", id="session-through-a-local"),
])
def test_a_thread_subclass_beyond_the_pattern_is_left_with_its_reason(change, reason):
    source = _source("padded_run_feeder").replace(*change)
    assert source != _source("padded_run_feeder")
    result = rewrite(source, to="tfdata")
    assert result.code == source and reason in _refused(result), result.notes
    assert "tfdata_bridge.compat.v1" in rewrite(source, to="tfdata", fallback="compat").code


def _migrated_tree(root: pathlib.Path) -> dict:
    return rewrite_tree({str(p): p.read_text() for p in sorted(root.rglob("*.py"))}, root=str(root))


def test_a_feeding_thread_of_another_module_whose_run_closes_after_driving_is_rewritten_there():
    results = _migrated_tree(PROGRAMS)
    lib = results[str(PROGRAMS / "thread_lib" / "token_feeder.py")]
    assert not lib.refused, lib.notes
    assert "    def elements(self):\n        yield from self.feed_all()\n\n" in lib.code  # (the close went)
    assert "            yield (ids, width)\n" in lib.code and ".padded_batch(n, drop_remainder=True)" in lib.code
    assert "BaseThread.__init__(self" in lib.code and scan_source(lib.code) == ()
    program = results[str(PROGRAMS / "lib_thread_feeder.py")]
    assert program.code == _source("lib_thread_feeder")  # (it only starts, joins and dequeues through methods)


@pytest.mark.timeout(400)  # one TensorFlow process; on a loaded 2-core machine its start alone is slow
def test_the_programs_deliver_what_their_originals_deliver(tmp_path):
    """Originals under `tensorflow.compat.v1` and their migrations (`rewrite_tree`, as `migrate --to tfdata` does
    a folder) side by side, in one process; the programs make their own data."""
    migrated = tmp_path / "migrated"
    for path, result in _migrated_tree(PROGRAMS).items():
        assert not result.refused and "tfdata_bridge" not in result.code, (path, result.notes)
        target = migrated / pathlib.Path(path).relative_to(PROGRAMS)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(result.code)
    (tmp_path / "data").mkdir()
    results = run_programs([*[PROGRAMS / f"{n}.py" for n in BOTH_WAYS], *[migrated / f"{n}.py" for n in BOTH_WAYS]],
                           tmp_path / "data", make_data=False)
    for name, (order, end) in BOTH_WAYS.items():
        want, got = results[str(PROGRAMS / f"{name}.py")], results[str(migrated / f"{name}.py")]
        assert_delivers_the_same(name, want, got, order, end=end, close_floats=order != "exact")


@pytest.mark.parametrize("name", ONE_MODULE)
def test_scan_says_the_fed_queue_is_rewritten_as_migrate_does(name):
    queues = [f for f in scan_source(_source(name), outcomes=True) if "Queue" in f.api]
    assert len(queues) == 1 and queues[0].tfdata.startswith("rewritten"), queues


def test_a_driving_run_that_closes_the_queue_before_it_ends_is_left_with_its_reason():
    source = (PROGRAMS / "thread_lib" / "token_feeder.py").read_text().replace(
        "        self.sess.run(self.stop_op)\n", "        self.sess.run(self.stop_op)\n        self.feed_all()\n")
    result = rewrite(source, to="tfdata")
    assert result.code == source and "`run` runs something after closing the queue" in _refused(result), result.notes
