"""A batch whose ``batch_size`` is a placeholder (fed at each run; legacy's ``dequeue_many`` took that many per
run) is left with its reason: a tf.data batch's size is fixed when its iterator is made, and the migrated
program failed at run time ("Tensor conversion requested dtype int64 for Tensor with dtype int32"). Found by
held-out round 8. A batch size that is a Python value stays rewritten."""

from __future__ import annotations

import textwrap

import pytest

from tfdata_bridge.migrate import rewrite, scan

PROGRAM = textwrap.dedent('''\
    {imports}

    def batches(path):
        {size_line}
        queue = {v1}.train.string_input_producer([path], num_epochs=1, shuffle=False)
        _, line = {v1}.TextLineReader().read(queue)
        return {v1}.train.{api}([line], {size_arg}{extra})
    ''')

FED = {
    "bound placeholder, tf1 alias": ("import tensorflow.compat.v1 as tf", "tf",
                                     "batch_size = tf.placeholder(tf.int32, [], name='batch_size')", "batch_size",
                                     "batch", ""),
    "inline placeholder_with_default, keyword": ("from tensorflow.compat import v1", "v1", "pass",
                                                 "batch_size=v1.placeholder_with_default(4, [])", "shuffle_batch",
                                                 ", capacity=20, min_after_dequeue=5"),
    "tf2 import with compat.v1 calls": ("import tensorflow as tf", "tf.compat.v1",
                                        "size = tf.compat.v1.placeholder(tf.int64, shape=())", "batch_size=size",
                                        "batch", ", allow_smaller_final_batch=True"),
}


@pytest.mark.parametrize("imports, v1, size_line, size_arg, api, extra", FED.values(), ids=list(FED))
def test_a_placeholder_batch_size_is_left_with_its_reason(imports, v1, size_line, size_arg, api, extra):
    source = PROGRAM.format(imports=imports, v1=v1, size_line=size_line, size_arg=size_arg, api=api, extra=extra)
    result = rewrite(source, to="tfdata")
    reasons = " | ".join(n.message for n in result.refused)
    assert "batch_size is a placeholder fed at each run" in reasons, result.notes
    assert "make_one_shot_iterator" not in result.code and f"train.{api}(" in result.code


@pytest.mark.parametrize("size_line", ["batch_size = 8", "batch_size = FLAGS_batch_size", "pass"])
def test_a_batch_size_that_is_a_python_value_is_still_rewritten(size_line):
    arg = "batch_size" if size_line != "pass" else "16"
    source = PROGRAM.format(imports="import tensorflow.compat.v1 as tf\nFLAGS_batch_size = 4", v1="tf",
                            size_line=size_line, size_arg=arg, api="batch", extra="")
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    assert f".batch({arg}, drop_remainder=True)" in result.code


def test_scan_says_the_fed_batch_size_is_left(tmp_path):
    source = PROGRAM.format(imports="import tensorflow.compat.v1 as tf", v1="tf",
                            size_line="batch_size = tf.placeholder(tf.int32, [])", size_arg="batch_size",
                            api="batch", extra="")
    (tmp_path / "fed.py").write_text(source)
    findings = scan(tmp_path).findings
    batch = [f for f in findings if f.api.endswith("train.batch")]
    assert batch and all(f.tfdata.startswith("left: ") and "placeholder" in f.tfdata for f in batch), batch
