"""Feed threads in the shapes the held-out rounds found (`migrate/feed/`, issue 17): a "load_and_enqueue"
function handed its ops and placeholders by its thread, feeding row chunks by `enqueue_many`; a feeding class
whose queue is built in a method `__init__` calls, one thread per file and a closer thread; the class in
another module. The programs are in `feed_thread_programs/`; text tests without TensorFlow, then one test that
runs every program both ways in one TensorFlow process."""

from __future__ import annotations

import pathlib
import shutil

import pytest

from both_ways import assert_delivers_the_same, run_both_ways
from tfdata_bridge.migrate import rewrite, scan_source
from tfdata_bridge._src.migrate.tree import rewrite_tree

PROGRAMS = pathlib.Path(__file__).parent / "feed_thread_programs"


def _source(name: str) -> str:
    return (PROGRAMS / f"{name}.py").read_text()


def _refused(result) -> str:
    return " | ".join(n.message for n in result.refused)


def test_a_function_handed_its_ops_by_the_thread_becomes_a_generator_of_its_other_arguments():
    result = rewrite(_source("chunks_passed_ops"), to="tfdata")
    assert not result.refused, result.notes
    code = result.code
    assert "def load_and_enqueue(chunks):\n" in code  # session, coordinator, ops and placeholders gone
    assert "            yield (features, labels)\n" in code
    assert "yield from load_and_enqueue(read_chunks(path, 5))" in code
    assert ".unbatch()\n            .batch(BATCH, drop_remainder=True)\n" in code  # dequeue_many drops the tail
    assert "with tf.variable_scope('input')" not in code  # its placeholders went, and it with them
    assert "threading" not in code and scan_source(code) == ()


def test_one_placeholder_enqueued_bare_and_a_queue_handed_to_the_thread():
    result = rewrite(_source("chunks_one_placeholder"), to="tfdata")
    assert not result.refused, result.notes
    code = result.code
    assert "    def feed(source):\n        for chunk in source:\n            yield chunk\n" in code
    assert "output_signature=tf.compat.v1.TensorSpec(shape=[None, 3], dtype=tf.float32)" in code
    assert ".batch(5, drop_remainder=False)" in code  # dequeue_up_to keeps the tail
    assert "data_flow_ops" not in code.split("def main")[1] and scan_source(code) == ()


@pytest.mark.parametrize("change, rewritten", [
    pytest.param(("def load_and_enqueue(sess, coord, enqueue_op, close_op, features_in, labels_in, chunks):\n"
                  "    try:\n        for features, labels in chunks:\n            if coord.should_stop():\n"
                  "                break\n            sess.run(enqueue_op, feed_dict={features_in: features, "
                  "labels_in: labels})\n    except tf.errors.CancelledError:\n        return\n    sess.run(close_op)\n",
                  "def load_and_enqueue(session, stopper, op, close, xs, ys, chunks):\n"
                  "    try:\n        for features, labels in chunks:\n            if stopper.should_stop():\n"
                  "                break\n            session.run(op, feed_dict={xs: features, ys: labels})\n"
                  "    except tf.errors.CancelledError:\n        return\n    session.run(close)\n"),
                 True, id="other-parameter-names"),
    pytest.param(("        thread = threading.Thread(target=load_and_enqueue,\n",
                  "        feeder = load_and_enqueue\n        thread = threading.Thread(target=load_and_enqueue,\n"),
                 False, id="function-used-elsewhere"),
    pytest.param(("            sess.run(enqueue_op, feed_dict={features_in: features, labels_in: labels})\n",
                  "            sess.run(enqueue_op, feed_dict={features_in: features, labels_in: labels})\n"
                  "            print(features_in.name)\n"), False, id="placeholder-read-beyond-the-feed"),
])
def test_the_passed_form_follows_the_arguments_or_refuses(change, rewritten):
    source = _source("chunks_passed_ops").replace(*change)
    assert source != _source("chunks_passed_ops")
    result = rewrite(source, to="tfdata")
    if rewritten:
        assert not result.refused, result.notes
        assert "def load_and_enqueue(chunks):\n" in result.code and "            yield (features, labels)\n" in result.code
        generator = result.code.split("def load_and_enqueue")[1].split("def main")[0]
        assert "stopper" not in generator and "close" not in generator and "session" not in generator
    else:
        assert result.code == source and result.refused, result.notes


def test_a_class_feeding_one_thread_per_file_keeps_the_threads_arguments_and_reads_them_in_turn():
    result = rewrite(_source("feeder_per_file"), to="tfdata")
    assert not result.refused, result.notes
    code = result.code
    # the starter keeps what the threads were given, evaluated when the program starts them
    assert "    def start(self, sess):\n" in code  # (the coordinator it passed on goes)
    # (what it returned, a list it also kept on `self`, stays a list on `self`: empty, no thread to join)
    assert ("        self._load_args = [(shard,) for shard in self.shards]\n        self.workers = []\n"
            "        return self.workers\n") in code
    assert ("    def load_all(self):\n        for args in self._load_args:\n"
            "            yield from self.load(*args)\n") in code
    assert "_close_after" not in code  # the closer went with its thread
    # the shuffle's arguments are the building method's parameters: that part stays where the queue was made
    assert "            self.examples_dataset = (\n" in code and ".shuffle(capacity, seed=seed)\n" in code
    assert "self.examples_dataset\n            .batch(n, drop_remainder=True)\n" in code
    assert "threading" not in code and scan_source(code) == ()


@pytest.mark.parametrize("change, reason", [
    pytest.param(("        closer.start()\n", "        closer.start()\n        self.report()\n"),
                 "does more than start the threads", id="starter-does-more"),
    pytest.param(("                                               self.label: int(row[2])})\n",
                  "                                               self.label: int(row[2])})\n"
                  "        sess.run(self.stop_op)\n"),
                 "which closes the queue: whether a close comes before another thread's last enqueue", id="feeder-closes-too"),
    pytest.param(("        sess.run(self.stop_op)\n", "        sess.run(self.stop_op)\n        sess.run(tf.no_op())\n"),
                 "neither feeds the queue nor only joins", id="closer-runs-more"),
])
def test_a_feeding_class_whose_threads_do_more_is_left_with_its_reason(change, reason):
    source = _source("feeder_per_file").replace(*change)
    assert source != _source("feeder_per_file")
    result = rewrite(source, to="tfdata")
    assert result.code == source and reason in _refused(result), result.notes


def test_a_feeding_class_in_another_module_is_rewritten_there():
    results = _migrated_tree(PROGRAMS)
    lib = results[str(PROGRAMS / "feed_lib" / "row_feeder.py")]
    assert not lib.refused, lib.notes
    assert "            if i >= self.rows:\n                break\n            yield (" in lib.code  # close; break
    assert "threading" not in lib.code and scan_source(lib.code) == ()


def _migrated_tree(root: pathlib.Path):
    sources = {str(p): p.read_text() for p in sorted(root.rglob("*.py"))}
    return rewrite_tree(sources, root=str(root))


# name -> how the original's order is fixed
BOTH_WAYS = {"chunks_passed_ops": "order", "chunks_one_placeholder": "order", "chunks_comprehension": "order",
             "named_queue_dict": "exact", "script_module_graph": "exact", "feeder_per_file": "multiset",
             "feeder_in_lib": "order"}
FIXED_STEPS = {"script_module_graph"}  # (no end of data reached: the consumer takes its steps)


@pytest.mark.timeout(400)  # one TensorFlow process; on a loaded 2-core machine its start alone is slow
def test_the_programs_deliver_what_their_originals_deliver(tmp_path):
    """Originals under `tensorflow.compat.v1` and their migrations (`rewrite_tree`, as `migrate --to tfdata`
    does a folder) side by side, in one process; the programs make their own data."""
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    shutil.copytree(PROGRAMS, original)
    shutil.copytree(PROGRAMS, migrated)
    for path, result in _migrated_tree(original).items():
        assert not result.refused and "tfdata_bridge" not in result.code, (path, result.notes)
        (migrated / pathlib.Path(path).relative_to(original)).write_text(result.code)
    (tmp_path / "data").mkdir()
    pairs = {name: (original / f"{name}.py", migrated / f"{name}.py") for name in BOTH_WAYS}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data", make_data=False).items():
        assert_delivers_the_same(name, want, got, BOTH_WAYS[name], close_floats=True,
                                 end=None if name in FIXED_STEPS else "OutOfRangeError")


def test_placeholders_made_in_a_comprehension_are_fed_by_zip_in_a_function_and_in_a_class():
    result = rewrite(_source("chunks_comprehension"), to="tfdata")
    assert not result.refused, result.notes
    assert "            yield tuple(chunk)[:2]\n" in result.code and "tf1.placeholder" not in result.code
    assert "tf1.TensorSpec(shape=[None, 2], dtype=tf1.float32)" in result.code  # DTYPES, SHAPES: module lists
    assert scan_source(result.code) == ()
    source = _source("feeder_per_file").replace(
        "            self.point = tf.compat.v1.placeholder(tf.float32, shape=[2], name='point')\n"
        "            self.label = tf.compat.v1.placeholder(tf.int64, shape=[], name='label')\n",
        "            self.fields = [tf.compat.v1.placeholder(d) for d in (tf.float32, tf.int64)]\n").replace(
        "self.examples.enqueue([self.point, self.label], name='push')", "self.examples.enqueue(self.fields)").replace(
        "feed_dict={self.point: [float(row[0]), float(row[1])],\n"
        "                                               self.label: int(row[2])})",
        "feed_dict=dict(zip(self.fields, [[float(row[0]), float(row[1])], int(row[2])])))")
    assert "self.point" not in source and "self.fields" in source
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    assert "yield ([float(row[0]), float(row[1])], int(row[2]))" in result.code
    assert "self.fields" not in result.code and scan_source(result.code) == ()


def test_a_queue_with_names_fed_a_dict_yields_dicts_in_a_function_and_in_a_class():
    result = rewrite(_source("named_queue_dict"), to="tfdata")
    assert not result.refused, result.notes
    assert "            yield {'image': x, 'label': y}\n" in result.code  # the queue's names, in its order
    assert ("output_signature={\n                'image': tf.TensorSpec(shape=[2, 2], dtype=float32),\n"
            "                'label': tf.TensorSpec(shape=[], dtype=int32),\n            },") in result.code
    assert scan_source(result.code) == ()
    source = _source("feeder_per_file").replace("shapes=[[2], []], seed=seed)",
                                                "shapes=[[2], []], seed=seed, names=['label', 'point'])").replace(
        "self.examples.enqueue([self.point, self.label], name='push')",
        "self.examples.enqueue({'point': self.point, 'label': self.label}, name='push')")
    assert "names=" in source and "'point': self.point" in source
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    assert "yield {'label': int(row[2]), 'point': [float(row[0]), float(row[1])]}" in result.code
    unnamed = source.replace(", names=['label', 'point'])", ")")
    assert rewrite(unnamed, to="tfdata").code == unnamed  # (a dict enqueued into a queue without names)


def test_a_module_level_queue_fed_by_a_thread_made_in_main_and_a_reported_exception():
    source = _source("script_module_graph")
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    code = result.code.split('"""', 2)[2]  # (after the docstring)
    assert ("    def load_and_enqueue():\n        for i in range(10):\n") in code  # try/except/finally went
    assert "request_stop" not in code and "Coordinator" not in code and scan_source(code) == ()
    local = source.replace("args=(sess, coord))", "args=(sess, coord, steps))").replace(
        "def load_and_enqueue(sess, coord):", "def load_and_enqueue(sess, coord, steps):").replace(
        "        for i in range(10):", "        for i in range(steps):").replace(
        "    coord = tf.compat.v1.train.Coordinator()\n", "    coord = tf.compat.v1.train.Coordinator()\n    steps = 10\n")
    assert "range(steps)" in local and "steps = 10" in local
    result = rewrite(local, to="tfdata")  # (what main computes means nothing where the dataset is made)
    assert result.code == local and "made in another function than the queue" in _refused(result), result.notes


THREADS_PER_FILE = '''\
import threading
import numpy as np
import tensorflow.compat.v1 as tf

x = tf.placeholder(tf.float32, [3])
y = tf.placeholder(tf.int32, [])
queue = tf.RandomShuffleQueue(100, 10, [tf.float32, tf.int32], shapes=[[3], []])
enqueue_op = queue.enqueue([x, y])
xb, yb = queue.dequeue_many(4)


def load(sess, op, coord, path):
    for i in range(8):
        if coord.should_stop():
            break
        sess.run(op, feed_dict={x: np.full([3], i, np.float32), y: len(path) + i})


FILES = ["a", "bb", "ccc"]


def main():
    coord = tf.train.Coordinator()
    sess = tf.Session()
    threads = [threading.Thread(target=load, args=(sess, enqueue_op, coord, f)) for f in FILES]
    for t in threads:
        t.start()
    for _ in range(3):
        print(sess.run(yb))
    coord.request_stop()
    coord.join(threads)
'''


def test_threads_per_file_made_in_main_over_a_module_level_queue_read_its_placeholders_themselves():
    result = rewrite(THREADS_PER_FILE, to="tfdata")
    assert not result.refused, result.notes
    assert "def load(path):\n    for i in range(8):\n        yield (np.full([3], i, np.float32), len(path) + i)\n" \
        in result.code  # (x and y read from the module, as before; the op and coordinator handed over go)
    assert "def load_threads():\n    for f in FILES:\n        yield from load(f)\n" in result.code
    assert scan_source(result.code) == ()
    local = THREADS_PER_FILE.replace("def main():", "def main(files):").replace(" for f in FILES]", " for f in files]")
    result = rewrite(local, to="tfdata")  # (main's own list of files means nothing where the dataset is made)
    assert result.code == local and "made in another function than the queue" in _refused(result), result.notes


def test_a_feeding_class_whose_queue_another_module_reaches_is_left_in_its_module(tmp_path):
    shutil.copytree(PROGRAMS, tmp_path / "tree")
    main = tmp_path / "tree" / "feeder_in_lib.py"
    text = main.read_text().replace("        coord.join(threads)\n", "        sess.run(feeder.queue.close(cancel_pending_enqueues=True))\n"
                                    "        coord.join(threads)\n")
    assert "feeder.queue.close" in text
    main.write_text(text)
    results = _migrated_tree(tmp_path / "tree")
    lib = results[str(tmp_path / "tree" / "feed_lib" / "row_feeder.py")]
    assert lib.code == lib.source  # (rewritten, the class would have no `queue` for the consumer's close)
    assert "feeder_in_lib.py reads `feeder.queue`" in _refused(lib), lib.notes
    assert results[str(main)].code == text
