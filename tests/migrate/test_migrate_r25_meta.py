"""Held-out round 25's meta-graph program: a pipeline reached through the graph's names or its serialized form.

Once a pipeline is tf.data its ops are gone (the batch is an iterator's ``get_next``), so a program that looks a
pipeline op up by name (``get_tensor_by_name("input_batch:1")``, a name it computes) or serializes the graph
(``export_meta_graph``, ``import_meta_graph``, ``as_graph_def`` / ``import_graph_def``, ``write_graph``) is left
whole, with a note naming the call, its line and the fix (``graph_names.py``). What still holds is rewritten: a
collection the program fills itself with the batch, a lookup of the program's own model op, names given only
as scope and op names. The programs of ``r25meta_programs/`` are migrated as one tree and run against their
originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r25meta_programs"


@pytest.mark.timeout(500)
def test_the_r25meta_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 5
    assert [n for n, c in code.items() if "make_one_shot_iterator" not in c] == [], code
    assert 'get_collection("input_tensors")' in code["collection_filled_and_read.py"]
    assert 'get_tensor_by_name("scaled:0")' in code["model_tensor_by_name.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact")


def _said(source: str) -> str:
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    assert result.code == source  # (left whole)
    return " ".join(n.message for n in result.notes)


PIPELINE = '''\
{imports}


def inputs(path):
    files = {v1}train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = {v1}TextLineReader().read(files)
    return {v1}train.batch([line], 4{name})


def main(path):
    batch = inputs(path)
{use}
'''
V1 = "import tensorflow.compat.v1 as tf"


def _program(use: str, imports: str = V1, v1: str = "tf.", name: str = ', name="input_batch"') -> str:
    return PIPELINE.format(imports=imports, v1=v1, name=name, use=use)


@pytest.mark.parametrize("use, shown", [
    ('    got = tf.get_default_graph().get_tensor_by_name("input_batch:0")', '"input_batch:0"'),
    ('    got = tf.get_default_graph().get_operation_by_name("input_batch/fifo_queue")', '"input_batch/fifo_queue"'),
    ('    got = tf.get_default_graph().as_graph_element("input_producer:0")', '"input_producer:0"'),
    ("    name = batch.name.split(':')[0]\n    got = tf.get_default_graph().get_tensor_by_name(name + ':0')",
     "name + ':0'"),
])
def test_a_lookup_of_a_pipeline_op_by_name_is_refused_with_its_line_and_fix(use, shown):
    said = _said(_program(use))
    line = 12 + use.count("\n")  # (the call's line: the last of ``use``)
    assert "looks a tensor or op up by name" in said and shown in said and f"at line {line}" in said, said
    assert "look the tensors up from the returned values, or keep the queues (`migrate --to compat`)" in said


def test_a_default_batch_name_is_a_pipeline_op_name():
    said = _said(_program('    got = tf.get_default_graph().get_tensor_by_name("batch:0")', name=""))
    assert '"batch:0"' in said, said


@pytest.mark.parametrize("use, shown", [
    ("    meta = tf.train.export_meta_graph()", "tf.train.export_meta_graph()"),
    ("    tf.train.import_meta_graph('/tmp/model.meta')", "tf.train.import_meta_graph('/tmp/model.meta')"),
    ("    graph_def = tf.get_default_graph().as_graph_def()\n    tf.import_graph_def(graph_def, name='copy')",
     "tf.get_default_graph().as_graph_def()"),
    ("    tf.train.Saver().export_meta_graph('/tmp/m.meta')", "tf.train.Saver().export_meta_graph('/tmp/m.meta')"),
    ("    tf.train.write_graph(tf.get_default_graph(), '/tmp', 'g.pbtxt')", "tf.train.write_graph("),
])
def test_a_serialized_graph_is_refused(use, shown):
    said = _said(_program(use))
    assert "serializes or imports the graph" in said and shown in said and "at line 12" in said, said


def test_other_import_styles_are_refused():
    said = _said(_program("    meta = train.export_meta_graph()\n    train.import_meta_graph(meta)",
                          imports="from tensorflow.compat.v1 import TextLineReader, train", v1=""))
    assert "`train.export_meta_graph()` at line 12" in said, said
    said = _said(_program('    got = tf.compat.v1.get_default_graph().get_tensor_by_name("input_batch:1")',
                          imports="import tensorflow as tf", v1="tf.compat.v1."))
    assert 'get_tensor_by_name("input_batch:1")' in said, said


CLASS = '''\
import tensorflow.compat.v1 as tf


class Inputs:
    def __init__(self, path):
        self.graph = tf.Graph()
        with self.graph.as_default():
            files = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
            _, line = tf.TextLineReader().read(files)
            self.batch = tf.train.batch([line], 4, name="rows")

    def rows(self):
        return self.graph.get_tensor_by_name("rows:0")
'''


def test_a_lookup_in_a_class_method_is_refused():
    said = _said(CLASS)
    assert '`self.graph.get_tensor_by_name("rows:0")` at line 13' in said, said


def test_a_lookup_in_another_module_of_the_tree_names_the_module():
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    lib = _program("    return batch")
    main = ('import tensorflow.compat.v1 as tf\nimport lib\n\n\ndef run(path):\n    lib.inputs(path)\n'
            '    return tf.get_default_graph().get_tensor_by_name("input_batch:0")\n')
    out = rewrite_tree({"/r/lib.py": lib, "/r/main.py": main}, root="/r")
    assert out["/r/lib.py"].code == lib, out["/r/lib.py"].code
    said = " ".join(n.message for n in out["/r/lib.py"].notes)
    assert "main.py:7" in said and '"input_batch:0"' in said, said
    # the other way round: the lookup in the helper module, the pipeline built by the module importing it
    helper = ('import tensorflow.compat.v1 as tf\n\n\ndef rows():\n'
              '    return tf.get_default_graph().get_tensor_by_name("input_batch:0")\n')
    user = _program("    import helper\n    return helper.rows()").replace(V1, V1 + "\nimport helper")
    out = rewrite_tree({"/r/helper.py": helper, "/r/user.py": user}, root="/r")
    assert out["/r/user.py"].code == user and "helper.py:5" in " ".join(n.message for n in out["/r/user.py"].notes)
