"""Held-out round 16's refused forms (issue 17): a batch's settings in a constant dict passed as ``**name``
(``constant_kwargs.py``), stages made lazy properties by a user decorator (``scope_decorators.py``), a reader
function taken from a registry by a literal name (``registry_readers.py``), a fluent builder called as one chain
(``fluent_builders.py``).

The programs of ``r16_forms_programs/`` (helpers in the same and in another module, classes, several import
styles) are migrated as one tree and run against their originals; a multi-threaded program reports its batch
sizes and sorted rows, so every program is compared exactly. The text tests say what is refused, and why."""

from __future__ import annotations

import os
import pathlib
import shutil

import pytest

from both_ways import assert_delivers_the_same, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r16_forms_programs"
# each program's rewrite holds this line (per form, by its name's prefix); none keeps its form's trace
MARKS = {"kw": ".batch(", "deco": "make_one_shot_iterator(", "reg": "make_one_shot_iterator(",
         "bld": "make_one_shot_iterator("}
GONE = {"kw": "**", "deco": "string_input_producer(", "reg": "string_input_producer(", "bld": "return self"}


# the registries' own readers stay (each registry still hands them out), so their modules keep their queue code
# and the programs that read through them keep their (now idle) runner plumbing
KEPT = {"formats.py", "plugins.py"}


def _migrate_tree(original: pathlib.Path, migrated: pathlib.Path) -> dict[str, str]:
    """``both_ways.migrate_folder``'s checks, but for ``KEPT`` and the registry programs' plumbing."""
    from tfdata_bridge._src.migrate.tree import rewrite_tree
    from tfdata_bridge.migrate import scan_source

    shutil.copytree(PROGRAMS, original, ignore=shutil.ignore_patterns("__pycache__"))
    code = {}
    for path, result in rewrite_tree({str(p): p.read_text() for p in sorted(original.rglob("*.py"))},
                                     root=str(original)).items():
        name = pathlib.Path(path).name
        if name in KEPT:
            assert result.code == result.source, name
            continue
        assert not result.refused, (path, result.notes)
        left = [f.api for f in scan_source(result.code)]
        assert left == [] or name.startswith("reg_") and all("Coordinator" in a or "queue_runners" in a
                                                             for a in left), (name, left)
        assert "tfdata_bridge" not in result.code, path
        out = migrated / os.path.relpath(path, original)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(result.code)
        code[name] = result.code.split('"""', 2)[-1]
    for kept in KEPT:  # (copied as they were)
        (migrated / "r16_lib" / kept).write_text((original / "r16_lib" / kept).read_text())
    return code


@pytest.mark.timeout(500)
def test_the_r16_form_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = _migrate_tree(original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 11
    for p in programs:
        form = p.stem.split("_")[0]
        assert MARKS[form] in code[p.name] and GONE[form] not in code[p.name], p.name
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact")


KWARGS = '''\
import tensorflow.compat.v1 as tf

SETTINGS = dict(batch_size=4)


def batches(files):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(queue)
{before}
    return tf.train.batch([line], **{name})
{after}
'''


def _refusal(before: str = "", name: str = "kwargs", after: str = "") -> str:
    result = rewrite(KWARGS.format(before=before, name=name, after=after), to="tfdata")
    assert result.refused and "**" in result.code, result.code
    return " ".join(n.message for n in result.notes)


def test_a_dict_that_is_changed_is_refused_naming_the_use():
    why = _refusal('    kwargs = dict(batch_size=4)\n    kwargs["batch_size"] = 8')
    assert "`kwargs`" in why and "line 10" in why and "not provably constant" in why, why
    why = _refusal("    kwargs = {'batch_size': 4}\n    kwargs.update(num_threads=2)")
    assert "line 10" in why, why


def test_a_dict_bound_twice_or_built_elsewhere_is_refused():
    why = _refusal("    kwargs = dict(batch_size=4)\n    if files:\n        kwargs = dict(batch_size=2)")
    assert "bound more than once" in why, why
    assert "is not a `{...}` or `dict(...)` literal" in _refusal("    kwargs = make_settings()")
    assert "keys that are not plain strings" in _refusal("    kwargs = dict(SETTINGS, num_threads=1)")


def test_a_module_constant_changed_in_a_function_is_refused():
    why = _refusal(name="SETTINGS", after="\n\ndef tune():\n    SETTINGS['batch_size'] = 2\n")
    assert "`SETTINGS`" in why and "line 14" in why, why


def test_a_module_constant_dict_is_spelled_out():
    result = rewrite(KWARGS.format(before="", name="SETTINGS", after=""), to="tfdata")
    assert not result.refused and "**" not in result.code and ".batch(4" in result.code, result.code


DECORATED = '''\
import functools

import tensorflow.compat.v1 as tf


def define_scope(function):
    attribute = "_cache_" + function.__name__

    @property
    @functools.wraps(function)
    def decorator(self):
        if not hasattr(self, attribute):
            with tf.variable_scope(function.__name__):
                setattr(self, attribute, function(self))
        return getattr(self, attribute)

    return decorator


class Lines(object):
    def __init__(self, path):
        self.path = path
{init}
        self.batch

    @define_scope
    def queue(self):
        return tf.train.string_input_producer([self.path], num_epochs=1, shuffle=False)

    @define_scope
    def batch(self):
        _, line = tf.TextLineReader().read(self.queue)
        return tf.train.batch([line], batch_size=2)

    def setup(self):
        pass
{more}
'''


def test_a_decorated_stage_built_in_init_keeps_its_scope_and_its_property():
    result = rewrite(DECORATED.format(init="", more="\n\ndef read(lines):\n    return lines.batch\n"), to="tfdata")
    assert not result.refused, result.notes
    assert "with tf.variable_scope('batch'):" in result.code, result.code
    assert "self._cache_batch = " in result.code and "return self._cache_batch" in result.code, result.code
    assert "string_input_producer(" not in result.code


def test_a_decorated_stage_init_may_read_some_other_way_is_refused_with_the_reason():
    why = " ".join(n.message for n in rewrite(DECORATED.format(init="        self.setup()", more=""),
                                               to="tfdata").notes)
    assert "the stages of `Lines` made by a decorator are not built" in why and "calls a method" in why, why
    sub = "\n\nclass Other(Lines):\n    @define_scope\n    def batch(self):\n        return None\n"
    why = " ".join(n.message for n in rewrite(DECORATED.format(init="", more=sub), to="tfdata").notes)
    assert "`Other` overrides `batch`" in why, why


BUILDER = '''\
import tensorflow.compat.v1 as tf


class Lines(object):
    def __init__(self, path):
        self.path = path

    def read(self):
        queue = tf.train.string_input_producer([self.path], num_epochs=1, shuffle=False)
        _, self.line = tf.TextLineReader().read(queue)
        {extra}
        return self

    def batch(self, **kwargs):
        return tf.train.batch([self.line], **kwargs)


def keep(lines):
    return lines


def batches(path):
    return_value = Lines(path).read().batch(batch_size=2)
    return return_value
{more}
'''


def test_a_fluent_builder_chain_is_written_out_and_its_class_goes():
    result = rewrite(BUILDER.format(extra="", more=""), to="tfdata")
    assert not result.refused and "class Lines" not in result.code and ".batch(2" in result.code, result.code


def test_a_builder_that_passes_itself_on_or_is_named_elsewhere_is_left_with_the_reason():
    why = " ".join(n.message for n in rewrite(BUILDER.format(extra="keep(self)", more=""), to="tfdata").notes)
    assert "the builder `Lines` called as a chain is not written out: `read` passes `self` on" in why, why
    more = "\n\ndef other(path):\n    return Lines(path)\n"
    why = " ".join(n.message for n in rewrite(BUILDER.format(extra="", more=more), to="tfdata").notes)
    assert "`Lines` is named elsewhere" in why, why


def test_a_registry_name_known_only_at_run_time_is_refused_with_the_reason(tmp_path):
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    (tmp_path / "formats.py").write_text(
        "import tensorflow.compat.v1 as tf\n\n\ndef read_lines(queue):\n"
        "    _, line = tf.TextLineReader().read(queue)\n    return line\n")
    (tmp_path / "catalog.py").write_text(
        "import formats\n\nREADERS = {'lines': formats.read_lines}\n\n\n"
        "def reader_for(name):\n    return READERS[name]\n")
    main = ("import sys\n\nimport tensorflow.compat.v1 as tf\n\nimport catalog\n\n\n"
            "def batches(path, name):\n    queue = tf.train.string_input_producer([path], num_epochs=1)\n"
            "    read = catalog.reader_for(name)\n    return tf.train.batch([read(queue)], batch_size=2)\n\n\n"
            "def main():\n    return batches('a.txt', {name})\n")
    for name, said in (("sys.argv[1]", "known only at run time"), ("'csv'", "'csv' is not one of its names")):
        (tmp_path / "main.py").write_text(main.format(name=name))
        results = rewrite_tree({str(p): p.read_text() for p in tmp_path.glob("*.py")}, root=str(tmp_path))
        why = " ".join(n.message for n in results[str(tmp_path / "main.py")].notes)
        assert "comes from a registry by the name `name`" in why and said in why, why
    (tmp_path / "main.py").write_text(main.format(name="'lines'"))
    results = rewrite_tree({str(p): p.read_text() for p in tmp_path.glob("*.py")}, root=str(tmp_path))
    assert not results[str(tmp_path / "main.py")].refused, results[str(tmp_path / "main.py")].notes
