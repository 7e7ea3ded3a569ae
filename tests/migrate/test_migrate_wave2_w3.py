"""A batch's ``shapes=`` over tensors that graph ops made (issue 17, fifth held-out round: ``speech_train1``).

Legacy made the batch queue with those shapes: its ``enqueue`` checked each element against them and the
dequeued batch carried them (``dynamic_pad`` padded to them). The rewrite used to refuse ("the rewrite keeps
the ops' shapes"); now the element function returns each tensor through ``ensure_shape(t, shape)``, which
checks the same way and gives the dataset (and ``padded_batch``) the same shapes. Variants: a per-element
``py_func`` after ``slice_input_producer``, a reader's parse, import styles, keyword / positional / named
shapes, one tensor, a helper in another module whose caller's plumbing goes with it; what stays refused.
"""

from __future__ import annotations

import textwrap

import pytest
from both_ways import assert_delivers_the_same, run_both_ways, write_pair

from tfdata_bridge._src.migrate.tree import rewrite_tree
from tfdata_bridge.migrate import rewrite, scan_source


# a per-element py_func over sliced names; {imp} binds {tf}; {batch} is the batch call's arguments
PYFUNC = '''\
import numpy as np
{imp}


class hp:
    n = 2
    batch_size = 3


def load(i):
    i = int(i)
    return np.full([i % 3 + 1, hp.n], i, np.float32), np.int64(i)


def main(data_dir):
    ids, = {tf}.train.slice_input_producer([list(range(8)), ], shuffle=False, num_epochs=1)
    x, y = {tf}.py_func(load, [ids], [{tf}.float32, {tf}.int64])
    xb, yb = {tf}.train.batch({batch})
    out, end = [], None
    with {tf}.Session() as sess:
        sess.run({tf}.local_variables_initializer())
        coord = {tf}.train.Coordinator()
        threads = {tf}.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                out.append([v.tolist() for v in sess.run([xb, yb])])
        except {tf}.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {{"batches": out, "end": end, "shapes": [xb.shape.as_list(), yb.shape.as_list()]}}
'''

IMPORTS = {
    "v1_as_tf": ("import tensorflow.compat.v1 as tf", "tf"),
    "from_compat": ("from tensorflow.compat import v1 as tf1", "tf1"),
    "tf2_compat_calls": ("import tensorflow as tf", "tf.compat.v1"),
}

BATCHES = {  # the same batch, its shapes written four ways
    "keyword_list": "[x, y], batch_size=hp.batch_size, dynamic_pad=True, shapes=[(None, hp.n), ()], "
                    "allow_smaller_final_batch=True",
    "tuple_of_lists": "(x, y), hp.batch_size, shapes=([None, 2], []), dynamic_pad=True, "
                      "allow_smaller_final_batch=True",
    "positional": "[x, y], 3, 1, 32, False, [[None, hp.n], []], True, True",
    "named": "[x, y], hp.batch_size, shapes=SHAPES, dynamic_pad=True, allow_smaller_final_batch=True",
}


def _program(imp: str, batch: str) -> str:
    imp_line, tf = IMPORTS[imp]
    text = PYFUNC.format(imp=imp_line, tf=tf, batch=BATCHES[batch])
    if batch == "named":
        text = text.replace("\n\nclass hp:", "\nSHAPES = [(None, 2), ()]\n\n\nclass hp:")
    return text


def _element_fn(code: str) -> str:
    start = code.index("def make_element")
    return code[start:code.index(" = (", start)]  # up to the dataset it maps


@pytest.mark.parametrize("batch", sorted(BATCHES))
@pytest.mark.parametrize("imp", sorted(IMPORTS))
def test_shapes_over_a_per_element_py_func_are_set_in_the_element_function(imp, batch):
    result = rewrite(_program(imp, batch), to="tfdata")
    assert not result.refused, result.notes
    tf = IMPORTS[imp][1]
    fn = _element_fn(result.code)
    assert f"{tf}.py_func(load, [ids]" in fn
    if batch == "named":  # paired with the tensors when the function runs
        assert f"zip((x, y), SHAPES, strict=True)" in fn and f"{tf}.ensure_shape(t, s)" in fn
    else:
        shape = {"keyword_list": "(None, hp.n)", "tuple_of_lists": "[None, 2]", "positional": "[None, hp.n]"}[batch]
        assert f"return {tf}.ensure_shape(x, {shape}), {tf}.ensure_shape(y, " in fn
    assert ".padded_batch(" in result.code and "slice_input_producer(" not in result.code
    assert "train.batch(" not in result.code
    assert scan_source(result.code) == ()  # the Coordinator and the runners went with the queues


def test_one_tensor_gets_its_one_shape():
    for shapes, want in (("[[None]]", "tf.ensure_shape(x, [None])"), ("S", "tf.ensure_shape(x, *S)")):
        code = rewrite(textwrap.dedent(f'''\
            import tensorflow.compat.v1 as tf
            S = [[None]]
            def load(i):
                return [i] * i
            i = tf.train.range_input_producer(5, shuffle=False).dequeue()
            x = tf.py_func(load, [i], tf.int32)
            b = tf.train.batch(x, batch_size=2, shapes={shapes}, dynamic_pad=True)
            '''), to="tfdata")
        assert not code.refused, code.notes
        assert f"return {want}\n" in code.code


def test_shapes_over_a_reader_parse_keep_the_per_element_parse():
    result = rewrite(textwrap.dedent('''\
        from tensorflow.compat.v1 import train, TFRecordReader, parse_single_example, FixedLenFeature
        import tensorflow.compat.v1 as tf
        queue = train.string_input_producer(["a.tfrecord"], shuffle=False, num_epochs=1)
        _, record = TFRecordReader().read(queue)
        parsed = parse_single_example(record, {"x": FixedLenFeature([3], tf.float32)})
        xs = train.batch([parsed["x"]], 4, shapes=((3,),))
        '''), to="tfdata")
    assert not result.refused, result.notes
    assert 'return tf.ensure_shape(parsed["x"], (3,))' in result.code
    assert "parse_example(" not in result.code  # a batch-wide parse would carry [None, 3], not the element's


def test_a_py_func_producer_with_nothing_between_keeps_shapes_in_its_signature():
    code = rewrite(textwrap.dedent('''\
        import tensorflow.compat.v1 as tf
        def sample():
            return [1.0, 2.0], 3
        x, y = tf.py_func(sample, [], [tf.float32, tf.int64])
        b = tf.train.batch([x, y], batch_size=2, shapes=[[2], []])
        '''), to="tfdata").code
    assert "TensorSpec(shape=[2], dtype=tf.float32)" in code and "ensure_shape" not in code


def test_shapes_with_enqueue_many_check_each_group_of_rows():
    # each tensor a group of rows of its queue shape: legacy's enqueue_many checked ``t.shape[1:]``
    code = rewrite(textwrap.dedent('''\
        import tensorflow.compat.v1 as tf
        def load(*i):
            return [1], [1]
        x, y = tf.py_func(load, [], [tf.int32, tf.int32])
        b = tf.train.batch([x + 1, y], 2, enqueue_many=True, shapes=[[], [1]])
        '''), to="tfdata").code
    assert "return tf.ensure_shape(x + 1, [None]), tf.ensure_shape(y, [None, 1])" in code and ".unbatch()" in code


REFUSED = {
    "count": ("[x, y], 2, shapes=[[None]]", "1 shapes for 2 batched tensors"),
    "dict": ('{"x": x, "y": y}, 2, shapes=[[None], []]', "dict of tensors"),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_shapes_legacy_paired_otherwise_stay_refused_with_the_reason(name):
    batch, reason = REFUSED[name]
    # enqueue_many: a zero-input producer of whole batches (a slice producer's rows are refused before)
    source, inputs = ("i = tf.constant(0)", "[]") if name == "enqueue_many" else \
        ("i, = tf.train.slice_input_producer([[1, 2, 3]], shuffle=False)", "[i]")
    result = rewrite(textwrap.dedent(f'''\
        import tensorflow.compat.v1 as tf
        def load(*i):
            return [1], [1]
        {source}
        x, y = tf.py_func(load, {inputs}, [tf.int32, tf.int32])
        b = tf.train.batch({batch})
        '''), to="tfdata")
    assert any(reason in n.message and "shapes=" in n.message for n in result.refused), result.notes
    assert "tf.train.batch(" in result.code


HELPER = '''\
import numpy as np
import tensorflow.compat.v1 as tf


class Hyper(object):
    batch_size = 2
    width = 2


hp = Hyper


def features(i):
    return np.ones([int(i) % 2 + 1, hp.width], np.float32) * int(i), np.arange(int(i) % 2 + 1, dtype=np.int32)


def get_batch(items):
    with tf.device("/cpu:0"):
        items = tf.convert_to_tensor(items)
        item, = tf.train.slice_input_producer([items, ], shuffle=False, num_epochs=1)
        a, b = tf.py_func(features, [item], [tf.float32, tf.int32])
        a.set_shape([None, hp.width])
        return tf.train.batch([a, b], shapes=[(None, hp.width), (None,)], batch_size=hp.batch_size,
                              dynamic_pad=True, allow_smaller_final_batch=True)
'''

MODEL = '''\
import tensorflow.compat.v1 as tf
from slib import data as d


class Model(object):
    def __init__(self, items):
        self.a, self.b = d.get_batch(items)


def main(data_dir):
    m = Model(list(range(5)))
    out = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                out.append(sess.run(m.a).tolist())
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return out
'''


def test_a_helper_module_with_shapes_and_its_callers_plumbing_migrate_as_a_tree(tmp_path):
    helper, model = str(tmp_path / "slib" / "data.py"), str(tmp_path / "model.py")
    results = rewrite_tree({helper: HELPER, str(tmp_path / "slib" / "__init__.py"): "", model: MODEL},
                           root=str(tmp_path))
    assert not results[helper].refused, results[helper].notes
    assert "return tf.ensure_shape(a, (None, hp.width)), tf.ensure_shape(b, (None,))" in results[helper].code
    assert not results[model].refused, results[model].notes
    assert "Coordinator" not in results[model].code and "start_queue_runners" not in results[model].code
    assert scan_source(results[helper].code) == () and scan_source(results[model].code) == ()


def test_a_py_func_producer_batched_in_another_order_pairs_shapes_with_the_batched_tensors():
    code = rewrite(textwrap.dedent('''\
        import tensorflow.compat.v1 as tf
        def sample():
            return [1.0, 2.0], 3
        x, y = tf.py_func(sample, [], [tf.float32, tf.int64])
        b = tf.train.batch([y, x], batch_size=2, shapes=[[], [2]])
        '''), to="tfdata").code
    # the shapes are the batch's order (y, x), not the py_func's (x, y)
    assert "return tf.ensure_shape(y, []), tf.ensure_shape(x, [2])" in code
    assert "TensorSpec(shape=[2]" not in code


DELIVER = [("v1_as_tf", "keyword_list"), ("from_compat", "positional"), ("tf2_compat_calls", "named"),
           ("v1_as_tf", "tuple_of_lists")]


@pytest.mark.timeout(300)
def test_the_migrated_programs_deliver_what_their_originals_deliver(tmp_path):
    """Both ways in one TensorFlow process: the same padded batches, in order (one producer thread, no
    shuffle), the same end, and the batch tensors' static shapes the queue's shapes gave them."""
    pairs = {}
    for imp, batch in DELIVER:
        text = _program(imp, batch)
        result = rewrite(text, to="tfdata")
        assert not result.refused, result.notes
        pairs[f"{imp}_{batch}"] = write_pair(tmp_path, f"{imp}_{batch}", text, result.code)
    for name, (want, got) in run_both_ways(pairs, tmp_path, make_data=False, timeout=280).items():
        assert_delivers_the_same(name, want, got, "exact")
        # element 0 has one row, padded to the longest of its batch (3 rows)
        assert len(want["batches"]) == 3 and want["batches"][0][0][0] == [[0.0, 0.0]] * 3
        assert got["shapes"] == want["shapes"] == [[None, None, 2], [None]], name
