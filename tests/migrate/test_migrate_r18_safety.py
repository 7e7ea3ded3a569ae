"""Held-out round 18's two claimed-but-broken rewrites, as rules:

- a batch (or any queue API) looked up by ``getattr`` on a TensorFlow module by a name known only at run time
  (one known when migrating is followed: ``named_apis.py``, ``test_migrate_r21_forms.py``) is invisible to the rewrite: the
  pipeline's producer and reader may still be rewritten, but the queue-runner plumbing that fills the looked-up
  batch's queue stays (removing it left the batch's dequeue waiting forever), with a note naming the lookup;
- a batch's tensor list that unpacks a list (``[*features, late]``) is refused naming it: the rewrite counts the
  tensors one by one (the map it wrote returned a nested list, which ``Dataset.map`` rejects);
- ``scan`` reports such a lookup where its name may be a queue API, and only there (not
  ``getattr(tf.train, opt + "Optimizer")``)."""

from __future__ import annotations

import pytest

from tfdata_bridge.migrate import rewrite

DYNAMIC = '''\
import os

import tensorflow.compat.v1 as tf
{extra}

def batches(files, name):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(queue)
    batcher = {lookup}
    return batcher([tf.strings.to_number(line)], batch_size=4, allow_smaller_final_batch=True)


def main(files):
    values = batches(files, os.environ.get("BATCHER", "batch"))  # (known only at run time)
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                sess.run(values)
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
'''


@pytest.mark.parametrize("extra, lookup", [
    ("", "getattr(tf.train, name)"),
    ("from tensorflow.compat.v1 import train", "getattr(train, name)"),
    ("", "getattr(tf, name)"),
    ("", 'getattr(tf.train, f"{name}")'),
    ("", 'getattr(tf.train, "shuffle_" + name) if name else tf.train.batch'),
    ("from tensorflow.python.training import input as tf_input", "getattr(tf_input, name)"),
], ids=["train-by-name", "imported-train", "tf-by-name", "f-string", "prefix", "internal-module"])
def test_a_batch_looked_up_by_getattr_keeps_the_runners_that_fill_its_queue(extra, lookup):
    result = rewrite(DYNAMIC.format(extra=extra, lookup=lookup), to="tfdata")
    assert "start_queue_runners" in result.code and "coord.join(threads)" in result.code, result.code
    said = " | ".join(n.message for n in result.notes)
    assert "queue-runner plumbing left" in said and ("getattr(" in said or "train.batch" in said), said


def test_a_batch_looked_up_by_a_literal_name_is_that_batch_and_the_plumbing_goes():
    result = rewrite(DYNAMIC.format(extra="", lookup='getattr(tf.train, "batch")'), to="tfdata")
    assert not result.refused, result.notes
    assert "start_queue_runners" not in result.code and "getattr" not in result.code, result.code
    assert ".batch(4, drop_remainder=False)" in result.code, result.code


@pytest.mark.parametrize("lookup", [
    "getattr(tf.nn, name)",
    'getattr(tf.train, name + "Optimizer")(0.1)',
    'getattr(tf.train, f"{name}Optimizer")(0.1)',
    'getattr(tf.train, "GradientDescentOptimizer")(0.1)',
], ids=["module-without-queue-apis", "optimizer-suffix", "optimizer-f-string", "optimizer-literal"])
def test_a_getattr_that_cannot_give_a_queue_api_lets_the_plumbing_go(lookup):
    source = DYNAMIC.format(extra="", lookup="None").replace("batcher = None\n    return batcher(", "return tf.train.batch(")
    source += f"\n\ndef act(name):\n    return {lookup}\n"
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    assert "start_queue_runners" not in result.code and "data.Dataset" in result.code


def test_scan_reports_a_queue_api_looked_up_by_name_and_says_migrate_keeps_its_runners():
    from tfdata_bridge._src.migrate.scanner import scan_source
    from tfdata_bridge._src.migrate.outcomes import site_outcomes

    source = '''\
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train as T


def pick(cfg, kind, opt, x):
    a = getattr(tf.train, cfg["batcher"])
    b = getattr(T, "shuffle_batch")
    c = getattr(tf.train, f"{kind}_batch")
    d = getattr(tf.train, opt + "Optimizer")
    e = getattr(tf.nn, kind)
    f = getattr(tf, kind + "Queue")
    return a, b, c, d, e, f


def local(getattr, kind):
    return getattr(tf.train, kind)
'''
    found = site_outcomes(source, scan_source(source))
    by_line = {f.line: f for f in found}
    assert sorted(by_line) == [6, 7, 8, 11], found  # not the optimizer, not tf.nn, not a local ``getattr``
    assert by_line[6].api == "getattr(tf.compat.v1.train, ...)" and "`train.batch`" in by_line[6].tfdata
    assert "keeps the queue runners" in by_line[6].tfdata and "--to compat" in by_line[6].tfdata
    assert by_line[7].api == "tf.compat.v1.train.shuffle_batch"  # a literal name is the API itself
    assert "`train.shuffle_batch`" in by_line[8].tfdata and "`train.batch`" not in by_line[8].tfdata
    assert by_line[11].api == "getattr(tf.compat.v1, ...)" and "`FIFOQueue`" in by_line[11].tfdata


STARRED = '''\
import tensorflow.compat.v1 as tf


def batches(files):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(queue)
    {columns} = tf.decode_csv(line, [[0.0], [0.0], [0]])
    return {call}
'''


@pytest.mark.parametrize("columns, call, starred", [
    ("a, b, late", "tf.train.batch([*[a, b], late], batch_size=4)", "*[a, b]"),
    ("*features, late", "tf.train.batch([*features, late], batch_size=4)", "*features"),
    ("*features, late", "tf.train.shuffle_batch((late, *features), batch_size=4, capacity=20, "
                        "min_after_dequeue=5)", "*features"),
], ids=["literal", "unpacked", "shuffle-tuple"])
def test_a_tensor_list_that_unpacks_a_list_is_refused_naming_it(columns, call, starred):
    result = rewrite(STARRED.format(columns=columns, call=call), to="tfdata")
    assert result.refused and "data.Dataset" not in result.code
    said = " | ".join(n.message for n in result.refused)
    assert f"unpacks `{starred}`" in said and "name each tensor" in said, said
