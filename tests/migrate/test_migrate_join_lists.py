"""Joins over lists that one function of the module makes each, a whole pipeline per list (``join_lists.py``):
the function returns its list's dataset and the join chooses from them in turn; refused, with the reason, where
the function or the list is used otherwise or a list's elements do not come one sequence per list. The lists
may be a comprehension or a list filled by one loop. Run against
legacy in ``test_migrate_sources_programs.py`` (``list_join_programs/``)."""

from __future__ import annotations

import textwrap

import pytest

from tfdata_bridge.migrate import rewrite, scan_source

PROGRAM = textwrap.dedent('''\
    import tensorflow.compat.v1 as tf

    def rows(xs):
        x = tf.train.input_producer(tf.constant(xs), num_epochs=1, shuffle=False).dequeue()
        return {{"x": x * 2}}

    def batches(tables):
        lists = [rows(t) for t in tables]
        {extra}
        return tf.train.batch_join(lists, batch_size=4)
    ''')


def test_the_function_returns_a_dataset_and_the_join_chooses():
    result = rewrite(PROGRAM.format(extra="n = len(lists)"), to="tfdata")
    assert not result.refused, result.notes
    assert "return dataset" in result.code and "n = len(lists)" in result.code
    assert "choose_from_datasets(\n        lists, tf.data.Dataset.range(len(lists)).repeat(), " \
        "stop_on_empty_dataset=False)" in result.code
    assert ".unbatch()" not in result.code and not scan_source(result.code)


REFUSED = {
    # (a call made only sometimes: ``extra = rows([1.0])``, alone or inside a list, is inlined,
    # ``inline_sources.py``, and then read directly)
    "the function called elsewhere": ("extra = rows([1.0]) if tables else None",
                                      "`rows` is also called beyond the join's list"),
    "the list read otherwise": ("first = lists[0]", "the list `lists` is used beyond the join"),
}


@pytest.mark.parametrize("extra, reason", REFUSED.values(), ids=list(REFUSED))
def test_a_function_or_list_used_otherwise_is_refused(extra, reason):
    result = rewrite(PROGRAM.format(extra=extra), to="tfdata")
    reasons = " | ".join(n.message for n in result.refused)
    assert reason in reasons, result.notes
    assert "batch_join(lists" in result.code and "choose_from_datasets" not in result.code


def test_a_zero_input_py_func_per_list_is_refused():
    source = textwrap.dedent('''\
        import tensorflow.compat.v1 as tf

        def sample():
            return 1.0

        def one_list(_):
            value = tf.py_func(sample, [], tf.float32)
            return [value]

        def batches():
            return tf.train.batch_join([one_list(i) for i in range(3)], batch_size=4)
        ''')
    result = rewrite(source, to="tfdata")
    reasons = " | ".join(n.message for n in result.refused)
    assert "zero-input py_func" in reasons, result.notes
    assert "choose_from_datasets" not in result.code


def test_lists_filled_by_a_loop_are_chosen_from_too():
    source = textwrap.dedent('''\
        import tensorflow.compat.v1 as tf

        def rows(xs):
            x = tf.train.input_producer(tf.constant(xs), num_epochs=1, shuffle=False).dequeue()
            return [x]

        def batches(tables):
            lists = []
            for t in tables:
                lists.append(rows(t))
            return tf.train.batch_join(lists, batch_size=4)

        def other(tables):
            lists = []
            for t in tables:
                lists.append(t)
            return lists
        ''')
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    assert "lists.append(rows(t))" in result.code and "choose_from_datasets(\n        lists," in result.code


def test_a_list_appended_to_elsewhere_is_refused():
    source = textwrap.dedent('''\
        import tensorflow.compat.v1 as tf

        def rows(xs):
            x = tf.train.input_producer(tf.constant(xs), num_epochs=1, shuffle=False).dequeue()
            return [x]

        def batches(tables, extra):
            lists = []
            for t in tables:
                lists.append(rows(t))
            lists.append(extra)
            return tf.train.batch_join(lists, batch_size=4)
        ''')
    result = rewrite(source, to="tfdata")
    assert any("used beyond the join" in n.message for n in result.refused), result.notes
    assert "choose_from_datasets" not in result.code


def test_scan_says_what_migrate_does_at_the_join():
    rewritten = scan_source(PROGRAM.format(extra="pass"), outcomes=True)
    refused = scan_source(PROGRAM.format(extra="first = lists[0]"), outcomes=True)
    join = [f for f in rewritten if f.api.endswith("batch_join")]
    left = [f for f in refused if f.api.endswith("batch_join")]
    assert join and join[0].tfdata.startswith("rewritten"), join
    assert left and "used beyond the join" in left[0].tfdata, left
