"""Held-out rounds 46/47's reader class hierarchies and batch helpers.

- A private reader method a base may declare abstract (``@abc.abstractmethod _read_and_decode``, or an imported
  base's stub) that no pipeline calls any more stays, so the class can still be made, but raises
  ``NotImplementedError`` naming the pipeline that reads the records: no legacy reader is left in it (its
  ``TFRecordReader`` kept the program's queue runners). A public one stays whole.
- Two sibling classes of one module, each batching what its own ``self._decode(queue)`` returns, are each
  rewritten (a sibling's ``self._decode`` is not a use of the other's method).
- A batch helper batching attributes of its parameter (``[example.boat, example.count]``, an ``Example`` holder)
  takes the dataset; each caller reads the attributes in its element function. Any other expression of it
  (``example.count * 2``) is still refused.
- A base's batch in a function nested in its method over ``self._read_one()``, which subclasses define, is left
  with a note naming them (round 47's ``CSVReader``).

The programs of ``r47b_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r47b_programs"
ENDS = {"abstract_private_method_package": "meters: 12", "two_subclasses_stub_base_package": "done",
        "holder_attribute_batch_helper_package": "hauls: 8"}


@pytest.mark.timeout(500)
def test_the_r47b_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    meter = code["meter_reader.py"]
    assert "def _read_and_decode(self, file_queue):" in meter and "raise NotImplementedError(" in meter, meter
    assert "tf.TFRecordReader()" not in meter, meter
    assert code["two_readers.py"].count("raise NotImplementedError(") == 2, code["two_readers.py"]
    assert "def get_batch(dataset, batch_size, shuffle):" in code["haul.py"], code["haul.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end=ENDS[name])


PUBLIC = '''\
import abc

import tensorflow.compat.v1 as tf


class Base(metaclass=abc.ABCMeta):
    @abc.abstractmethod
    def read_record(self, queue):
        """One record."""


class Reader(Base):
    def read_record(self, queue):
        _, line = tf.TextLineReader().read(queue)
        return tf.decode_csv(line, record_defaults=[[0]])[0]

    def batches(self, files):
        queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        x = self.read_record(queue)
        return tf.train.batch([x], batch_size=2)
'''


def test_a_public_declared_method_stays_whole():
    result = rewrite(PUBLIC, to="tfdata")
    assert "TextLineDataset" in result.code, result.code
    assert "_, line = tf.TextLineReader().read(queue)\n        return tf.decode_csv(" in result.code, result.code
    assert "NotImplementedError" not in result.code


COMPUTED = '''\
import tensorflow.compat.v1 as tf


def get_batch(example, batch_size):
    return tf.train.batch([example.count * 2, example.boat], batch_size=batch_size)


def inputs(files):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(queue)
    boat, count = tf.decode_csv(line, record_defaults=[[""], [0]])
    return get_batch(Holder(boat, count), 2)
'''


def test_a_batch_of_computed_attribute_values_is_refused():
    result = rewrite(COMPUTED, to="tfdata")
    assert result.code == COMPUTED
    assert "do not take its parameters as they are" in " ".join(n.message for n in result.notes), result.notes


CLOSURE = '''\
import tensorflow.compat.v1 as tf


class Reader(object):
    def __init__(self, files, batch_size):
        self.files, self.batch_size = files, batch_size

    def get_input_fn(self):
        def input_fn():
            row = self._read_one()
            return tf.train.batch(row, self.batch_size)
        return input_fn

    def _read_one(self):
        raise NotImplementedError


class CsvReader(Reader):
    def _read_one(self):
        queue = tf.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        _, line = tf.TextLineReader().read(queue)
        return dict(zip(["a", "b"], tf.decode_csv(line, record_defaults=[[0], [0]])))
'''


def test_a_base_batch_in_a_closure_over_a_subclass_reader_says_why():
    result = rewrite(CLOSURE, to="tfdata")
    why = " ".join(n.message for n in result.refused)
    assert "`self._read_one()` in `Reader.get_input_fn` is overridden by `CsvReader`" in why, why
