"""A tree whose pipeline is rewritten in one module while a module it imports keeps a hand-built queue with a
runner: the importing module keeps its ``start_queue_runners`` (else the queue's dequeue waits forever), with
a note naming what still needs runners. The rule follows imports of every form, through the tree; a module
nobody imports does not hold runners in the others."""

from __future__ import annotations

import json
import os

import pytest
from both_ways import run_programs

from tfdata_bridge._src.migrate.tree import rewrite_tree
from tfdata_bridge.migrate import scan_source

# A queue the rewrite leaves (shared with other sessions by its name), filled from another module's batch. (A
# plain prefetch helper, its fill-level summary included, is rewritten now: test_migrate_r21_queues.py.)
PREFETCH = '''\
import tensorflow.compat.v1 as tf


def prefetch(tensors, capacity=4):
    queue = tf.FIFOQueue(capacity, [t.dtype for t in tensors], shapes=[t.shape for t in tensors],
                         shared_name="prefetch_queue")
    tf.summary.scalar("prefetch_fill", tf.cast(queue.size(), tf.float32))
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [queue.enqueue(tensors)]))
    return queue.dequeue()
'''

MAIN = '''\
import os
import tensorflow.compat.v1 as tf
{import_line}


def inputs(data_dir):
    files = sorted(tf.gfile.Glob(os.path.join(data_dir, "*.csv")))
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(queue)
    a, b = tf.decode_csv(line, [[0], [0]])
    batch = tf.train.batch([a, b], batch_size=2)
    return {call}(batch)


def main(data_dir):
    a, b = inputs(data_dir)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([a, b])
                out.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return out
'''

FORMS = {
    "from_import": ("from lib.prefetcher import prefetch", "prefetch"),
    "module_import": ("import lib.prefetcher as prefetcher", "prefetcher.prefetch"),
    "from_package": ("from lib import prefetcher", "prefetcher.prefetch"),
}


def _tree(tmp_path, import_line: str, call: str, through: bool = False) -> dict[str, str]:
    lib = tmp_path / "lib"
    files = {str(lib / "__init__.py"): "", str(lib / "prefetcher.py"): PREFETCH,
             str(tmp_path / "train.py"): MAIN.format(import_line=import_line, call=call)}
    if through:  # the queue's module reached through another module of the tree
        files[str(lib / "inputs.py")] = "from .prefetcher import prefetch\n"
        files[str(tmp_path / "train.py")] = MAIN.format(import_line="from lib.inputs import prefetch", call="prefetch")
    return files


@pytest.mark.parametrize("form", sorted(FORMS))
def test_the_importing_module_keeps_its_runners_while_an_imported_queue_needs_them(tmp_path, form):
    sources = _tree(tmp_path, *FORMS[form])
    results = rewrite_tree(sources, root=str(tmp_path))
    train = results[str(tmp_path / "train.py")]
    assert "tf.data.TextLineDataset" in train.code  # its own pipeline is rewritten
    assert "start_queue_runners(sess=sess, coord=coord)" in train.code
    note = next(n.message for n in train.notes if "plumbing left" in n.message)
    assert "`tf.compat.v1.FIFOQueue` at lib/prefetcher.py" in note and "which this module imports" in note
    assert results[str(tmp_path / "lib/prefetcher.py")].code == PREFETCH  # the queue module is left


def test_through_another_module_of_the_tree(tmp_path):
    results = rewrite_tree(_tree(tmp_path, "", "", through=True), root=str(tmp_path))
    train = results[str(tmp_path / "train.py")]
    assert "start_queue_runners(sess=sess, coord=coord)" in train.code
    assert any("lib/prefetcher.py" in n.message for n in train.notes)


def test_a_queue_module_nobody_imports_leaves_the_others_plumbing_to_go(tmp_path):
    sources = _tree(tmp_path, "", "tuple")  # train.py imports nothing of lib
    results = rewrite_tree(sources, root=str(tmp_path))
    train = results[str(tmp_path / "train.py")]
    assert "start_queue_runners" not in train.code and "Coordinator" not in train.code
    assert scan_source(train.code) == ()


ENTRY = "import train\n\n\ndef main(data_dir):\n    return {\"batches\": train.main(data_dir), \"end\": None}\n"


@pytest.mark.timeout(300)
def test_the_migrated_tree_runs_to_the_end_with_the_original_batches(tmp_path):
    """Run both trees under tensorflow.compat.v1: the original, and the migrated one (which hung before: its
    runners were taken out while the imported queue still needed them)."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "a.csv").write_text("".join(f"{i},{10 * i}\n" for i in range(7)))
    entries = {}
    for kind in ("original", "migrated"):
        root = tmp_path / kind
        sources = _tree(root, *FORMS["from_import"])
        written = rewrite_tree(sources, root=str(root)) if kind == "migrated" else None
        for path, text in sources.items():
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(written[path].code if written else text)
        entries[kind] = root / "run_train.py"  # each tree's own ``train`` (run_programs: its folder first)
        entries[kind].write_text(ENTRY)
    runs = run_programs(entries.values(), data, make_data=False, timeout=240)  # both trees, one TensorFlow process
    results = {}
    for kind, entry in entries.items():
        assert "error" not in runs[str(entry)], runs[str(entry)]
        results[kind] = json.dumps(runs[str(entry)]["batches"])
    assert results["migrated"] == results["original"]
    assert results["original"].startswith("[[[0, 1], [0, 10]]")
