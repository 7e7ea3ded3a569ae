"""The "prefetch input data" queue as real code writes it (issue 17): checks between two choices of one flag
(``if bad: raise``, ``if n is None: n = 2``), and a per-element name that the join's targets reuse
(``image, label = decode(...)`` in the copies' loop, ``image, label = batch_join(...)``, ``return image``),
and readers made by ``shards.reader()`` of an object another module passes in (through a wrapper or directly),
in the k-reader branch and the one-reader branch: the factory goes once no read calls it (``dead_factories``).

The programs of ``prefetch_variant_programs/`` (a loader class in ``pv_lib/``) are migrated together with
``--to tfdata`` and run against their originals in one TensorFlow process: the same rows and batch sizes, the
same end. The text tests say which neighbouring forms are still left, with the reason, and that ``scan`` agrees.
"""

from __future__ import annotations

import functools
import pathlib

import libcst as cst
import pytest

from both_ways import assert_delivers_the_same, rewrites_once, run_programs
from tfdata_bridge._src.migrate.choice_shapes import merge_same_tests
from tfdata_bridge._src.migrate.tree import rewrite_tree
from tfdata_bridge._src.symbols import STARTS_RUNNERS
from tfdata_bridge.migrate import rewrite, scan_source

pytestmark = pytest.mark.timeout(600)


@pytest.fixture(scope="module", autouse=True)
def _rewrite_once():
    """A text test rewrites its variant and then asks scan's MIGRATE column of the same text, which rewrites it
    again: the second is the first's result (``both_ways.rewrites_once``)."""
    with rewrites_once():
        yield

HERE = pathlib.Path(__file__).resolve().parent / "prefetch_variant_programs"
PROGRAMS = {"guarded_choices_reused_target": "multiset", "loader_class_other_module": "multiset",
            "object_passed_from_script": "multiset"}


@functools.lru_cache(maxsize=1)
def _as_written() -> dict:
    """The tree as written, rewritten once for the tests that read it (a result is only read)."""
    return rewrite_tree({str(p): p.read_text() for p in sorted(HERE.rglob("*.py"))}, root=str(HERE))


def test_the_migrated_programs_deliver_what_their_originals_deliver(tmp_path):
    assert {p.stem for p in HERE.glob("*.py")} == set(PROGRAMS)
    results = _as_written()
    migrated = tmp_path / "migrated"
    for path, result in results.items():
        assert not result.refused, (path, result.notes)
        assert "tfdata_bridge" not in result.code
        assert [f.api for f in scan_source(result.code) if not f.dropin.startswith(STARTS_RUNNERS)] == [], path
        out = migrated / pathlib.Path(path).relative_to(HERE)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(result.code)
    originals = [HERE / f"{n}.py" for n in PROGRAMS]
    runs = run_programs([*originals, *(migrated / f"{n}.py" for n in PROGRAMS)], tmp_path / "data")
    for name, compare in PROGRAMS.items():
        want, got = runs[str(HERE / f"{name}.py")], runs[str(migrated / f"{name}.py")]
        assert want["batches"], name
        assert_delivers_the_same(name, want, got, compare)


def _variant(old: str, new: str) -> str:
    text = (HERE / "guarded_choices_reused_target.py").read_text()
    assert old in text, old
    return text.replace(old, new)


_JOIN = "    image, label = tf.train.batch_join("


@pytest.mark.parametrize("old, new", [
    pytest.param("    if threads is None:\n        threads = 3\n", "", id="no-default-between"),
    pytest.param("        records = tf.FIFOQueue(capacity=40, dtypes=[tf.string])",
                 "        records = tf.FIFOQueue(40, [tf.string])", id="positional-queue"),
    pytest.param(_JOIN + "pairs, batch_size=batch_size, capacity=4 * batch_size,\n"
                 "                                       allow_smaller_final_batch=True)\n    return image, label",
                 "    return tf.train.batch_join(pairs, batch_size=batch_size, capacity=4 * batch_size,\n"
                 "                               allow_smaller_final_batch=True)", id="join-returned"),
])
def test_variants_of_the_guarded_choice_are_rewritten_and_scan_agrees(old, new):
    source = _variant(old, new)
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    assert result.code.count("make_one_shot_iterator") == 4  # train/eval x k readers/one reader
    sites = scan_source(source, outcomes=True)
    assert sites and not [f for f in sites if f.tfdata.startswith("left: ")]


@pytest.mark.parametrize("old, new, why", [  # (the reason named is the unsplit module's)
    pytest.param(_JOIN, "    tf.add_to_collection('last_copy', image)\n" + _JOIN,
                 "", id="copy-read-before-the-join"),
    pytest.param("    if readers < 1:", "    if queue is None:", "", id="check-reads-the-first-choice"),
])
def test_a_read_of_the_copies_names_or_a_check_that_is_not_plain_is_left_with_its_reason(old, new, why):
    source = _variant(old, new)
    result = rewrite(source, to="tfdata")
    assert result.code == source
    join = [n.message for n in result.refused if "batch_join" in n.message]
    assert join and why in join[0], result.notes
    sites = [f for f in scan_source(source, outcomes=True) if f.api.endswith("batch_join")]
    assert sites and all(f.tfdata.startswith("left: ") for f in sites)


_TWO_IFS = """\
if train:
    a = make(1)
else:
    a = make(2)
if n is None:
    n = 45
if n < 1:
    raise ValueError(n)
if train:
    q = queue(n, a)
else:
    q = other(n, a)
"""


@pytest.mark.parametrize("change, merged", [
    pytest.param(("", ""), True, id="a-default-and-a-raise-between"),
    pytest.param(("    raise ValueError(n)", "    raise ValueError(n)\nelse:\n    n = 2"), False, id="check-with-else"),
    pytest.param(("    n = 45", "    n = a.size"), False, id="default-reads-a-branch"),
    pytest.param(("    n = 45", "    train = False"), False, id="check-rebinds-the-test"),
    pytest.param(("    raise ValueError(n)", "    print(n)"), False, id="check-does-more-than-raise"),
])
def test_checks_between_two_ifs_of_one_test_keep_them_one_choice(change, merged):
    body = list(cst.parse_module(_TWO_IFS.replace(*change)).body)
    out = merge_same_tests(body)
    assert (out is not body) == merged
    if merged:
        code = cst.Module(out).code
        assert code.startswith("if n is None:\n    n = 45\nif n < 1:\n    raise ValueError(n)\nif train:\n"
                               "    a = make(1)\n    q = queue(n, a)\nelse:\n    a = make(2)\n"), code


def _tree(**changes: tuple[str, str]) -> dict[str, str]:
    texts = {str(p): p.read_text() for p in sorted(HERE.rglob("*.py"))}
    for name, (old, new) in changes.items():
        path = str(HERE / f"{name.replace('__', '/')}.py")
        assert old in texts[path], old
        texts[path] = texts[path].replace(old, new)
    return texts


def test_an_object_passed_from_another_module_leads_to_its_class_factory_which_goes():
    results = _as_written()
    shards, inputs = results[str(HERE / "pv_lib/shards.py")], results[str(HERE / "pv_lib/inputs.py")]
    assert "def reader" not in shards.code and "def files" in shards.code
    assert not inputs.refused and inputs.code.count("TFRecordDataset") == 4, inputs.notes  # 2 queues x 2 branches
    assert any("reader factory `reader` removed" in n.message for n in shards.notes)


def test_a_factory_the_script_still_calls_stays_beside_the_rewritten_inputs():
    script = ('    held = Shards(data_dir, "eval")', '    held = Shards(data_dir, "eval")\n    spare = held.reader()')
    results = rewrite_tree(_tree(object_passed_from_script=script), root=str(HERE))
    shards, inputs = results[str(HERE / "pv_lib/shards.py")], results[str(HERE / "pv_lib/inputs.py")]
    assert "def reader" in shards.code and inputs.code.count("TFRecordDataset") == 4


def test_objects_of_two_classes_passed_leave_the_reads_with_the_reason():
    other = ("class Shards(object):", "class Other(object):\n    def reader(self):\n        return tf.TextLineReader()"
             "\n\n\nclass Shards(object):")
    script = ('    held = Shards(data_dir, "eval")', '    held = shards.Other()')
    imports = ("from pv_lib.shards import Shards", "from pv_lib import shards\nfrom pv_lib.shards import Shards")
    texts = _tree(pv_lib__shards=other)
    path = str(HERE / "object_passed_from_script.py")
    texts[path] = texts[path].replace(*script).replace(*imports)
    results = rewrite_tree(texts, root=str(HERE))
    inputs = results[str(HERE / "pv_lib/inputs.py")]
    assert "tf.data" not in inputs.code and "def reader" in results[str(HERE / "pv_lib/shards.py")].code


def test_a_class_of_the_script_itself_loses_its_factory_and_its_runners():
    shards = (HERE / "pv_lib/shards.py").read_text()
    cls = shards[shards.index("class Shards"):]
    script = ("from pv_lib.shards import Shards\n", "\n\n" + cls)
    results = rewrite_tree(_tree(object_passed_from_script=script), root=str(HERE))
    main = results[str(HERE / "object_passed_from_script.py")]
    assert "def reader" not in main.code and "def files" in main.code
    assert [f.api for f in scan_source(main.code) if not f.dropin.startswith(STARTS_RUNNERS)] == []
    assert "start_queue_runners" not in main.code
