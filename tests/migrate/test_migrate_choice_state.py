"""A choice of batches next to Python state (issue 17, the choice-tails bug): ``flip = not flip`` between the
read and the batch was copied into each branch's element function, where it raised ``UnboundLocalError``; the
same statement before a choice made the moved per-element ``if flip:`` read the flipped value (other data).

Legacy ran such a statement once, while it built the graph. Each form is refused naming the statement (a branch
rebinding a value it reads, a tuple or augmented assignment, a name made in a branch and read after the choice,
a test's name rebound before the batch), in a function, a method and a helper, in three import styles. What is
still rewritten (the rebinding after the batch, a rebound name the moved code does not read, a constant the map
function gets its own copy of) runs against its original under ``tensorflow.compat.v1`` in one child, exactly.
"""

from __future__ import annotations

import textwrap

import pytest
from both_ways import assert_delivers_the_same, run_both_ways, write_pair

from tfdata_bridge.migrate import rewrite

IMPORTS = [  # (import line, the prefix of tf.compat.v1 APIs)
    pytest.param("import tensorflow.compat.v1 as tf", "tf", id="compat-v1"),
    pytest.param("import tensorflow as tf", "tf.compat.v1", id="tf2-compat"),
    pytest.param("from tensorflow.compat import v1 as tfv1", "tfv1", id="from-compat"),
]

# the pipeline's head, then a FORM; ``flip`` and ``n`` are Python values (parameters or attributes)
HEAD = '''\
    queue = {v1}.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, serialized = {v1}.TFRecordReader().read(queue)
    x = {v1}.parse_single_example(serialized, {{"x": {v1}.FixedLenFeature([3], {v1}.float32)}})["x"]
'''
PLACES = {
    "function": "def inputs(files, flip, n=0):\n{body}",
    "method": ("class Inputs(object):\n    def __init__(self, flip):\n        self.flip = flip\n\n"
               "    def batches(self, files, n=0):\n        flip = self.flip\n{body}"),
    # the reader in a helper given the file queue, the choice in its caller
    "helper": ("def _read(filename_queue):\n{read}    return x\n\n\ndef inputs(files, flip, n=0):\n"
               "    queue = {v1}.train.string_input_producer(files, num_epochs=1, shuffle=False)\n"
               "    x = _read(queue)\n{tail}"),
}
TWO = ("ys = {v1}.train.shuffle_batch([y], 2, capacity=10, min_after_dequeue=2)",
       "ys = {v1}.train.batch([y], 3)")
# (the form after the head, the refusal it must give)
REFUSED = {
    "rebind-in-branch": ('''\
    if flip:
        y = x * 2.0
        flip = not flip
        {one}
    else:
        y = x + 1.0
        {two}
    return ys
''', "`flip = not flip` in a branch of the choice of batches rebinds `flip`, a value the branch reads"),
    "tuple-in-branch": ('''\
    if flip:
        y, flip = x * 2.0, not flip
        {one}
    else:
        y = x + 1.0
        {two}
    return ys
''', "`y, flip = x * 2.0, not flip` in a branch of the choice of batches rebinds `flip`"),
    "counter-in-branch": ('''\
    if flip:
        y = x * 2.0
        n = n + 1
        {one}
    else:
        y = x + 1.0
        {two}
    return ys, n
''', "`n = n + 1` in a branch of the choice of batches rebinds `n`"),
    "made-in-branch-read-after": ('''\
    if flip:
        y = x * 2.0
        {one}
    else:
        y = x + 1.0
        {two}
    return ys, y
''', "`y`, made by `y = x * 2.0` in a branch of the choice of batches, is read after the choice"),
    "rebind-after-if": ('''\
    if flip:
        y = x * 2.0
    else:
        y = x + 1.0
    flip = not flip
    return {v1}.train.batch([y], 2)
''', "`flip`, read by the `if` that chooses the batched names, is assigned again before the batch"),
    "tuple-after-if": ('''\
    if flip:
        y = x * 2.0
    else:
        y = x + 1.0
    flip, n = not flip, n + 1
    return {v1}.train.batch([y], 2)
''', "`flip`, read by the `if` that chooses the batched names, is assigned again before the batch"),
    "augmented-after-if": ('''\
    if n:
        y = x * 2.0
    else:
        y = x + 1.0
    n += 1
    return {v1}.train.batch([y], 2)
''', "`n`, read by the `if` that chooses the batched names, is assigned again before the batch"),
    "rebind-before-choice": ('''\
    if flip:
        y = x * 2.0
    else:
        y = x + 1.0
    flip = not flip
    if flip:
        {one}
    else:
        {two}
    return ys
''', "`flip`, read by the `if` that chooses the batched names, is assigned again before the batch"),
}

# with the reader in a helper, the producer and the read go into both branches (``tail_split.py``): each path is
# a pipeline of its own and the rebinding stays a statement of the function, before it (the helper-after-if runs)
SPLIT = {("helper", "rebind-after-if"): "flip = not flip", ("helper", "tuple-after-if"): "flip, n = not flip, n + 1",
         ("helper", "augmented-after-if"): "n += 1"}


def _program(imports: str, v1: str, place: str, form: str) -> str:
    one, two = (t.format(v1=v1) for t in TWO)
    tail = textwrap.dedent(form).format(v1=v1, one="{one}", two="{two}")
    tail = textwrap.indent(tail, "    ").replace("{one}", one).replace("{two}", two)
    head = textwrap.indent(textwrap.dedent(HEAD.format(v1=v1)), "    ")
    if place == "method":
        body = textwrap.indent(head + tail, "    ")
        return f"{imports}\n\n\n" + PLACES[place].format(body=body)
    if place == "helper":
        read = head.replace("queue", "filename_queue").split("\n", 1)[1]
        return f"{imports}\n\n\n" + PLACES[place].format(read=read, tail=tail, v1=v1)
    return f"{imports}\n\n\n" + PLACES[place].format(body=head + tail)


@pytest.mark.timeout(120)
@pytest.mark.parametrize("place", sorted(PLACES))
@pytest.mark.parametrize("form", sorted(REFUSED))
@pytest.mark.parametrize("imports, v1", IMPORTS)
def test_state_the_rewrite_would_move_into_an_element_function_is_refused_naming_it(imports, v1, form, place):
    source = _program(imports, v1, place, REFUSED[form][0])
    compile(source, "<program>", "exec")
    result = rewrite(source, to="tfdata")
    if (place, form) in SPLIT:  # each branch a pipeline of its own: the statement stays beside the element code
        assert not result.refused, result.notes
        assert result.code.count(SPLIT[place, form]) == 2 and result.code.count("def parse_record") == 2
        for fn in result.code.split("def parse_record")[1:]:
            assert SPLIT[place, form] not in fn.split("return", 1)[0], result.code
        return  # (run both ways in ``KEPT``)
    assert result.code == source, result.code  # never a program that breaks or delivers other data
    reasons = " | ".join(n.message for n in result.refused)
    assert REFUSED[form][1] in reasons, reasons


# -- what is still rewritten, run both ways ---------------------------------------------------------------------------
RUNS = '''\
{imports}
import os


{pipeline}


def _drain(sess, fetch):
    out = []
    try:
        while True:
            out.append(sess.run(fetch).tolist())
    except {v1}.errors.OutOfRangeError:
        return out, "OutOfRangeError"


def main(data_dir):
    files = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(2)]
    one, two = {make}
    with {v1}.Session() as sess:
        sess.run({v1}.local_variables_initializer())
        coord = {v1}.train.Coordinator()
        threads = {v1}.train.start_queue_runners(sess=sess, coord=coord)
        first, end = _drain(sess, one)
        second, end2 = _drain(sess, two)
        coord.request_stop()
        coord.join(threads)
    return {{"batches": first + second, "end": end if end == end2 else None}}
'''
KEPT = {
    # the fix the refusal names: the rebinding after the batch
    "rebind-after-the-choice": ("import tensorflow.compat.v1 as tf", "tf", "function", '''\
    if flip:
        y = x * 2.0
        ys = {v1}.train.batch([y], 2)
    else:
        y = x + 1.0
        ys = {v1}.train.batch([y], 3)
    flip = not flip
    return ys
''', "inputs(files, True), inputs(files, False)"),
    # rebound after the per-element ``if``, but nothing the moved code reads
    "counter-nobody-reads": ("import tensorflow as tf", "tf.compat.v1", "method", '''\
    if flip:
        y = x * 2.0
    else:
        y = x + 1.0
    n += 1
    return {v1}.train.batch([y], 2)
''', "Inputs(True).batches(files), Inputs(False).batches(files)"),
    # a constant rebound after the moved code: the map function keeps its own copy of the first value
    "constant-rebound": ("from tensorflow.compat import v1 as tfv1", "tfv1", "function", '''\
    scale = 2.0
    if flip:
        y = x * scale
    else:
        y = x + scale
    scale = 3.0
    return {v1}.train.batch([y], 3)
''', "inputs(files, True), inputs(files, False)"),
    # a constant a branch binds and reads (nothing outside reads it): its function's own, as before
    "constant-in-branch": ("import tensorflow.compat.v1 as tf", "tf", "method", '''\
    if flip:
        k = 2.0
        y = x * k
        ys = {v1}.train.batch([y], 2)
    else:
        y = x + 1.0
        ys = {v1}.train.batch([y], 3)
    return ys
''', "Inputs(True).batches(files), Inputs(False).batches(files)"),
    # the reader in a helper: split into two pipelines, the rebinding beside them
    "helper-rebind-after-if": ("import tensorflow.compat.v1 as tf", "tf", "helper", REFUSED["rebind-after-if"][0],
                               "inputs(files, True), inputs(files, False)"),
    "helper-augmented-after-if": ("import tensorflow as tf", "tf.compat.v1", "helper",
                                  REFUSED["augmented-after-if"][0], "inputs(files, True, 0), inputs(files, True, 1)"),
}


@pytest.mark.timeout(400)
def test_what_is_still_rewritten_delivers_what_legacy_does(tmp_path):
    pairs = {}
    for name, (imports, v1, place, form, make) in KEPT.items():
        pipeline = _program("", v1, place, form).strip("\n")
        source = RUNS.format(imports=imports, v1=v1, pipeline=pipeline, make=make)
        result = rewrite(source, to="tfdata")
        assert not result.refused, (name, result.notes)
        assert "queue_runners(" not in result.code.replace("start_queue_runners(sess=sess", ""), name
        pairs[name] = write_pair(tmp_path, name, source, result.code)
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data", timeout=380).items():
        assert_delivers_the_same(name, want, got, "exact")
