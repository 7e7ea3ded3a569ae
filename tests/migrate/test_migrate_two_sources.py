"""A batch whose tensors come from two sources read in step (``x = producer_x.dequeue()`` and ``y =
producer_y.dequeue()`` batched together: legacy's enqueue ran both dequeues) becomes a zip of the two
pipelines where legacy paired them (``in_step.py``, ``test_migrate_in_step.py``), and is otherwise left with its
reason, never rewritten into a map function that captures the other source's read (tf.data refuses that at
run time: "Cannot capture a stateful node by value"). Found by held-out round 6."""

from __future__ import annotations

import textwrap

import pytest

from tfdata_bridge.migrate import rewrite

TWO_PRODUCERS = textwrap.dedent('''\
    {imports}

    def batches(xs, ys, batch_size):
        x = {v1}.train.input_producer({v1}.constant(xs), num_epochs=1, shuffle=False)
        y = {v1}.train.input_producer({v1}.constant(ys), num_epochs=1, shuffle=False)
        x = x.dequeue()
        {y_line}
        return {v1}.train.batch([x, y], batch_size=batch_size)
    ''')

VARIANTS = {
    "tf1 alias": ("import tensorflow.compat.v1 as tf", "tf", "y = y.dequeue()"),
    "tf2 with compat.v1 calls": ("import tensorflow as tf", "tf.compat.v1", "y = y.dequeue()"),
}


@pytest.mark.parametrize("imports, v1, y_line", VARIANTS.values(), ids=list(VARIANTS))
def test_a_batch_over_two_producers_read_in_step_becomes_a_zip(imports, v1, y_line):
    source = TWO_PRODUCERS.format(imports=imports, v1=v1, y_line=y_line)
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    assert f"{v1}.data.Dataset.zip((x_elements, y_elements))" in result.code
    assert "def make_element" not in result.code and ".dequeue()" not in result.code


def test_a_read_scaled_in_its_own_statement_is_left_with_its_reason():
    source = TWO_PRODUCERS.format(imports="import tensorflow.compat.v1 as tf", v1="tf", y_line="y = y.dequeue() * 2")
    result = rewrite(source, to="tfdata")
    reasons = " | ".join(n.message for n in result.refused)
    assert "another queue's `dequeue()`" in reasons, result.notes
    assert "def make_element" not in result.code and ".batch([x, y]" in result.code


def test_a_reader_batched_with_another_producers_read_becomes_a_zip_too():
    source = textwrap.dedent('''\
        import tensorflow.compat.v1 as tf

        def batches(files, labels):
            label = tf.train.input_producer(tf.constant(labels), num_epochs=1, shuffle=False).dequeue()
            queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
            _, value = tf.TFRecordReader().read(queue)
            return tf.train.batch([value, label], batch_size=4)
        ''')
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    assert "tf.data.Dataset.zip((label_elements, value_elements))" in result.code
    assert "TFRecordDataset" in result.code


def test_a_value_made_before_the_source_is_still_captured():
    source = textwrap.dedent('''\
        import tensorflow.compat.v1 as tf

        def batches(files):
            scale = tf.constant(2.0)
            queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
            _, value = tf.TFRecordReader().read(queue)
            x = tf.strings.to_number(value) * scale
            return tf.train.batch([x], batch_size=4)
        ''')
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    assert "TFRecordDataset" in result.code


def test_with_fallback_compat_the_file_runs_through_the_drop_in():
    result = rewrite(TWO_PRODUCERS.format(imports="import tensorflow.compat.v1 as tf", v1="tf",
                                          y_line="y = y.dequeue() * 2"), to="tfdata", fallback="compat")
    assert "tfdata_bridge.compat.v1" in result.code
