"""Held-out round 34's slim-style provider: an object whose ``__init__`` reads and decodes the records into a dict
of tensors (a common queue filled by ``num_readers`` readers, a ``RandomShuffleQueue`` when ``shuffle``, a
``FIFOQueue`` otherwise) and whose ``get([...])`` hands items to the caller's batch, is written where the caller
makes and reads it (``provider_inline.py``): its class of this module or of another module of the tree, which
goes once no module names it. The programs of ``r34d_programs/`` are migrated as one tree and run against their
originals: no shuffle and one reader, in order; shuffled, each element once. slim's ``dataset.reader()`` (the
dataset returned by a ``get_split`` of the tree, its reader class a ``None`` default filled by an ``if``) is
followed to its class."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r34d_programs"
COMPARE = {"provider_package_shuffled_two_readers": "multiset", "slim_get_split_same_module_shuffled": "multiset"}
ENDS = {"provider_package_train_import_one_item": "three steps", "two_providers_one_function": "two steps"}


@pytest.mark.timeout(500)
def test_the_r34d_provider_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 6
    assert [n for n, c in code.items() if "Queue(" in c or ".get([" in c or "Provider" in c] == [], code
    assert "class DataProvider" not in code["provider.py"], code["provider.py"]
    assert ".shuffle(12)" in code["provider_package_shuffled_two_readers.py"]  # (the common RandomShuffleQueue)
    # (slim's get_split: the reader class kept on the dataset, read by nothing now, spelled as its dataset)
    assert "reader = tf.data.TFRecordDataset" in code["slim.py"] and "class Dataset" in code["slim.py"]
    assert "reader = tf.data.TFRecordDataset" in code["slim_get_split_same_module_shuffled.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE.get(name, "exact"), end=ENDS.get(name, "OutOfRangeError"))


PROVIDER = '''\
import tensorflow.compat.v1 as tf


class Provider(object):
    def __init__(self, files, shuffle=False):
        queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=shuffle)
        _, data = tf.TFRecordReader().read(queue)
        self._items = {"x": tf.parse_single_example(data, {"x": tf.FixedLenFeature([], tf.float32)})["x"]}
        self.num_samples = 8

    def get(self, items):
        return [self._items[item] for item in items]


def main(files):
    provider = Provider(files)
    [x] = provider.get(["x"])
    return tf.train.batch([x], batch_size={size})
'''


@pytest.mark.parametrize("size, why", [
    ("provider.num_samples // 2", "read only by `names = obj.get([...])` of literal item names"),
    ("4, names=provider.get(['x'])", "the rewrite takes; here `provider` is read otherwise too"),
])
def test_a_provider_object_read_other_than_by_its_get_statements_is_left_naming_the_rule(size, why):
    from tfdata_bridge.migrate import rewrite

    source = PROVIDER.replace("{size}", size)
    result = rewrite(source, to="tfdata")
    said = " ".join(n.message for n in result.notes)
    assert result.code == source and "a method of a `Provider` object (a class of this module)" in said, said
    assert why in said, said
    assert rewrite(PROVIDER.replace("{size}", "4"), to="tfdata").code.count("tf.data.TFRecordDataset") == 1
