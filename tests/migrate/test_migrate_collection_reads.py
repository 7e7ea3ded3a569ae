"""A program that reads the graph's queue-runner collection beyond starting its runners keeps its queues:
once its pipelines are tf.data the collection is empty, and held-out round 10's program, which closed the
first runner's queue with ``tf.get_collection(tf.GraphKeys.QUEUE_RUNNERS)[0].queue.close(...)``, was rewritten
and then failed with ``IndexError``. A loop that only starts the collection's runners is no such read."""

from __future__ import annotations

import textwrap

import pytest

from tfdata_bridge._src.migrate.files import python_files
from tfdata_bridge._src.migrate.rewriting import rewrite_files
from tfdata_bridge.migrate import rewrite, scan

PIPELINE = '''\
{imports}


def batches(path):
    queue = {v1}.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = {v1}.TextLineReader().read(queue)
    return {v1}.train.batch([line], batch_size=2)
'''

PROGRAM = PIPELINE + '''

def main(path):
    batch = batches(path)
    with {v1}.Session() as sess:
        sess.run({v1}.local_variables_initializer())
        coord = {v1}.train.Coordinator()
        threads = {v1}.train.start_queue_runners(sess=sess, coord=coord)
        {read}
        got = sess.run(batch)
        coord.request_stop()
        coord.join(threads)
    return got
'''

READS = {  # (imports, the v1 prefix, the read)
    "index then close, compat.v1 alias": (
        "import tensorflow.compat.v1 as tf", "tf",
        "sess.run(tf.get_collection(tf.GraphKeys.QUEUE_RUNNERS)[0].queue.size())"),
    "count, string key, tf2 import": (
        "import tensorflow as tf", "tf.compat.v1",
        "assert len(tf.compat.v1.get_collection('queue_runners')) == 1"),
    "from-imported get_collection, a list kept": (
        "import tensorflow.compat.v1 as tf\nfrom tensorflow.compat.v1 import get_collection, GraphKeys", "tf",
        "runners = list(get_collection(GraphKeys.QUEUE_RUNNERS))"),
    "the graph's own get_collection": (
        "import tensorflow.compat.v1 as tf", "tf",
        "runners = tf.get_default_graph().get_collection(tf.GraphKeys.QUEUE_RUNNERS)"),
}


@pytest.mark.parametrize("imports, v1, read", READS.values(), ids=list(READS))
def test_a_module_that_reads_the_runner_collection_keeps_its_queues(imports, v1, read):
    source = PROGRAM.format(imports=imports, v1=v1, read=read)
    result = rewrite(source, to="tfdata")
    assert result.code == source  # the old code rewrote the pipeline; the read then found no runner
    [note] = [n for n in result.refused if "queue runners" in n.message]
    line = next(i for i, text in enumerate(source.splitlines(), 1) if read.splitlines()[0] in text)
    assert "train.batch" in note.message and read.split("(", 1)[1].split(")")[0] in note.message
    assert "`migrate --to compat`" in note.message and f"line {line}" in note.message


def test_a_loop_that_only_starts_the_collections_runners_is_not_such_a_read():
    source = PROGRAM.format(imports="import tensorflow.compat.v1 as tf", v1="tf", read=textwrap.dedent('''\
        for qr in tf.get_collection(tf.GraphKeys.QUEUE_RUNNERS):
                    threads.extend(qr.create_threads(sess, coord=coord, daemon=True, start=True))'''))
    result = rewrite(source, to="tfdata")
    assert "Dataset" in result.code and "string_input_producer(" not in result.code


def _tree(tmp_path, train: str, reader_imports_inputs: bool = True) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "inputs.py").write_text(PIPELINE.format(imports="import tensorflow.compat.v1 as tf",
                                                                v1="tf"))
    (tmp_path / "train.py").write_text(textwrap.dedent(train))


TRAIN = '''\
    import tensorflow.compat.v1 as tf
    {import_line}


    def main(path):
        {batch_line}
        with tf.Session() as sess:
            tf.train.start_queue_runners(sess)
            size = sess.run(tf.get_collection(tf.GraphKeys.QUEUE_RUNNERS)[0].queue.size())
            return sess.run(batch), size
    '''


@pytest.mark.parametrize("import_line, batch_line", [
    ("from pkg.inputs import batches", "batch = batches(path)"),
    ("import pkg.inputs as inputs", "batch = inputs.batches(path)"),
], ids=["from-import", "module-alias"])
def test_in_a_tree_the_modules_a_reading_module_imports_keep_their_queues(tmp_path, import_line, batch_line):
    _tree(tmp_path, TRAIN.format(import_line=import_line, batch_line=batch_line))
    results = dict(rewrite_files(python_files([str(tmp_path)]), "tfdata"))
    inputs = results[str(tmp_path / "pkg" / "inputs.py")]
    assert not inputs.changed  # the pipeline whose runner train.py reads stays a queue pipeline
    assert any("train.py:9" in n.message for n in inputs.refused)
    findings = [f for f in scan(tmp_path).findings if f.path.endswith("inputs.py") and f.api.endswith("batch")]
    assert findings and all(f.tfdata.startswith("left: the program reads the graph's queue runners")
                            for f in findings)  # and scan says so


def test_a_module_that_does_not_import_the_reader_of_the_collection_is_still_rewritten(tmp_path):
    _tree(tmp_path, TRAIN.format(import_line="", batch_line="batch = tf.constant([1])"))
    results = dict(rewrite_files(python_files([str(tmp_path)]), "tfdata"))
    assert "Dataset" in results[str(tmp_path / "pkg" / "inputs.py")].code
