"""``migrate`` on huge generated modules (issue 20 item 15): libcst reads only the statements a rewrite can
touch (``elide``), and the result is byte for byte what rewriting the whole module gives. No TensorFlow."""

from __future__ import annotations

import ast
import collections
import pathlib

import libcst as cst
import pytest

from tfdata_bridge._src.migrate import elide, rewriting
from tfdata_bridge._src.migrate.sources import error_text

PROGRAMS = pathlib.Path(__file__).resolve().parents[1] / "legacy_programs"
PYFUNC = (PROGRAMS / "pyfunc_batch.py").read_text()
READER = (PROGRAMS / "tfrecord_shuffle_batch.py").read_text()


@pytest.fixture
def small_runs(monkeypatch):
    """Elide runs of 3 lines in modules of 10, so the comparisons with the whole module stay cheap."""
    monkeypatch.setattr(elide, "MIN_RUN_LINES", 3)
    monkeypatch.setattr(elide, "MIN_MODULE_LINES", 10)


def _both(source: str, to: str):
    return rewriting._rewrite(source, to, error_text), rewriting._rewrite(source, to, error_text, elide=False)


def _bulk(n: int, line: str = "value = {i}\n") -> str:
    return "".join(line.format(i=i) for i in range(n))


VARIANTS = {
    # item 15's shape: a legacy program, then one name assigned many times
    "program-then-bulk": PYFUNC + _bulk(40),
    "bulk-then-program": _bulk(40) + PYFUNC,
    "bulk-around-program": _bulk(30) + PYFUNC + _bulk(30, "other_{i} = [{i}, 'x']\n"),
    # a generated part that reads and defines things of its own, with comments and strings between
    "bulk-with-defs": READER + "".join(f"# generated {i}\ndef helper_{i}(a, b={i}):\n    return a + b\n\n\n"
                                       f"table_{i} = {{'k': helper_{i}(1), 's': \"\"\"two\nlines\"\"\"}}\n"
                                       for i in range(15)),
    # the bulk binds a name the generated code would pick (`dataset`): the same fresh name comes out
    "bulk-takes-fresh-names": READER + _bulk(30, "dataset = {i}\n") + _bulk(5, "filenames_{i} = {i}\n"),
    # tied to the program: `coord` and `features` are the program's; those lines are kept
    "bulk-tied-by-names": PYFUNC + _bulk(20) + _bulk(20, "coord = {i}\n") + _bulk(20, "print(features, {i})\n"),
    # text a rewrite looks for keeps its lines: a comment naming the execution mode, a string naming tensorflow
    "bulk-with-sensitive-text": PYFUNC.replace("    tf.disable_eager_execution()\n", "    pass\n") + _bulk(20)
    + "# tf.disable_eager_execution() is called elsewhere\n" + _bulk(20, "name_{i} = 'tensorflow'\n"),
    # statements sharing lines (`a = 1; b = 2`) and a decorated function in the bulk
    "bulk-semicolons-decorators": PYFUNC + _bulk(20, "a_{i} = 1; b_{i} = 2\n")
    + "".join(f"@decorate({i})\ndef g_{i}():\n    pass\n" for i in range(10)),
}


STAR = "from tensorflow.compat.v1 import *\n" + _bulk(20) + _bulk(20, "q_{i} = FIFOQueue({i}, int32)\n") + _bulk(20)


@pytest.mark.parametrize("source", [*VARIANTS.values(), STAR], ids=[*VARIANTS, "star-import"])
def test_scan_of_a_module_with_statements_set_aside_finds_what_scan_of_the_whole_does(small_runs, monkeypatch,
                                                                                     source):
    from tfdata_bridge._src.migrate.scanner import scan_source

    aside = elide.set_aside(source, ast.parse(source))
    assert (aside is None) == (source is STAR)  # a star import binds names no statement spells: read whole
    found = scan_source(source, "m.py")
    monkeypatch.setattr(elide, "MIN_MODULE_LINES", 10 ** 9)
    assert found == scan_source(source, "m.py") and found


def test_a_star_import_keeps_the_whole_module_for_the_rewrite(small_runs):
    elided, whole = _both(STAR, "compat")
    assert elided == whole and whole.code.startswith("from tfdata_bridge.compat.v1 import *\n")


# --to tfdata costs libcst several times what --to compat does: three variants cover its parts (before and
# after the program, fresh names, plumbing tied by name)
CASES = [pytest.param(source, "compat", id=f"{name}-compat") for name, source in VARIANTS.items()] + [
    pytest.param(VARIANTS[name], "tfdata", id=f"{name}-tfdata")
    for name in ("bulk-around-program", "bulk-takes-fresh-names", "bulk-tied-by-names")]


@pytest.mark.parametrize("source, to", CASES)
def test_an_elided_rewrite_is_the_whole_rewrite(small_runs, source, to):
    elided, whole = _both(source, to)
    assert whole.changed, "each variant holds a legacy program the rewrite changes"
    assert elided.code == whole.code
    assert elided.notes == whole.notes
    assert elided.error is None


def test_only_the_statements_tied_to_nothing_are_set_aside(small_runs):
    source = VARIANTS["bulk-tied-by-names"] + _bulk(20, "again = {i}\n")
    out = elide.elide(source, ast.parse(source))
    assert out is not None
    # the first bulk and the last are set aside; `coord = ...` and `print(features, ...)` are the program's
    assert [o.count("\n") for _, o in out.runs] == [20, 20]
    assert "coord = 3\n" in out.text and "print(features, 3)\n" in out.text
    assert out.text.count("\n") == source.count("\n")  # line numbers are kept
    assert out.restore(out.text) == source


def test_sensitive_text_and_shared_lines_are_never_set_aside(small_runs):
    source = VARIANTS["bulk-with-sensitive-text"]
    out = elide.elide(source, ast.parse(source))
    assert out is not None and all("tensorflow" not in o and "eager" not in o for _, o in out.runs)
    source = VARIANTS["bulk-semicolons-decorators"]
    out = elide.elide(source, ast.parse(source))
    assert out is not None and all("; " not in o for _, o in out.runs)
    assert any("@decorate(1)\ndef g_1" in o for _, o in out.runs)


def test_a_placeholder_that_does_not_come_through_means_the_whole_module(small_runs, monkeypatch):
    source = VARIANTS["program-then-bulk"]
    parsed: list[int] = []
    real = cst.parse_module

    def counting(text, *args, **kwargs):
        parsed.append(text.count("\n"))
        return real(text, *args, **kwargs)

    monkeypatch.setattr(rewriting.cst, "parse_module", counting)
    monkeypatch.setattr(elide.Elided, "restore", lambda self, code: None)
    result = rewriting._rewrite(source, "compat", error_text)
    whole = rewriting._rewrite(source, "compat", error_text, elide=False)
    assert result == whole and result.changed
    assert len(parsed) == 3  # the elided module, then the whole one; then the whole one again (`whole`)


def test_line_ends_other_than_newline_are_rewritten_whole(small_runs):
    source = VARIANTS["program-then-bulk"].replace("value = 3\n", "value = 3\r\n")
    assert elide.elide(source, ast.parse(source)) is None
    source = VARIANTS["program-then-bulk"] + "x = 1\x0c\n"  # a form feed: ast and str.splitlines disagree
    assert elide.elide(source, ast.parse(source)) is None


def _libcst_statements(monkeypatch) -> collections.Counter:
    """Counts the statements libcst parses."""
    counts: collections.Counter = collections.Counter()
    real = cst.parse_module

    def counting(text, *args, **kwargs):
        module = real(text, *args, **kwargs)
        counts["statements"] += len(module.body)
        return module

    monkeypatch.setattr(rewriting.cst, "parse_module", counting)
    return counts


@pytest.mark.parametrize("to", ["compat", "tfdata"])
def test_libcst_work_does_not_grow_with_a_name_assigned_n_times(monkeypatch, to):
    """Item 15's shape at the default thresholds: libcst reads the program and one placeholder, whatever N."""
    counts = _libcst_statements(monkeypatch)
    work = {}
    for n in (2_500, 5_000):  # (both past MIN_MODULE_LINES; twice the lines, the same libcst work)
        counts.clear()
        result = rewriting.rewrite(PYFUNC + _bulk(n), to=to)
        assert result.changed and result.code.endswith(f"value = {n - 1}\n")
        work[n] = counts["statements"]
    assert work[5_000] == work[2_500] < 40, work  # (--to tfdata parses its result again for the plumbing)


def test_a_tree_of_modules_comes_out_as_it_would_whole(small_runs, tmp_path, monkeypatch):
    """``rewrite_tree`` (a reader helper of another module) elides each module the same way."""
    from tfdata_bridge._src.migrate import tree
    from test_migrate_dataflow import DECODE, TRAIN

    sources = {str(tmp_path / "project/__init__.py"): "",
               str(tmp_path / "project/readers.py"): DECODE + _bulk(30, "decode_table_{i} = {i}\n"),
               str(tmp_path / "project/train.py"): _bulk(30) + TRAIN.format(module=".readers") + _bulk(30)}
    elided = tree.rewrite_tree(sources, root=str(tmp_path))
    monkeypatch.setattr(tree, "elide", lambda source, parsed: None)
    whole = tree.rewrite_tree(sources, root=str(tmp_path))
    assert elided == whole
    train = elided[str(tmp_path / "project/train.py")]
    assert ".map(tf.autograph.experimental.do_not_convert(read_and_decode))" in train.code and train.code.endswith("value = 29\n")


IMPORT_FORMS = [  # beside the legacy programs: other import styles, a reused name, a local `threading`
    "from tensorflow.compat.v1 import train as t\nimport threading as th\nb = t.batch([x], 2)\n"
    "th.Thread(target=f).start()\nt = 3\nt.batch\n",
    "import tensorflow as tf\nfrom tensorflow.python.training import input as inp\nimport tensorflow.compat.v1\n"
    "q = tf.FIFOQueue(2, tf.int32)\nb = inp.batch([q.dequeue()], 2)\nc = tensorflow.compat.v1.train.batch([1], 2)\n"
    "def f(tf):\n    return tf.train.batch([1], 2)\n",
    "threading = make()\nthreading.Thread(target=f)\nfrom threading import Thread\nThread(target=g)\n"
    "from . import local\nlocal.batch([1], 2)\n",
    # imports inside blocks: try/except, a function, a class, with, match
    "try:\n    import tensorflow.compat.v1 as tf\nexcept ImportError:\n    tf = None\nfinally:\n    import os as o\n"
    "def g():\n    from tensorflow.compat.v1 import train as tr\n    return tr.batch([1], 2)\n"
    "class C:\n    if True:\n        import threading as T\n    else:\n        pass\n    x = T.Thread(target=g)\n"
    "with o.scandir('.'):\n    from tensorflow.compat import v1\n    v1.train.batch([1], 2)\n"
    "match 1:\n    case 1:\n        from tensorflow.python.ops import data_flow_ops as dfo\n"
    "q = dfo.FIFOQueue(2, tf.int32); b = tf.train.batch([q.dequeue()], 2)\n",
]


def _corpus_sources() -> list[str]:
    return [p.read_text() for p in sorted(PROGRAMS.glob("*.py"))] + IMPORT_FORMS


def test_tf_path_with_the_imported_roots_answers_as_without():
    """Skipping the names no import binds changes no answer (each Name, Attribute and called name of the
    legacy programs and of other import forms)."""
    from libcst.metadata import MetadataWrapper, QualifiedNameProvider

    from tfdata_bridge._src.migrate.calls import import_rooted, imported_roots, tf_path

    assert imported_roots(cst.parse_module(IMPORT_FORMS[-1])) == {"tf", "o", "tr", "T", "v1", "dfo"}
    asked = 0
    for source in _corpus_sources():
        module = cst.parse_module(source)
        roots = imported_roots(module)
        pairs: list[tuple] = []

        class _V(cst.CSTVisitor):
            METADATA_DEPENDENCIES = (QualifiedNameProvider,)

            def _both(self, node: cst.CSTNode) -> None:
                pairs.append((tf_path(self, node), tf_path(self, node, roots), import_rooted(node, roots)))
                threads = {q.name for q in self.get_metadata(QualifiedNameProvider, node, set())}
                assert "threading.Thread" not in threads or import_rooted(node, roots | {"threading"})

            visit_Name = visit_Attribute = _both

            def visit_Call(self, node: cst.Call) -> None:
                self._both(node.func)

        MetadataWrapper(module, unsafe_skip_copy=True).visit(_V())
        assert [p[0] for p in pairs] == [p[1] for p in pairs]
        asked += sum(not p[2] for p in pairs)
    assert asked > 100  # names no import binds were there to skip


def test_libcst_is_never_asked_for_a_name_no_import_binds(monkeypatch):
    """A name assigned and read many times beside the pipeline (tied to it through `tf`, so not set aside):
    libcst's ``get_qualified_names_for`` (a look at every binding of the name) is never asked about it."""
    from libcst.helpers import get_full_name_for_node
    from libcst.metadata import scope_provider

    asked: collections.Counter = collections.Counter()
    original = scope_provider.Scope.get_qualified_names_for

    def counting(self, node):
        asked[(get_full_name_for_node(node) or "").split(".")[0]] += 1
        return original(self, node)

    monkeypatch.setattr(scope_provider.Scope, "get_qualified_names_for", counting)
    source = PYFUNC.replace("if __name__", "".join(f"x = x + tf.constant({i})\n" for i in range(40)) + "\nif __name__")
    result = rewriting.rewrite(source, to="tfdata")
    assert "tf.data.Dataset" in result.code and result.code.count("x = x + tf.constant(") == 40
    assert asked["tf"] > 0 and asked["x"] == 0, asked


def test_scan_binds_no_name_of_the_statements_it_sets_aside(monkeypatch):
    """Item 15's shape at the default thresholds: scan's resolver binds the program's names, whatever N."""
    from tfdata_bridge._src.migrate import fast_names
    from tfdata_bridge._src.migrate.scanner import scan_source

    bound: collections.Counter = collections.Counter()
    real = fast_names._Binder._bind

    def counting(self, name, *args, **kwargs):
        bound[name] += 1
        return real(self, name, *args, **kwargs)

    monkeypatch.setattr(fast_names._Binder, "_bind", counting)
    work = {}
    for n in (2_500, 10_000):
        bound.clear()
        assert [f.api for f in scan_source(PYFUNC + _bulk(n))][-1] == "tf.compat.v1.train.start_queue_runners"
        work[n] = sum(bound.values())
        assert bound["value"] == 0
    assert work[10_000] == work[2_500], work


def _module(n: int) -> list[str]:
    """``n`` lines of the kind that repeat in real modules (blank lines, ``pass``, a return) between unique ones."""
    return [("" if i % 3 else f"value_{i} = {i}") if i % 7 else "    return None" for i in range(n)]


def test_a_line_of_the_changed_module_stands_for_its_own_line_or_the_one_after_an_insertion():
    from tfdata_bridge._src.migrate.hoist import line_map

    a = _module(60)
    b = a[:10] + ["example, label = read(queue)", ""] + a[10:30] + [a[30] + "  # changed"] + a[31:50] + a[52:]
    lines = line_map("\n".join(a), "\n".join(b))
    assert [lines(k) for k in (1, 10, 11, 12, 13, 32, 33, 52, 53)] == [1, 10, 11, 11, 11, 30, 31, 50, 53]
    assert [lines(k) for k in range(1, len(b) + 1)] == sorted(lines(k) for k in range(1, len(b) + 1))
    assert line_map("", "x = 1")(1) == 1 and line_map("x = 1\n", "")(1) == 1


def test_line_map_asks_difflib_only_for_the_short_stretches_between_lines_met_once(monkeypatch):
    """A module of 20,000 lines, mostly repeated ones, changed at both ends and in the middle: ``difflib`` (quadratic
    on a whole module of repeated lines) is given only what lies between lines met once on both sides."""
    import difflib

    from tfdata_bridge._src.migrate import hoist

    sizes = []
    real = difflib.SequenceMatcher

    def counting(junk, a, b, **kwargs):
        sizes.append(len(a) * len(b))
        return real(junk, a, b, **kwargs)

    monkeypatch.setattr(hoist.difflib, "SequenceMatcher", counting)
    a = _module(20_000)
    b = ["import extra"] + a[:9_000] + ["x, y = read(queue)", "", ""] + a[9_000:9_001] + ["# was blank"] + a[9_002:]
    b += ["print(x)"]
    lines = hoist.line_map("\n".join(a), "\n".join(b))
    assert lines(1) == 1 and lines(9_002) == 9_001 and lines(9_005) == 9_001 and lines(9_006) == 9_002
    assert lines(20_004) == 20_000
    assert 0 < max(sizes) <= hoist._SMALL
