"""Producer flags that are expressions (``shuffle=training``, ``shuffle=FLAGS.shuffle``, ``num_epochs=None if
training else 1``): the rewrite keeps the expression, read once (``if <flag>:`` around the shuffle step,
``repeat(<expr>)``), also for a producer dequeued directly, and refuses where a name of the expression is
assigned again between the producer and the place the rewrite would read it. Run against legacy in
``test_migrate_sources_programs.py`` (``flag_programs/``)."""

from __future__ import annotations

import textwrap

import pytest

from tfdata_bridge.migrate import rewrite

DIRECT = textwrap.dedent('''\
    {imports}

    def ids(limit, training):
        batch_id = {producer}(limit, shuffle={flag}, seed=0, num_epochs=None if training else 1).dequeue()
        return batch_id * 2
    ''')

FORMS = {
    "parameter, compat.v1 alias": ("import tensorflow.compat.v1 as tf", "tf.train.range_input_producer", "training"),
    "attribute, train imported": ("from tensorflow.compat.v1 import train", "train.range_input_producer",
                                  "FLAGS.shuffle"),
    "call, private module": ("from tensorflow.python.training import input as tf_input",
                             "tf_input.range_input_producer", "is_training()"),
}


@pytest.mark.parametrize("imports, producer, flag", FORMS.values(), ids=list(FORMS))
def test_a_directly_dequeued_producer_keeps_its_shuffle_flag(imports, producer, flag):
    result = rewrite(DIRECT.format(imports=imports, producer=producer, flag=flag), to="tfdata")
    assert not result.refused, result.notes
    code = result.code
    assert code.count(f"if {flag}:\n") == 1 and "shuffle(" in code.split(f"if {flag}:\n")[1].split("\n")[0], code
    assert ".repeat(None if training else 1)" in code
    assert "seed=0" in code and ".dequeue()" not in code


def test_a_flag_assigned_again_before_the_read_is_refused():
    source = textwrap.dedent('''\
        import tensorflow.compat.v1 as tf

        def rows(table, training):
            producer = tf.train.input_producer(table, shuffle=training)
            training = False
            row = producer.dequeue()
            return tf.train.batch([row], batch_size=4)

        def ids(limit, training):
            producer = tf.train.range_input_producer(limit, shuffle=training)
            training = not training
            batch_id = producer.dequeue()
            return batch_id
        ''')
    result = rewrite(source, to="tfdata")
    reasons = [n.message for n in result.refused]
    assert sum("`training` in an argument of" in r and "assigned again" in r for r in reasons) >= 2, reasons
    assert not [n for n in result.notes if n.kind == "info"], result.notes
    assert result.code.count("_producer(") == 2
