"""A ``None`` handed on by keyword (slim's ``DatasetDataProvider.__init__`` giving ``reader_kwargs=reader_kwargs`` to
``parallel_read``, every construction leaving it ``None``): the keyword goes where the callee's parameter defaults to
``None`` too and the caller's is ``None`` for sure (a parameter defaulting to ``None``, never rebound, that every use
of its function or class in the tree calls leaving it, or giving it such a ``None`` in turn); then
``fold_unset_params`` sees a parameter no call gives and folds ``reader_kwargs or {}`` (``reader_pools.py``). The
program of ``fixF7_programs/`` (a sluice package of its own: a reader gate object, its read helper) is migrated and
run against its original; the forms where the ``None`` is not sure are pinned as left. A provider of another module
whose ``__init__`` reads a module it imports as ``from pkg import mod`` (slim's ``from slim66_lib import
parallel_reader``) is written at a caller lacking that import, the import added (``provider_inline.py``); an item it
stores that no ``get`` asks for (slim's record key) goes with the ``if key in items: raise`` guard on it; a reader
class read off a spec object that keeps its fields through ``self.__dict__.update(kwargs)`` (slim's ``Dataset``) is
followed to the value its maker passes."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_tree_allowing_refusals, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixF7_programs"


@pytest.mark.timeout(300)
def test_a_none_handed_on_by_keyword_lets_the_read_helper_fold_and_delivers_the_same(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    out = migrate_tree_allowing_refusals(PROGRAMS, original, migrated)
    code = {rel: text.split('"""', 2)[-1] for rel, (text, _) in out.items()}
    notes = {rel: said for rel, (_, said) in out.items()}
    name = "feed_handed_none_one_reader.py"
    assert "tf.data" in code[name] and "Queue(" not in code[name] and "sluice_read(" not in code[name], notes[name]
    assert "def sluice_read" not in code["sluice_lib/sluice.py"], notes["sluice_lib/sluice.py"]
    # (``spec.reader()`` of a spec keeping its fields through ``self.__dict__.update(more)``: the reader its maker
    # defaults to, written by name; the provider's ``__init__`` written at its caller with the ``from sluice_lib
    # import decoding`` it reads; the key stored under a name no get asks for gone, with the guard raising where an
    # item has that name)
    spec = "spec_dict_reader_in_order.py"
    assert "tf.data.TFRecordDataset" in code[spec] and "SpecStage(" not in code[spec], notes[spec]
    assert "from sluice_lib import decoding" in code[spec] and "decoding.decode(record)" in code[spec], code[spec]
    assert "[origin]" not in code[spec] and "raise" not in code[spec], code[spec]
    # (a guard doing more than raise: the store stays, the pipeline is left, naming the object)
    left = "guard_not_raising_left.py"
    assert "tf.data" not in code[left] and "Overwriting(" in code[left], code[left]
    assert "a method of a `Overwriting` object (a class of another module of the tree)" in notes[left], notes[left]
    sizes = {name: 3, spec: 2}
    pairs = {p[:-3]: (original / p, migrated / p) for p in sizes}
    for stem, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(stem, want, got, "exact", end="OutOfRangeError")
        assert len(want["batches"]) == sizes[stem + ".py"], want


LIB = '''import tensorflow.compat.v1 as tf


def read(files, reader_class, reader_kwargs=None, scope=None, tag="r"):
    queue = tf.train.string_input_producer(files)
    common = tf.FIFOQueue(4, [tf.string, tf.string])
    tf.train.add_queue_runner(tf.train.QueueRunner(common, [common.enqueue(
        reader_class(**(reader_kwargs or {})).read(queue))]))
    return common.dequeue()
'''

HOLDER = '''from lib import read


class Base(object):
    def __init__(self, tensors):
        self.tensors = tensors


class Holder(Base):
    def __init__(self, files, reader_class, kwargs=None, scope=None, tag=None):
        key, value = read(files, reader_class, reader_kwargs=kwargs, scope=scope, tag=tag)
        super(Holder, self).__init__({"key": key, "value": value})


def make(files, reader_class, kwargs=None):
    return Holder(files, reader_class, kwargs=kwargs)
'''


def _drop(tmp_path, holder: str, user: str):
    from tfdata_bridge._src.migrate.reader_pools import drop_none_handed_on

    texts = {str(tmp_path / "lib.py"): LIB, str(tmp_path / "holder.py"): holder, str(tmp_path / "user.py"): user}
    got = drop_none_handed_on(texts, str(tmp_path))
    return None if got is None else got[str(tmp_path / "holder.py")]


def test_a_none_sure_through_a_class_and_a_function_goes_and_one_not_sure_stays(tmp_path):
    user = "import holder\nimport tensorflow.compat.v1 as tf\n\n\ndef f(files):\n    return holder.make(%s)\n"
    dropped = _drop(tmp_path, HOLDER, user % "files, tf.TFRecordReader")
    # (``kwargs`` is None through ``make`` (its one call leaves it) and ``Holder`` (made only by ``make``, and
    # named in its own ``super``); ``scope`` none of its constructions gives; ``tag`` defaults to "r" in ``read``)
    assert dropped is not None and "read(files, reader_class, tag=tag)" in dropped, dropped
    # (the chain then folds: ``read``'s ``reader_kwargs`` no call gives any more)
    from tfdata_bridge._src.migrate.reader_pools import fold_unset_params
    texts = {str(tmp_path / "lib.py"): LIB, str(tmp_path / "holder.py"): HOLDER,
             str(tmp_path / "user.py"): user % "files, tf.TFRecordReader"}
    folded = fold_unset_params(texts, str(tmp_path))
    assert folded is not None and "reader_class().read(queue)" in folded[str(tmp_path / "lib.py")], folded
    # (a call giving a value, by keyword or by position: ``kwargs`` is not surely None, its keyword stays)
    for given in ("files, tf.TFRecordReader, kwargs={}", "files, tf.TFRecordReader, {}"):
        kept = _drop(tmp_path, HOLDER, user % given)
        assert kept is not None and "reader_kwargs=kwargs" in kept and "scope=scope" not in kept, kept
    # (a parameter rebound in the function, a class used as a base, a function handed on as a value: kept)
    rebound = HOLDER.replace("        key, value", "        kwargs = kwargs or {}\n        key, value")
    assert "reader_kwargs=kwargs" in (_drop(tmp_path, rebound, user % "files, tf.TFRecordReader") or rebound)
    based = HOLDER + "\n\nclass Other(Holder):\n    pass\n"
    assert _drop(tmp_path, based, user % "files, tf.TFRecordReader") is None
    handed = "import holder\n\n\ndef f(files, maker=holder.make):\n    return maker(files, None)\n"
    got = _drop(tmp_path, HOLDER, handed)
    assert got is None or "reader_kwargs=kwargs" in got, got
