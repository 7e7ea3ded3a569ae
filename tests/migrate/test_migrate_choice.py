"""A batch chosen in place by a flag (``choice.py``): both branches of an ``if shuffle:`` / ``else:`` or of a
conditional expression batch the same tensors. The pipeline up to the batch is made once and the flag stays a
choice between two batch chains. Before, each branch was refused on its own ("no input producer ... feeds this
`train.shuffle_batch`" or "`features` is also used outside the pipeline").

The programs in ``choice_programs/`` take each form in another import style and source (a census ``input_fn``
over ``read_up_to`` rows, a ``mode == TRAIN`` conditional expression, a flag from a params dict with returned
keyword batches, a class attribute over fixed-length records); each runs both branches (an ordered eval pass
and a shuffled train pass) against its original under ``tensorflow.compat.v1``.
"""

from __future__ import annotations

import pathlib
import textwrap

import pytest

from both_ways import rewrites_once
from tfdata_bridge.migrate import rewrite, scan_source


@pytest.fixture(scope="module", autouse=True)
def _rewrite_once():
    """A text test rewrites its program and then asks scan's MIGRATE column of the same text, which rewrites it
    again: the second is the first's result (``both_ways.rewrites_once``)."""
    with rewrites_once():
        yield


PROGRAMS = pathlib.Path(__file__).resolve().parent / "choice_programs"
NAMES = sorted(p.stem for p in PROGRAMS.glob("*.py"))
CONDITIONS = {"census": "if shuffle:", "modes": "if mode == TRAIN:", "params": "if params['shuffle']:",
              "klass": "if self.is_training:"}
# the source chosen before the batch (``tail_split.py``)
SPLIT = {"flags_files": "if flags.shuffle_files:", "method_flag": "if self.is_training():",
         "prefetch_inline": "if is_training:"}


def _source(name: str) -> str:
    return (PROGRAMS / f"{name}.py").read_text()


@pytest.mark.parametrize("name", sorted(CONDITIONS))
def test_the_flag_stays_a_choice_between_two_batch_chains_over_one_dataset(name):
    result = rewrite(_source(name), to="tfdata")
    assert not result.refused, result.notes
    code = result.code
    assert "shuffle_batch(" not in code and "train.batch(" not in code and "queue_runners" not in code
    assert code.count(CONDITIONS[name]) == 1
    assert code.count("make_one_shot_iterator(") == 2  # one iterator per branch, only the chosen one is made
    # the elements are made once, before the choice; each branch batches them its own way
    head, _, branches = code.partition(CONDITIONS[name])
    assert "dataset = (" in head and ".shuffle(" in branches and "else:" in branches
    assert branches.count(".batch(") == 2


@pytest.mark.parametrize("name", sorted(SPLIT))
def test_a_source_chosen_by_a_flag_becomes_a_chain_in_each_branch(name):
    source = _source(name)
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    code = result.code
    assert not scan_source(code), scan_source(code)
    assert code.count(SPLIT[name]) == 1 and code.count("make_one_shot_iterator(") == 2
    # the statements after the ``if`` went into both branches: no pipeline statement is left after it
    branches = code.split(SPLIT[name], 1)[1]
    assert branches.count("Dataset.from_tensor_slices(") == 2
    # the notes point at the original's lines
    lines = source.splitlines()
    for note in result.notes:
        if "rewritten to tf.data" in note.message:
            assert "(" in lines[note.line - 1], (note, lines[note.line - 1])


_SPLIT = textwrap.dedent('''\
    import tensorflow.compat.v1 as tf

    def inputs(files, is_training):
        if is_training:
            queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=True)
        else:
            queue = %s
        _, value = tf.TFRecordReader().read(queue)
        parsed = tf.parse_single_example(value, {"x": tf.FixedLenFeature([3], tf.float32)})
        return tf.train.batch([parsed["x"]], batch_size=2)%s
    ''')


@pytest.mark.parametrize("other, after", [
    # the other branch's source is no producer the recogniser knows: nothing is split, the program stays
    ("tf.FIFOQueue(4, [tf.string])", ""),
])
def test_a_split_that_leaves_a_branch_unrewritten_is_not_kept(other, after):
    source = _SPLIT % (other, after)
    result = rewrite(source, to="tfdata")
    assert result.code == source and result.refused
    assert all(n.line <= 10 for n in result.refused), result.notes


def test_an_if_without_else_or_that_returns_is_not_split():
    source = _SPLIT % ("tf.train.string_input_producer(files, num_epochs=1, shuffle=False)", "")
    no_else = source.replace("    else:\n        queue = tf.train.string_input_producer(files, num_epochs=1, "
                             "shuffle=False)\n", "")
    assert no_else != source and "else:" not in rewrite(no_else, to="tfdata").code
    returns = source.replace("shuffle=False)\n", "shuffle=False)\n        return None\n", 1)
    assert rewrite(returns, to="tfdata").refused


def test_a_script_without_functions_is_split_too():
    source = textwrap.dedent('''\
        import sys
        import tensorflow as tf
        v1 = tf.compat.v1

        files = sys.argv[1:]
        if "--train" in files:
            queue = v1.train.string_input_producer(files, num_epochs=1, shuffle=True)
        else:
            queue = v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
        _, value = v1.TFRecordReader().read(queue)
        parsed = v1.parse_single_example(value, {"x": v1.FixedLenFeature([3], tf.float32)})
        xs = v1.train.batch([parsed["x"]], batch_size=2)
        print(xs)
        ''')
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    assert result.code.count("make_one_shot_iterator(") == 2 and not scan_source(result.code)


def test_names_read_after_the_batch_keep_their_names_in_both_copies():
    source = _SPLIT % ("tf.train.string_input_producer(files, num_epochs=1, shuffle=False)", "")
    source = source.replace("    return tf.train.batch(", "    xs = tf.train.batch(") + "    return xs\n"
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    assert result.code.count("xs = ") == 2 and "xs_2" not in result.code


def test_the_scan_column_says_each_branch_is_rewritten():
    for name in NAMES:
        source = _source(name)
        for f in scan_source(source, outcomes=True):
            if f.api.endswith(("batch", "producer", "Reader")):
                assert f.tfdata == "rewritten into tf.data", (name, f)


_CHOICE = textwrap.dedent('''\
    import tensorflow.compat.v1 as tf

    def inputs(files, shuffle):
        queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        _, value = tf.TFRecordReader().read(queue)
        parsed = tf.parse_single_example(value, {"x": tf.FixedLenFeature([3], tf.float32),
                                                 "label": tf.FixedLenFeature([], tf.int64)})
        x, label = parsed["x"], parsed["label"]
        if shuffle:
            xs, labels = tf.train.shuffle_batch([x, label], batch_size=2, capacity=8, min_after_dequeue=2)
        else:
            %s
        return xs, labels
    ''')


@pytest.mark.parametrize("other, reason", [
    ("xs, labs = tf.train.batch([x, label], batch_size=2)", "assign their batches to different names"),
    ("xs, labels = tf.train.batch([x, label], batch_size=2, enqueue_many=True)", "enqueue_many=True and the other"),
    ("xs, labels = tf.train.batch_join([[x, label], [x, label]], batch_size=2)", "a choice between a join and a batch"),
])
def test_a_choice_it_cannot_keep_is_refused_with_the_reason_and_scan_says_so(other, reason):
    source = _CHOICE % other
    result = rewrite(source, to="tfdata")
    assert result.code == source
    assert any(reason in n.message for n in result.refused), result.notes
    outcomes = {f.line: f.tfdata for f in scan_source(source, outcomes=True)}
    assert reason in outcomes[10] and reason in outcomes[12], outcomes
    # the drop-in still runs it
    assert "tfdata_bridge.compat.v1" in rewrite(source, to="tfdata", fallback="compat").code


def test_branches_batching_different_tensors_each_map_their_own():
    # (run against legacy: ``test_migrate_branch_forms.py``'s programs batch a list of their own in each branch)
    result = rewrite(_CHOICE % "xs, labels = tf.train.batch([x, x], batch_size=2)", to="tfdata")
    assert not result.refused, result.notes
    assert "return x, label" in result.code and "return x, x" in result.code, result.code


def test_an_if_with_other_statements_in_a_branch_is_no_choice():
    # a branch that does more than batch is the per-batch pass's: refused there as before, nothing moves on a guess
    source = _CHOICE.replace("    if shuffle:\n", "    if shuffle:\n        tf.summary.scalar('x', x[0])\n") % (
        "xs, labels = tf.train.batch([x, label], batch_size=2)")
    result = rewrite(source, to="tfdata")
    assert result.refused and "shuffle_batch(" in result.code


SMALLER = '''\
import tensorflow.compat.v1 as tf


def rows(files, batch_size, training, cfg):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(queue)
    a, b = tf.decode_csv(line, [[0], [0.0]])
    return tf.train.batch([a, b], batch_size, allow_smaller_final_batch={flag})
'''


@pytest.mark.parametrize("flag, drop", [
    ("not training", "drop_remainder=training"),
    ("training", "drop_remainder=not training"),
    ("cfg.keep_short", "drop_remainder=not cfg.keep_short"),
    ("cfg.eval or not training", "drop_remainder=not (cfg.eval or not training)"),
    ("not (cfg.eval and training)", "drop_remainder=(cfg.eval and training)"),
    ("True", "drop_remainder=False"),
])
def test_a_short_batch_flag_that_is_no_literal_becomes_drop_remainder_of_the_same_expression(flag, drop):
    result = rewrite(SMALLER.format(flag=flag), to="tfdata")
    assert not result.refused, result.notes
    assert drop in result.code, result.code


_BATCH_OR_DIRECT = '''
import tensorflow.compat.v1 as tf


class Loader(object):
    def __init__(self, files, mode, batch_size):
        queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        _, line = tf.TextLineReader().read(queue)
        a, b, label = tf.decode_csv(line, [[0.0], [0.0], [0]])
        if mode == "train":
            self.a, self.b = tf.train.batch([a, b], batch_size)
        elif mode == "test":
            self.a = tf.stack([a, b])
'''


@pytest.mark.parametrize("old, new", [
    pytest.param("", "", id="elif-in-a-class"),
    pytest.param('        elif mode == "test":\n', "        else:\n", id="else"),
    pytest.param("tf.train.batch([a, b], batch_size)", "tf.train.shuffle_batch([a, b], batch_size, 50, 10)",
                 id="shuffle-batch"),
    pytest.param('        if mode == "train":\n            self.a, self.b = tf.train.batch([a, b], batch_size)\n'
                 '        elif mode == "test":\n            self.a = tf.stack([a, b])\n',
                 '        if mode != "train":\n            self.a = a * 2.0\n'
                 '        else:\n            self.a, self.b = tf.train.batch([a, b], batch_size)\n',
                 id="direct-read-first"),
])
def test_a_batch_in_one_branch_and_a_direct_read_in_the_other_is_rewritten_as_that_form(old, new):
    # (was refused with the form's reason; rewritten since round 12's monodepth loader: issue 17)
    source = _BATCH_OR_DIRECT.replace(old, new) if old else _BATCH_OR_DIRECT
    assert old == "" or old in _BATCH_OR_DIRECT
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    assert "Reader(" not in result.code and "train.batch(" not in result.code and "shuffle_batch(" not in result.code
    assert result.code.count("make_one_shot_iterator(") == 2, result.code
    sites = [f for f in scan_source(source, outcomes=True) if f.api.endswith("batch")]
    assert sites and all("rewritten" in f.tfdata for f in sites), [f.tfdata for f in sites]


def test_a_batch_with_no_source_anywhere_keeps_the_plain_reason():
    source = _BATCH_OR_DIRECT.replace('        queue = tf.train.string_input_producer(files, num_epochs=1, '
                                      'shuffle=False)\n        _, line = tf.TextLineReader().read(queue)\n',
                                      "        line = files[0]\n")
    assert "TextLineReader" not in source
    result = rewrite(source, to="tfdata")
    assert any("no input producer" in n.message for n in result.refused), result.notes


# a choice between a batched chain and the elements read one per run (``choice._batched_or_not``)
UNBATCHED = {"stereo_modes": ("if mode == 'train':", "left, right = tf.data.make_one_shot_iterator(dataset)"),
             "helper_modes": ("if is_training:", "x, label = tf.compat.v1.data.make_one_shot_iterator(dataset)"),
             "loader_elif": ("elif mode == 'train':",
                             "first, second = tf.compat.v1.data.make_one_shot_iterator(dataset)")}


@pytest.mark.parametrize("name", sorted(UNBATCHED))
def test_a_batch_in_one_branch_and_the_elements_in_the_other_become_two_chains_over_one_dataset(name):
    result = rewrite(_source(name), to="tfdata")
    assert not result.refused, result.notes
    code = result.code
    condition, element_read = UNBATCHED[name]
    assert "train.batch(" not in code and "queue_runners" not in code and "Reader(" not in code
    assert code.count(condition) == 1 and element_read in code
    assert code.count("make_one_shot_iterator(") == 2 and code.count(".batch(") == 1
    assert "the elements one per run" in " ".join(code.replace("#", " ").split())


@pytest.mark.parametrize("unbatched, reason", [
    # the unbatched branch reads a queue of its own: no choice of this form, the generic reasons stand
    ("        single = queue.dequeue()\n", "one branch"),
    # a branch that returns is no straight statement list
    ("        return x\n", "one branch"),
])
def test_an_unbatched_branch_it_cannot_keep_is_left_with_a_reason(unbatched, reason):
    source = textwrap.dedent('''\
        import tensorflow.compat.v1 as tf

        def make(files, training):
            queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
            _, value = tf.TextLineReader().read(queue)
            x = tf.strings.length(value)
            if training:
                xs = tf.train.batch([x], 4)
            else:
        ''') + unbatched + "    return xs\n"
    result = rewrite(source, to="tfdata")
    assert result.refused and "tf.data" not in result.code
    assert any(reason in n.message for n in result.notes), result.notes


def test_a_branch_batching_an_expression_of_the_elements_maps_it_where_the_other_branch_has_work_of_its_own():
    # (one branch's per-element statements made the elements the shared names; the other branch's
    # ``[x * 2.0]`` was batched as ``x`` before: its expression is now that branch's map)
    source = textwrap.dedent('''\
        import tensorflow.compat.v1 as tf

        def make(files, training):
            queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
            _, value = tf.TextLineReader().read(queue)
            x = tf.strings.to_number(value)
            if training:
                y = x + 1.0
                xs = tf.train.batch([y], 4)
            else:
                xs = tf.train.batch([x * 2.0], 4)
            return xs
        ''')
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    assert "return x * 2.0" in result.code and "return y" in result.code, result.code


def test_an_if_before_the_choice_binding_an_element_in_some_branches_only_is_refused_with_that_reason():
    # (monodepth's loader: the right image made only where stereo pairs are read; the batch reads it)
    source = textwrap.dedent('''\
        import tensorflow.compat.v1 as tf

        def load(files, mode, stereo):
            queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
            _, line = tf.TextLineReader().read(queue)
            parts = tf.string_split([line]).values
            if mode == "test" and not stereo:
                left = tf.strings.length(parts[0])
            else:
                left = tf.strings.length(parts[0])
                right = tf.strings.length(parts[1])
            if mode == "train":
                lefts, rights = tf.train.batch([left, right], 2)
            else:
                lefts, rights = tf.stack([left, left]), None
            return lefts, rights
        ''')
    result = rewrite(source, to="tfdata")
    assert result.code == source
    notes = [n.message for n in result.refused if "batch` pipeline left" in n.message]
    assert notes and "`right` is bound in only some branches of the `if`" in notes[0], result.notes
    assert 'not when `mode == "test" and not stereo`' in notes[0]
