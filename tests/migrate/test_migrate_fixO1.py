"""A queue or input producer shown only by debugging output (``print(q)``, ``print(f"{q}")``, ``print("q", q,
sep=...)``, ``logging.info("%s", q)``, ``logger.info``, ``tf.logging.info(q)``) is not one of its uses
(``printed_queues.py``): the pipeline is rewritten and the call kept with the dataset, the iterator or a string in
the queue's place, with a note. The programs of ``fixO1_programs/`` (a reader's filename queue printed before the
read, a hand-built FIFOQueue with its QueueRunner printed in a class method, a range producer printed after its
dequeue in a helper) are migrated as one tree and run against their originals. Real uses (a size, a close, the
queue handed to a function, ``tf.print``) still leave the pipeline, the print given back as it was."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixO1_programs"


@pytest.mark.timeout(300)
def test_a_queue_shown_only_by_debugging_output_is_rewritten(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    assert len(code) == 3
    lines = code["printed_filename_queue_text_lines.py"]
    assert 'print("queue", \'<tf.data pipeline in place of the queue filename_queue>\', sep=": ")' in lines, lines
    assert "log.info(\"reading from %s\", '<tf.data pipeline" in lines, lines
    fifo = code["printed_fifo_runner_in_method.py"]
    assert "print(f\"queue: {'<tf.data pipeline in place of the queue queue>'}\")" in fifo, fifo
    assert "tf.logging.info('<tf.data pipeline" in fifo, fifo
    helper = code["producer_printed_after_dequeue_helper.py"]
    assert "logging.info(\"%s\", index)" in helper and "print(index)" in helper, helper  # (bound before: its iterator's)
    pairs = {p.stem: (p, migrated / p.name) for p in sorted(original.glob("*.py"))}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end="OutOfRangeError")


LEFT = '''import tensorflow.compat.v1 as tf


def main(files, keep):
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    print(filename_queue)
    {use}
    _, line = tf.TextLineReader().read(filename_queue)
    return tf.train.batch([line], batch_size=2)
'''


@pytest.mark.parametrize("use", ["n = filename_queue.size()", "keep(filename_queue)", "keep.queue = filename_queue",
                                 "tf.print(filename_queue)"])
def test_a_real_use_still_leaves_the_queue_and_its_print(use):
    from tfdata_bridge._src.migrate.rewriting import rewrite

    source = LEFT.replace("{use}", use)
    result = rewrite(source, to="tfdata")
    assert result.source == source
    assert "    print(filename_queue)\n" in result.code and "string_input_producer" in result.code, result.code
    assert "__tfdata_bridge_printed" not in result.code
    assert result.refused, result.notes


def test_only_debugging_calls_of_a_queue_name_are_marked():
    from tfdata_bridge._src.migrate.printed_queues import mark_printed_queues

    text = ('import tensorflow as tf\nimport logging\n\ndef f(q):\n    print(q)\n\n'
            'def g():\n    q = tf.queue.FIFOQueue(3, [tf.int32])\n    tf.print(q)\n    print(q.name)\n'
            '    logging.info(q)\n    return q\n')
    marked, marks = mark_printed_queues(text)
    assert [name for name, _ in marks.values()] == ["q"]  # (the parameter is no queue made here; tf.print a graph op)
    assert "    print(q)\n" in marked and "tf.print(q)" in marked and "print(q.name)" in marked
    assert 'logging.info("__tfdata_bridge_printed_0__")' in marked
    assert mark_printed_queues("x = 1\nprint(x)\n") == ("x = 1\nprint(x)\n", {})
