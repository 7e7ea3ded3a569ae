"""Sources read in step (``in_step.py``): a batch over the dequeues of two or more producers, slice producers or
readers becomes a zip of their datasets where legacy paired element i with element i (one batch thread, every
source unshuffled), and keeps its refusal, with the reason, where it did not. The programs of
``in_step_programs/`` run against their originals in ``test_migrate_sources_programs.py``."""

from __future__ import annotations

import textwrap

import pytest

from tfdata_bridge.migrate import rewrite

TWO = textwrap.dedent('''\
    import tensorflow.compat.v1 as tf

    def batches(xs, ys):
        x = tf.train.input_producer(tf.constant(xs), num_epochs=1, {x_flags}).dequeue()
        y = tf.train.input_producer(tf.constant(ys), num_epochs=1, {y_flags}).dequeue()
        return tf.train.batch([x, y], batch_size=4{batch_flags})
    ''')

REFUSED = {
    "a producer that shuffles": ("shuffle=True", "shuffle=False", "", "shuffle=True"),
    "a producer shuffling by default": ("seed=3", "shuffle=False", "", "shuffles by default"),
    "a shuffle flag": ("shuffle=training", "shuffle=training", "", "shuffle=training"),
}


@pytest.mark.parametrize("x_flags, y_flags, batch_flags, reason", REFUSED.values(), ids=list(REFUSED))
def test_sources_legacy_did_not_pair_keep_their_refusal(x_flags, y_flags, batch_flags, reason):
    result = rewrite(TWO.format(x_flags=x_flags, y_flags=y_flags, batch_flags=batch_flags), to="tfdata")
    reasons = " | ".join(n.message for n in result.refused)
    assert "sources in step" in reasons and reason in reasons, result.notes
    assert "Dataset.zip" not in result.code and ".batch([x, y]" in result.code


def test_several_batch_threads_are_zipped_saying_legacy_s_pairing_was_a_race():
    # legacy mispaired 2-19 of 400 elements with num_threads=4; what it promises is each source's elements once
    # each, one per source in a row, which the zip keeps (in_step.py)
    result = rewrite(TWO.format(x_flags="shuffle=False", y_flags="shuffle=False", batch_flags=", num_threads=4"),
                     to="tfdata")
    assert not result.refused and "Dataset.zip((x_elements, y_elements))" in result.code, result.notes
    assert any("with num_threads=4 legacy's threads each dequeue" in n.message for n in result.notes), result.notes


def test_one_thread_written_as_a_literal_is_zipped():
    result = rewrite(TWO.format(x_flags="shuffle=False", y_flags="shuffle=False", batch_flags=", num_threads=1"),
                     to="tfdata")
    assert not result.refused, result.notes
    assert "Dataset.zip((x_elements, y_elements))" in result.code


def test_a_read_nested_in_an_expression_is_zipped_not_half_rewritten():
    # (the first producer's dequeue used to be rewritten alone beside the batch left: a half rewrite pairing
    # other rows; it stays with its batch now, and the form reading the nested dequeue first is zipped)
    source = TWO.format(x_flags="shuffle=False", y_flags="shuffle=False", batch_flags="").replace(
        ".dequeue()\n    return", ".dequeue() * 2\n    return")
    result = rewrite(source, to="tfdata")
    assert not result.refused and "Dataset.zip((x_elements, " in result.code, result.notes
    assert "input_producer(" not in result.code.split('"""')[-1], result.code
