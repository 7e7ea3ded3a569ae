"""A moved statement reads what it read where it stood (issue 17: migrate never gives different data).

``y = x * n`` between the read and the batch moves into the ``map`` function, which tf.data traces where the
batch was; a statement left in place that rebinds ``n`` in between (``n += 1.0``) made the rewrite run
``x * 2.0`` where legacy ran ``x * 1.0``, silently. Each such form (augmented, plain and tuple rebinding, a
moved statement rebinding what it reads, the producer's file list, an attribute ``self.scale``) is refused
naming the name, the rebinding line and the fix, in a function, a method and beside a reader helper of another
module, in three import styles. What is still rewritten (the rebinding after the batch, or before the moved
statement) runs against its original under ``tensorflow.compat.v1`` in one child, exactly.
"""

from __future__ import annotations

import textwrap

import pytest
from both_ways import assert_delivers_the_same, run_both_ways, write_pair

from tfdata_bridge._src.migrate.tree import rewrite_tree
from tfdata_bridge.migrate import rewrite

IMPORTS = [  # (import lines, the prefix of tf.compat.v1 APIs, the prefix of its ``train`` module)
    pytest.param("import tensorflow.compat.v1 as tf", "tf", "tf.train", id="compat-v1"),
    pytest.param("import tensorflow as tf", "tf", "tf.train", id="tf1-style"),
    pytest.param("import tensorflow.compat.v1 as tfv1\nfrom tensorflow.compat.v1 import train", "tfv1", "train",
                 id="from-train"),
]
READ = '''\
_, serialized = {v1}.TFRecordReader().read({queue})
x = {v1}.parse_single_example(serialized, {{"x": {v1}.FixedLenFeature([3], {v1}.float32)}})["x"]
'''
PRODUCER = "queue = {train}.string_input_producer(files, num_epochs=1, shuffle=False)\n"
# (the code after the read, the refusal it must give); ``n`` and ``m`` are the function's parameters
REFUSED = {
    "augmented": ("y = x * n\nn += 1.0\nreturn {train}.batch([y], 2)\n",
                  "`n`, read by `y = x * n` (line {line}), is assigned again on line {again}"),
    "reassigned": ("y = x + n\nz = y * 2.0\nn = n + 1\nreturn {train}.batch([z], 2)\n",
                   "`n`, read by `y = x + n` (line {line}), is assigned again on line {again}"),
    "tuple": ("y = x * n\nn, m = m, n\nreturn {train}.batch([y], 2)\n",
              "`n`, read by `y = x * n` (line {line}), is assigned again on line {again}"),
    "moved-rebinds-its-read": ("y, n = x * n, n + 1.0\nreturn {train}.batch([y], 2)\n",
                               "`n`, read by `y, n = x * n, n + 1.0` (line {line}), is bound by that statement "
                               "too"),
    "moved-swap": ("n, m = m, n\ny = x * n\nreturn {train}.batch([y], 2)\n",
                   "`m`, read by `n, m = m, n` (line {line}), is bound by that statement too"),
    "moved-rebinds-an-earlier-read": ("y = x * n\nn = y + 1.0\nreturn {train}.batch([n], 2)\n",
                                      "`n`, read by `y = x * n` (line {line}), is bound by `n = y + 1.0` (line "
                                      "{again}) too, which the rewrite moves with it"),
    "file-list": ("y = x * n\nfiles = files[:1]\nreturn {train}.batch([y], 2)\n",
                  "`files`, read by `queue = "),
}
FUNCTION = "def inputs(files, n=1.0, m=2.0):\n{body}"
METHOD = "class Inputs(object):\n    def batches(self, files, n=1.0, m=2.0):\n{body}"
RECORDS = "{imports}\n\n\ndef read_record(filename_queue):\n{read}    return x\n"
CALLER = "{imports}\nimport records\n\n\ndef inputs(files, n=1.0, m=2.0):\n{body}"
FIX = "move the rebinding after the batch"


def _body(tail: str, v1: str, train: str, helper: bool) -> str:
    read = "x = records.read_record(queue)\n" if helper else READ.format(v1=v1, queue="queue")
    return PRODUCER.format(train=train) + read + tail.format(train=train)


def _line(text: str, code: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.strip() == code)


@pytest.mark.timeout(120)
@pytest.mark.parametrize("place", ["function", "method", "helper-module"])
@pytest.mark.parametrize("form", sorted(REFUSED))
@pytest.mark.parametrize("imports, v1, train", IMPORTS)
def test_a_name_rebound_before_the_batch_is_refused_naming_it(tmp_path, imports, v1, train, form, place):
    tail, reason = REFUSED[form]
    body = _body(tail, v1, train, place == "helper-module")
    indent = "        " if place == "method" else "    "
    source = (f"{imports}\n\n\n" + (METHOD if place == "method" else CALLER if place == "helper-module" else
                                      FUNCTION).format(imports=imports, body=textwrap.indent(body, indent)))
    if place == "helper-module":
        source = source.split("\n\n\n", 1)[1]
        records = RECORDS.format(imports=imports,
                                 read=textwrap.indent(READ.format(v1=v1, queue="filename_queue"), "    "))
        paths = {str(tmp_path / "records.py"): records, str(tmp_path / "caller.py"): source}
        result = rewrite_tree(paths, root=str(tmp_path))[str(tmp_path / "caller.py")]
    else:
        result = rewrite(source, to="tfdata")
    compile(source, "<program>", "exec")
    moved, again = tail.splitlines()[0], tail.splitlines()[-2].format(train=train)
    want = reason.format(line=_line(source, moved), again=_line(source, again))
    assert result.code == source, result.code  # never a program that gives other data
    reasons = " | ".join(n.message for n in result.refused)
    assert want in reasons and FIX in reasons, reasons


ATTRIBUTES = {
    "attribute": ("self.scale = 2.0 * self.scale", "self.scale"),
    "attribute-owner": ("self.cfg = Config(3.0)", "self.cfg.scale"),
}
CLASS = '''\
{imports}


class Config(object):
    def __init__(self, scale):
        self.scale = scale


class Inputs(object):
    def __init__(self):
        self.scale = 1.0
        self.cfg = Config(1.0)

    def batches(self, files):
        queue = {train}.string_input_producer(files, num_epochs=1, shuffle=False)
{read}        y = x * {read_value}
        {rebind}
        return {train}.batch([y], 2)
'''


@pytest.mark.timeout(120)
@pytest.mark.parametrize("form", sorted(ATTRIBUTES))
@pytest.mark.parametrize("imports, v1, train", IMPORTS)
def test_an_attribute_reassigned_before_the_batch_is_refused_naming_it(imports, v1, train, form):
    rebind, chain = ATTRIBUTES[form]
    source = CLASS.format(imports=imports, train=train, read=textwrap.indent(READ.format(v1=v1, queue="queue"),
                                                                              "        "),
                          read_value=chain, rebind=rebind)
    result = rewrite(source, to="tfdata")
    assert result.code == source, result.code
    reasons = " | ".join(n.message for n in result.refused)
    assert f"`{chain}`, read by `y = x * {chain}` (line {_line(source, f'y = x * {chain}')}), is assigned again " \
           f"on line {_line(source, rebind)}" in reasons and FIX in reasons, reasons


@pytest.mark.timeout(60)
@pytest.mark.parametrize("imports, v1, train", IMPORTS)
def test_a_set_shape_loops_own_variable_is_no_rebinding(imports, v1, train):
    tail = "y = x * n\nz = x + n\nfor t in (y, z):\n    t.set_shape([3])\nreturn {train}.batch([y, z], 2)\n"
    source = f"{imports}\n\n\n" + FUNCTION.format(body=textwrap.indent(_body(tail, v1, train, False), "    "))
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    assert "t.set_shape([3])" in result.code.split("def parse_record", 1)[1], result.code


# -- what is still rewritten, run both ways ---------------------------------------------------------------------------
RUNS = '''\
import os

{imports}


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
    fetch = {make}
    with {v1}.Session() as sess:
        sess.run({v1}.local_variables_initializer())
        coord = {v1}.train.Coordinator()
        threads = {v1}.train.start_queue_runners(sess=sess, coord=coord)
        batches, end = _drain(sess, fetch)
        coord.request_stop()
        coord.join(threads)
    return {{"batches": batches, "end": end}}
'''
# a source's arguments rebound by the per-element statements that move into the map function with the pipeline
# (the tutorial's ``slice_input_producer([image, label])`` then ``image = ...``): no new value, rewritten
SLICE = '''\
{rebound} = {v1}.constant({rebound})
pair = {train}.slice_input_producer([values, scales], num_epochs=1, shuffle=False)
values = pair[0]
scales = pair[1] + 1.0
y = values * scales
return {train}.batch([y], 2)
'''
KEPT = {  # (imports, v1, train, the pipeline, how main makes it)
    "rebound-after-the-batch": ("import tensorflow.compat.v1 as tf", "tf", "tf.train", FUNCTION, '''\
y = x * n
ys = tf.train.batch([y], 2)
n += 1.0
return ys
''', "inputs(files, 3.0)"),
    "rebound-before-the-moved-statement": (
        "import tensorflow.compat.v1 as tfv1\nfrom tensorflow.compat.v1 import train", "tfv1", "train", METHOD, '''\
n += m
y = x * n
return train.batch([y], 3)
''', "Inputs().batches(files)"),
    "source-arguments-rebound-by-moved-statements": (
        "import tensorflow.compat.v1 as tf\nfrom tensorflow.python.training import input as tf_input", "tf",
        "tf_input", "def inputs(values, scales):\n{body}", SLICE.format(v1="tf", train="tf_input", rebound="values"), "inputs([1.0, 2.0, 3.0, 4.0], [1.0, 2.0, 3.0, 4.0])"),
    "source-arguments-rebound-by-moved-statements-in-a-method": (
        "import tensorflow.compat.v1 as tfv1\nfrom tensorflow.compat.v1 import train", "tfv1", "train",
        "class Inputs(object):\n    def batches(self, values, scales):\n{body}",
        SLICE.format(v1="tfv1", train="train", rebound="scales"), "Inputs().batches([5.0, 6.0, 7.0, 8.0], [2.0] * 4)"),
}


@pytest.mark.timeout(400)
def test_what_is_still_rewritten_delivers_what_legacy_does(tmp_path):
    pairs = {}
    for name, (imports, v1, train, place, tail, make) in KEPT.items():
        body = tail if "slice_input_producer" in tail else \
            PRODUCER.format(train=train) + READ.format(v1=v1, queue="queue") + tail
        indent = "        " if place.startswith("class") else "    "
        pipeline = place.format(body=textwrap.indent(body, indent)).strip("\n")
        source = RUNS.format(imports=imports, v1=v1, pipeline=pipeline, make=make)
        result = rewrite(source, to="tfdata")
        assert not result.refused, (name, result.notes)
        assert ".map(" in result.code and "_input_producer(" not in result.code, result.code
        pairs[name] = write_pair(tmp_path, name, source, result.code)
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data", timeout=380).items():
        assert_delivers_the_same(name, want, got, "exact")
