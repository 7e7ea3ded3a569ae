"""Readers that enqueue their record key with the value into a hand-built queue (issue 17: slim's parallel
reader, held-out round 7): ``queue.enqueue(reader.read(filename_queue))`` or ``queue.enqueue([key, value])`` by
``k`` readers with a ``QueueRunner``, the key dropped at the dequeue (``_, value = queue.dequeue()``), also where
a helper of the module makes the queue and returns its dequeue (``prefetch_helper.py``).

The key goes unread, so the rewrite drops it from the elements; the rest is the k-reader rewrite of
``handbuilt.py`` (an interleave of ``k`` files, ``shuffle(capacity)`` for a RandomShuffleQueue). The programs of
``parallel_read_programs/`` run against their originals in one TensorFlow process (several readers: a multiset).
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

HERE = pathlib.Path(__file__).resolve().parent / "parallel_read_programs"
PROGRAMS = {"helper_parallel_read": "multiset", "inline_read_shuffle_queue": "multiset", "key_enqueued_fifo": "multiset"}


def _source(name: str) -> str:
    return (HERE / f"{name}.py").read_text()


def _variant(name: str, old: str, new: str) -> str:
    text = _source(name)
    assert old in text, old
    return text.replace(old, new)


def test_the_migrated_programs_deliver_what_their_originals_deliver(tmp_path):
    assert {p.stem for p in HERE.glob("*.py")} == set(PROGRAMS)
    migrated = tmp_path / "migrated"
    migrated.mkdir()
    for name in PROGRAMS:
        result = rewrite(_source(name), to="tfdata")
        assert not result.refused, (name, result.notes)
        assert "tfdata_bridge" not in result.code and ".interleave(" in result.code
        assert [f.api for f in scan_source(result.code) if not f.dropin.startswith(STARTS_RUNNERS)] == [], name
        (migrated / f"{name}.py").write_text(result.code)
    originals = [HERE / f"{n}.py" for n in PROGRAMS]
    runs = run_programs([*originals, *(migrated / f"{n}.py" for n in PROGRAMS)], tmp_path / "data")
    for name, compare in PROGRAMS.items():
        assert_delivers_the_same(name, runs[str(HERE / f"{name}.py")], runs[str(migrated / f"{name}.py")], compare)


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_scan_says_rewritten_where_migrate_rewrites(name):
    sites = scan_source(_source(name), outcomes=True)
    assert sites and not [f for f in sites if f.tfdata.startswith("left: ")], name


@pytest.mark.parametrize("name, old, new", [
    pytest.param("inline_read_shuffle_queue", "    _, data = common_queue.dequeue()\n",
                 "    key, data = common_queue.dequeue()\n    tf.add_to_collection('keys', key)\n", id="inline-read"),
    pytest.param("key_enqueued_fifo", "    unused_key, record = examples.dequeue()\n",
                 "    unused_key, record = examples.dequeue()\n    print(unused_key)\n", id="unpacked-read"),
])
def test_a_key_read_after_the_dequeue_is_left_with_the_reason(name, old, new):
    source = _variant(name, old, new)
    result = rewrite(source, to="tfdata")
    assert result.code == source
    assert any("the record key (file:record) is enqueued and used after the dequeue" in n.message
               for n in result.refused), result.notes
    sites = [f for f in scan_source(source, outcomes=True) if f.api.endswith("train.batch")]
    assert sites and all(f.tfdata.startswith("left: ") for f in sites)


def test_a_key_used_in_the_readers_loop_is_left_with_the_reason():
    source = _variant("key_enqueued_fifo", "        ops.append(examples.enqueue([key, value]))\n",
                      "        ops.append(examples.enqueue([key, value]))\n        tf.compat.v1.add_to_collection('k', key)\n")
    result = rewrite(source, to="tfdata")
    assert result.code == source
    assert result.refused, result.notes


_HELPER_CALL = "        _, data = parallel_read(self.sources, 2, 3)\n"
_SHUFFLE = """    common_queue = tf.compat.v1.FIFOQueue(capacity, dtypes=[tf.string, tf.string])
"""


@pytest.mark.parametrize("old, new, why", [
    pytest.param(_HELPER_CALL, _HELPER_CALL + "        _, again = parallel_read(self.sources)\n",
                 "`parallel_read` returns a hand-built queue's dequeue and is used more than once", id="two-calls"),
    pytest.param(_SHUFFLE, "    if num_epochs:\n        common_queue = tf.compat.v1.RandomShuffleQueue(capacity, 8, "
                           "dtypes=[tf.string, tf.string], shapes=[[], []])\n    else:\n    " + _SHUFFLE,
                 "differ in their `shapes`, so the branch changes what the elements are",
                 id="queue-chosen-by-if-holding-other-shapes"),
    pytest.param("    filename_queue = tf.compat.v1.train.string_input_producer(data_sources,",
                 "    data_sources = sorted(data_sources)\n    data_sources.reverse()\n"
                 "    filename_queue = tf.compat.v1.train.string_input_producer(data_sources,",
                 "is also used elsewhere in it", id="file-list-changed-in-the-helper"),
])
def test_a_helper_queue_that_cannot_move_to_its_call_is_left_with_the_reason(old, new, why):
    source = _variant("helper_parallel_read", old, new)
    result = rewrite(source, to="tfdata")
    assert result.code == source
    assert any(why in n.message for n in result.refused), result.notes


def test_a_helper_of_another_module_is_followed_and_goes_once_its_caller_is_rewritten():
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    text = _source("helper_parallel_read")
    helper = text[text.index("def parallel_read"):text.index("class Inputs")]
    lib = "import tensorflow as tf\n\n\n" + helper
    main = text.replace(helper, "").replace("import tensorflow as tf\n", "import tensorflow as tf\n\n"
                                                                       "from readers_lib import parallel_read\n")
    results = rewrite_tree({"/t/readers_lib.py": lib, "/t/main.py": main}, root="/t")
    assert not results["/t/main.py"].refused and not results["/t/readers_lib.py"].refused, results
    assert "import parallel_read" not in results["/t/main.py"].code  # (its import by name went with it)
    assert "parallel_read(" not in results["/t/main.py"].code
    assert "def parallel_read" not in results["/t/readers_lib.py"].code
    assert "interleave(tf.compat.v1.data.TFRecordDataset, cycle_length=3" in results["/t/main.py"].code
