"""A file migrated alone whose pipeline code calls a function of another module of the project (code the rewrite
of one file does not read, which may start queue runners of its own) keeps its queue-runner plumbing, with a note
saying to migrate the folder as one tree: with the plumbing gone, the other module's runner would never start and
the program would wait forever (round 68's shuffle-stage helper, migrated as one file)."""

from __future__ import annotations

import pathlib
import shutil

import pytest

from both_ways import assert_delivers_the_same, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "unseen_programs"

PIPELINE = '''
import tensorflow.compat.v1 as tf
IMPORTS


def main(path):
    q = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(q)
    a, b = tf.decode_csv(line, record_defaults=[[0], [0]])
    CALL
    batch = tf.train.batch([a, b], batch_size=2)
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        out = sess.run(batch)
        coord.request_stop()
        coord.join(threads)
    return out
'''


def _rewrite(imports: str, call: str):
    from tfdata_bridge.migrate import rewrite

    return rewrite(PIPELINE.replace("IMPORTS", imports).replace("CALL", call), to="tfdata")


@pytest.mark.parametrize("imports, call", [
    ("from project_lib import stages", "a, b = stages.shuffle([a, b])"),
    ("import project_lib.stages as stages", "a, b = stages.shuffle([a, b])"),
    ("from .stages import shuffle", "a, b = shuffle([a, b])"),
    ("from project_lib.model import inference", "logits = inference(tf.zeros([2]))"),
])
def test_a_call_of_unseen_project_code_keeps_the_plumbing(imports, call):
    result = _rewrite(imports, call)
    assert "start_queue_runners" in result.code and "tf.train.Coordinator()" in result.code
    assert "tf.data." in result.code  # the module's own pipeline is still rewritten
    kept = [n.message for n in result.notes if "queue-runner plumbing left" in n.message]
    assert kept and "migrate the folder as one tree" in kept[0] and "(...)` runs code of `" in kept[0], result.notes


@pytest.mark.parametrize("imports, call", [
    ("import numpy as np", "c = np.int32(3)"),
    ("import os.path", "c = os.path.join('a', 'b')"),
    ("import logging", "logging.info('reading')"),
    ("from tensorflow.compat.v1 import train", "c = train.get_global_step()"),
    ("", "c = 1"),
])
def test_library_calls_leave_the_plumbing_to_go(imports, call):
    result = _rewrite(imports, call)
    assert "start_queue_runners" not in result.code, result.code
    assert not any("plumbing left" in n.message for n in result.notes)


def test_an_unseen_call_in_a_function_with_no_queue_code_changes_nothing():
    source = PIPELINE.replace("IMPORTS", "from project_lib import plots").replace("CALL", "pass") + \
        "\n\ndef show(rows):\n    plots.draw(rows)\n"
    from tfdata_bridge.migrate import rewrite

    assert "start_queue_runners" not in rewrite(source, to="tfdata").code


@pytest.mark.timeout(300)
def test_the_program_migrated_alone_ends_with_its_originals_rows(tmp_path):
    """Migrated as one file (the helper's module copied beside it unchanged, as it would be), the program runs to
    its end with legacy's rows (a bounded wait: a program left waiting fails the call, it does not hang the run)."""
    from tfdata_bridge._src.migrate.rewriting import rewrite_file

    original, migrated = tmp_path / "original", tmp_path / "migrated"
    shutil.copytree(PROGRAMS, original, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(PROGRAMS, migrated, ignore=shutil.ignore_patterns("__pycache__"))
    program = migrated / "csv_rows_through_a_project_stage.py"
    result = rewrite_file(str(program), to="tfdata", write=True)
    assert "tf.data." in result.code and "start_queue_runners" in result.code
    pairs = {"csv_rows_through_a_project_stage": (original / program.name, program)}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data", timeout=120).items():
        assert_delivers_the_same(name, want, got, "multiset", end=None)
