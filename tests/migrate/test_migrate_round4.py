"""Forms seen in public TF1 input code that the fourth round brought in, off their corpus shape and with
variants (import style, a parameter, a config attribute, a flag, another producer): a producer's ``shuffle``
given as a value rather than a literal; a batch join over a list filled by a loop of readers; the per-element
functions handed to ``map`` marked ``do_not_convert``. (That the corpus programs of these forms deliver the
legacy results is ``test_migrate_corpus.py``'s; these need no TensorFlow.)"""

from __future__ import annotations

import re
import textwrap

import pytest

from tfdata_bridge.migrate import rewrite, scan_source


def _tfdata(source: str):
    result = rewrite(textwrap.dedent(source), to="tfdata")
    return result, result.code


def _refused(result) -> str:
    return " | ".join(n.message for n in result.refused)


PRODUCER_FLAG = textwrap.dedent('''\
    {imports}

    def input_fn(files, batch_size, is_training=False):
        queue = {v1}.train.string_input_producer(files, num_epochs=2, shuffle={flag}, seed=5)
        _, serialized = {v1}.TFRecordReader().read(queue)
        parsed = {v1}.parse_single_example(serialized, {{"x": {v1}.FixedLenFeature([3], {v1}.float32)}})
        return {v1}.train.batch([parsed["x"]], batch_size=batch_size)
    ''')


@pytest.mark.parametrize("imports, v1", [("import tensorflow.compat.v1 as tf", "tf"),
                                         ("import tensorflow as tf", "tf.compat.v1"),
                                         ("import tensorflow as tf\nv1 = tf.compat.v1", "v1")])
@pytest.mark.parametrize("flag", ["is_training", "cfg.shuffle", "FLAGS.shuffle_files", "mode == 'train'"])
def test_a_producer_shuffle_given_as_a_value_goes_under_the_same_if(imports, v1, flag):
    source = PRODUCER_FLAG.format(imports=imports, v1=v1, flag=flag)
    result, code = _tfdata(source)
    assert not result.refused, _refused(result)
    shuffle = f"files_dataset.shuffle({v1}.size(files, out_type={v1}.int64), seed=5, reshuffle_each_iteration=True)"
    assert (f"    files_dataset = {v1}.data.Dataset.from_tensor_slices(files)\n"
            f"    if {flag}:\n        files_dataset = {shuffle}\n") in code
    assert "        files_dataset\n        .repeat(2)\n" in code  # the epochs after the choice, whichever it was
    assert f"accepted: when {flag}: each epoch is a fresh shuffle of the files" in code.replace("\n    # ", " ")
    assert scan_source(code) == ()


def test_a_slice_producer_shuffle_from_a_config_goes_under_the_same_if():
    result, code = _tfdata('''\
        import tensorflow.compat.v1 as tf

        def rows(cfg, table):
            row, = tf.train.slice_input_producer([table], shuffle=cfg.shuffle, num_epochs=cfg.epochs)
            return tf.train.batch([row], batch_size=4)
        ''')
    assert not result.refused, _refused(result)
    assert ("    slices_dataset = tf.data.Dataset.from_tensor_slices(table)\n    if cfg.shuffle:\n"
            "        slices_dataset = slices_dataset.shuffle(tf.shape(table, out_type=tf.int64)[0], "
            "reshuffle_each_iteration=True)\n") in code
    assert ".repeat(cfg.epochs)" in code


def test_a_literal_shuffle_keeps_one_chain_without_an_if():
    result, code = _tfdata(PRODUCER_FLAG.format(imports="import tensorflow.compat.v1 as tf", v1="tf", flag="True"))
    assert not result.refused
    assert "if " not in code and ".shuffle(tf.size(files, out_type=tf.int64), seed=5" in code


def test_a_used_name_files_dataset_gets_a_fresh_one():
    result, code = _tfdata(PRODUCER_FLAG.format(imports="import tensorflow.compat.v1 as tf\nfiles_dataset = 1",
                                                v1="tf", flag="is_training"))
    assert not result.refused
    assert "files_dataset_2 = tf.data.Dataset.from_tensor_slices(files)" in code


LOOP_JOIN = textwrap.dedent('''\
    import tensorflow.compat.v1 as tf

    def inputs(files, num_readers=2):
        queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        examples = []
        for {var} in range(num_readers):
            {reader}
            feats = tf.parse_single_example(value, {{"label": tf.FixedLenFeature([], tf.int64)}})
            examples.append([feats["label"] * 2])
        {after}return tf.train.{join}(examples, batch_size=6{extra})
    ''')
INLINE = "_, value = tf.TFRecordReader().read(queue)"
NAMED = "reader = tf.TFRecordReader()\n        _, value = reader.read(queue)"


@pytest.mark.parametrize("var", ["_", "i"])
@pytest.mark.parametrize("reader", [INLINE, NAMED], ids=["inline-reader", "named-reader"])
@pytest.mark.parametrize("join, extra", [("batch_join", ""),
                                         ("shuffle_batch_join", ", capacity=40, min_after_dequeue=10")])
def test_a_join_over_a_list_filled_by_a_loop_of_readers_becomes_an_interleave(var, reader, join, extra):
    result, code = _tfdata(LOOP_JOIN.format(var=var, reader=reader, join=join, extra=extra, after=""))
    assert not result.refused, _refused(result)
    assert f"for {var} in" not in code and "examples" not in code and "tf.TFRecordReader(" not in code
    assert (".interleave(tf.data.TFRecordDataset, cycle_length=num_readers, num_parallel_calls=num_readers, "
            "deterministic=False)") in code
    assert "@tf.autograph.experimental.do_not_convert\n" in code
    assert ('return feats["label"] * 2' in code) and (".shuffle(40)" in code) == (join == "shuffle_batch_join")
    assert scan_source(code) == ()


@pytest.mark.parametrize("reader", [
    pytest.param(INLINE.replace("TFRecordReader()", "TFRecordReader(name='reader_%d' % i)"), id="inline-named"),
    pytest.param(NAMED.replace("TFRecordReader()", "TFRecordReader(name='reader_' + str(i))"), id="named-named"),
])
def test_a_loop_index_that_only_names_the_readers_leaves_them_copies(reader):
    result, code = _tfdata(LOOP_JOIN.format(var="i", reader=reader, join="batch_join", extra="", after=""))
    assert not result.refused, _refused(result)
    assert "for i in" not in code and "tf.TFRecordReader(" not in code and "cycle_length=num_readers" in code
    assert scan_source(code) == ()


@pytest.mark.parametrize("reader, after, why", [
    (INLINE + "\n        value = tf.strings.join([value, tf.as_string(i)])", "",
     "the loop's `i` is given to `tf.as_string`, which the rewrite cannot read: the readers are not copies"),
    (INLINE, "print(feats)\n    ", "`feats` is used beyond the readers' loop"),
    (INLINE, "print(len(examples))\n    ", "`examples` is used beyond the loop and the join"),
], ids=["loop-variable-used", "tensor-used-after", "list-used-after"])
def test_a_loop_of_readers_that_is_not_k_copies_is_left_with_the_reason(reader, after, why):
    source = LOOP_JOIN.format(var="i", reader=reader, join="batch_join", extra="", after=after)
    result, code = _tfdata(source)
    assert code == source
    assert why in _refused(result)


def test_a_loop_of_readers_whose_key_is_used_makes_the_key_per_file():
    # (each reader keys its records within the file it took: "<file>:<byte offset>", record_keys.py; checked
    # against legacy by test_migrate_r30c_reader_keys.py)
    reader = INLINE.replace("_, value", "key, value") + "\n        value = tf.strings.join([key, value])"
    result, code = _tfdata(LOOP_JOIN.format(var="i", reader=reader, join="batch_join", extra="", after=""))
    assert not result.refused, _refused(result)
    assert "tf.data.TFRecordDataset(filename).scan(" in code and "cycle_length=num_readers" in code, code
    assert scan_source(code) == ()


def test_the_helper_map_function_is_marked_once_when_two_pipelines_share_it():
    result, code = _tfdata('''\
        import tensorflow.compat.v1 as tf

        def decode(filename_queue):
            _, line = tf.TextLineReader().read(filename_queue)
            return tf.strings.length(line)

        def train(files):
            q = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
            n = decode(q)
            return tf.train.batch([n], 4)

        def evaluate(files):
            q = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
            n = decode(q)
            return tf.train.batch([n], 8)
        ''')
    assert not result.refused, _refused(result)
    assert code.count("do_not_convert") == 1
    assert "# graph-mode code, as the queue ran it" in code
    assert "@tf.autograph.experimental.do_not_convert\ndef decode(line):" in code


HELPER_IN_BATCH = textwrap.dedent('''\
    import tensorflow.compat.v1 as tf


    def read_my_file_format(filename_queue):
        _, record = tf.TextLineReader(skip_header_lines=1).read(filename_queue)
        a, b, label = tf.decode_csv(record, record_defaults=[[0], [0.0], [0]])
        {returns}


    def input_pipeline(filenames, batch_size):
        {uses}filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
        {batch}
        return got
    ''')


@pytest.mark.parametrize("returns, batch", [
    ("return a, label", "got = tf.train.batch(read_my_file_format(filename_queue), batch_size=batch_size)"),
    ("return (a, label)", "got = tf.train.shuffle_batch(tensors=read_my_file_format(filename_queue), "
                          "batch_size=batch_size, capacity=50, min_after_dequeue=10)"),
    ("return [a, b * 2.0]", "got = tf.train.batch(read_my_file_format(filename_queue), batch_size)"),
    ("return a + label", "got = tf.train.batch([read_my_file_format(filename_queue)], batch_size)"),
], ids=["tuple", "tensors-keyword", "list", "one-tensor-in-a-list"])
@pytest.mark.parametrize("uses", ["", "a = label = 0\n    "], ids=["free-names", "names-taken"])
def test_a_reader_helper_called_inside_the_batch_call_is_followed(returns, batch, uses):
    source = HELPER_IN_BATCH.format(returns=returns, batch=batch, uses=uses)
    result = rewrite(source, to="tfdata")
    assert not result.refused, _refused(result)
    code = result.code
    assert "def read_my_file_format(record):" in code and ".map(read_my_file_format)" in code
    assert "tf.train.string_input_producer(" not in code and re.search(r"got = (list\()?tf.data.make_one_shot_iterator", code)
    # the note names the batch call's own line in the source as written
    batch_line = source.splitlines().index("    " + batch) + 1
    assert [n.line for n in result.notes if "rewritten to tf.data" in n.message] == [batch_line]
    assert scan_source(code) == ()


def test_a_helper_in_a_batch_call_that_still_cannot_be_rewritten_leaves_the_source_as_written():
    source = HELPER_IN_BATCH.format(returns="return a, label", uses="",
                                    batch="got = tf.train.batch(read_my_file_format(filename_queue), batch_size, "
                                          "dynamic_pad=PAD)")
    result = rewrite(source, to="tfdata")
    assert result.code == source
    assert result.refused


def test_a_call_of_a_function_that_does_not_read_is_not_named():
    source = HELPER_IN_BATCH.format(returns="return a, label", uses="",
                                    batch="x = tf.constant(1)\n    got = tf.train.batch(pair(x), batch_size)")
    source += "\n\ndef pair(x):\n    return x, x\n"
    result = rewrite(source, to="tfdata")
    assert result.code == source


@pytest.mark.parametrize("producer, elements", [("range_input_producer(10, ", "tf.range(10)"),
                                                ("input_producer(table, ", "table")])
def test_a_tensor_producer_shuffle_given_as_a_value_goes_under_the_same_if(producer, elements):
    result, code = _tfdata(f'''\
        import tensorflow.compat.v1 as tf

        def rows(table, is_training, epochs=1):
            i = tf.train.{producer}num_epochs=epochs, shuffle=is_training).dequeue()
            return tf.train.batch([i * 2], batch_size=4)
        ''')
    assert not result.refused, _refused(result)
    assert (f"    elements_dataset = tf.data.Dataset.from_tensor_slices({elements})\n    if is_training:\n"
            f"        elements_dataset = elements_dataset.shuffle(tf.shape({elements}, out_type=tf.int64)[0], "
            "reshuffle_each_iteration=True)\n") in code
    assert "        elements_dataset\n        .repeat(epochs)\n" in code


@pytest.mark.parametrize("call", ["tf.py_func(_load, [path], tf.float32, stateful=False)",
                                  "tf.numpy_function(_load, [path, label], tf.float32)",
                                  "tf.py_func(func=_load, inp=[path], Tout=[tf.float32])[0]"])
def test_a_py_func_on_the_element_is_per_element_code_in_the_map(call):
    result, code = _tfdata(f'''\
        import tensorflow.compat.v1 as tf

        def inputs(paths, labels):
            path, label = tf.train.slice_input_producer([paths, labels], shuffle=False, num_epochs=1)
            value = {call}
            value.set_shape([])
            return tf.train.batch([value, label], batch_size=4)
        ''')
    assert not result.refused, _refused(result)
    assert f"    def make_element(path, label):\n        value = {call}\n        value.set_shape([])\n" \
           "        return value, label\n" in code
    assert "from_generator" not in code and ".map(make_element)" in code


def test_a_py_func_whose_inputs_are_not_a_list_is_left_with_the_reason():
    result, code = _tfdata('''\
        import tensorflow.compat.v1 as tf

        def inputs(args):
            value = tf.py_func(_load, args, tf.float32)
            return tf.train.batch([value], batch_size=4)
        ''')
    assert "inputs are not a literal list" in _refused(result)


def test_the_runners_go_when_the_only_py_func_left_is_per_element_code():
    result, code = _tfdata('''\
        import tensorflow.compat.v1 as tf

        def main(paths, labels):
            path, label = tf.train.slice_input_producer([paths, labels], shuffle=False, num_epochs=1)
            value = tf.py_func(_load, [path], tf.float32)
            batch = tf.train.batch([value, label], batch_size=4)
            with tf.Session() as sess:
                coord = tf.train.Coordinator()
                threads = tf.train.start_queue_runners(sess=sess, coord=coord)
                out = sess.run(batch)
                coord.request_stop()
                coord.join(threads)
            return out
        ''')
    assert not result.refused, _refused(result)
    assert "start_queue_runners" not in code and "Coordinator" not in code
    assert any("plumbing removed" in n.message for n in result.notes)
