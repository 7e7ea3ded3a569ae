"""An input producer's dequeue whose elements reach a legacy batch that stays (left for a reason of its own:
another source shuffled apart, a helper's queue read beside it) stays legacy with it, a note naming the batch:
rewritten alone, one iterator's ``get_next()``, it would no longer be read in step with the batch's other
tensors, so the batch would pair other rows (held-out round 64's azulejo tiles: a style index from a shuffled
``range_input_producer`` beside a file reader, in one ``shuffle_batch``). The flow is followed through names
assigned from the dequeue and a function's ``return`` to its callers, in the module and in the tree's other
modules (``value_flow.py``). A batch whose tensors come from a helper that makes or dequeues a queue
(``made_in_helper``) is left too: moved into a map function, that helper would make its queue there.

The programs of ``fixc1_programs/`` (a shuffled range and a file reader in a ``shuffle_batch``; slices and a
helper's inline range dequeue with ``from tensorflow.compat.v1 import train``; a class and a function of the
package ``fixc1_lib``; unshuffled sources whose batch is rewritten, the producer with it) are migrated as one
tree and run against their originals."""

from __future__ import annotations

import os
import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_tree_allowing_refusals, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixc1_programs"
EXACT = {"slice_and_range_batch_train_import", "package_class_style", "package_function_index_batch",
         "both_rewritten_unshuffled"}


def _migrate(original: pathlib.Path, migrated: pathlib.Path) -> dict[str, tuple[str, str]]:
    """The tree migrated (refusals allowed): ``{relative path: (code, notes)}``."""
    return migrate_tree_allowing_refusals(PROGRAMS, original, migrated)


@pytest.mark.timeout(300)
def test_a_producer_whose_batch_stays_stays_with_it(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    tree = _migrate(original, migrated)
    reach = "its elements reach the legacy batch, join or queue at"
    code, notes = tree["range_and_files_shuffle_batch.py"]
    assert "range_input_producer(num_styles" in code and "styles.dequeue()" in code, code
    assert f"12: `dequeue` left: {reach} line 16, which is left" in notes, notes
    code, notes = tree["slice_and_range_batch_train_import.py"]
    assert "train.batch(" in code and "make_element" not in code, code
    assert "another queue's `dequeue()` (in `augment_index`)" in notes, notes
    code, notes = tree[os.path.join("fixc1_lib", "indices.py")]
    assert "indices.dequeue()" in code and "get_next" not in code, code
    assert f"{reach} the `batch` of another module of the tree that calls `shuffled_index`" in notes, notes
    code, _ = tree[os.path.join("fixc1_lib", "styles.py")]
    assert "index_queue.dequeue()" in code and "tf.train.batch(" in code, code
    code, _ = tree["both_rewritten_unshuffled.py"]
    assert "input_producer(" not in code and "Dataset.zip(" in code, code
    pairs = {p.stem: (p, migrated / p.name) for p in sorted(original.glob("*.py"))}
    assert len(pairs) == 5
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact" if name in EXACT else "multiset", end=None)


MODULE = '''\
import tensorflow.compat.v1 as tf


def language_model_reader(data, num_steps):
    i = tf.train.range_input_producer(10, shuffle=False).dequeue()
    return tf.strided_slice(data, [i * num_steps], [(i + 1) * num_steps])


def styled(files, num_styles):
    _, raw = tf.WholeFileReader().read(tf.train.string_input_producer(files, num_epochs=1))
    style = tf.train.range_input_producer(num_styles, shuffle=True, seed=4).dequeue()
    return tf.train.shuffle_batch([raw, style], batch_size=2, capacity=8, min_after_dequeue=2)
'''


def test_a_dequeue_read_directly_beside_a_batch_left_is_still_rewritten():
    result = rewrite(MODULE, to="tfdata")
    reader, batched = result.code.split("def styled", 1)
    assert "make_one_shot_iterator" in reader and "range_input_producer(" not in reader, result.code
    assert "range_input_producer(num_styles" in batched and ".dequeue()" in batched, result.code
    assert "`dequeue` left: its elements reach the legacy batch, join or queue at line 12" in \
        "\n".join(n.message for n in result.notes), result.notes
