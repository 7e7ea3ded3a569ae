"""``--to tfdata`` finds pipelines by dataflow: helpers, inline readers, names by scope, comments kept.

Codemod-level cases (before -> what must and must not be in the result); the corpus test
(test_migrate_corpus.py) runs such programs against their originals.
"""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import textwrap

import pytest

from both_ways import rewrites_once
from tfdata_bridge._src.migrate.recognize import recognize
from tfdata_bridge._src.migrate.tree import rewrite_tree
from tfdata_bridge.migrate import rewrite, scan_source


@pytest.fixture(scope="module", autouse=True)
def _rewrite_once():
    """Several tests here rewrite the same program text (a text check, then its run): the second is the first's
    result (``both_ways.rewrites_once``)."""
    with rewrites_once():
        yield


HELPER = textwrap.dedent('''\
    import tensorflow.compat.v1 as tf


    def read_and_decode(filename_queue, skip=1):
        reader = tf.TextLineReader(skip_header_lines=skip)
        key, line = reader.read(filename_queue)
        a, b = tf.decode_csv(line, [[0], [0.0]])
        return a, b


    def inputs(files, n):
        queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        a, b = read_and_decode(queue, n)
        return tf.train.batch([a, b], batch_size=4)
    ''')


def _tfdata(source: str):
    result = rewrite(source, to="tfdata")
    return result, result.code


def test_a_reader_helper_becomes_a_function_of_the_record_and_its_arguments_carry_over():
    result, code = _tfdata(HELPER)
    assert not result.refused, result.notes
    assert "def read_and_decode(line, skip=1):\n    a, b = tf.decode_csv(line" in code
    assert (".interleave(tf.autograph.experimental.do_not_convert(lambda filename: "
            "tf.data.TextLineDataset(filename).skip(n)), cycle_length=1)") in code
    assert ".map(lambda value: read_and_decode(value, n))" in code
    assert scan_source(code) == ()


def test_a_reader_helper_with_another_caller_is_left_with_the_reason():
    source = HELPER + "\n\ndef other(q):\n    return read_and_decode(q)\n"
    result, code = _tfdata(source)
    assert code == source
    assert any("is also called where no pipeline is rewritten" in n.message for n in result.refused), result.notes


@pytest.mark.parametrize("inline", [
    "_, value = tf.TFRecordReader().read(tf.train.string_input_producer(files, num_epochs=1))",
    "_, value = tf.TFRecordReader(name='r').read(queue=tf.train.string_input_producer(files, num_epochs=1))",
])
def test_inline_readers_and_producers(inline):
    source = textwrap.dedent(f'''\
        import tensorflow.compat.v1 as tf


        def inputs(files):
            {inline}
            return tf.train.batch([value], 8)
        ''')
    result, code = _tfdata(source)
    assert not result.refused, result.notes
    assert "tf.data.TFRecordDataset" in code and scan_source(code) == ()


def test_names_are_decided_by_scope_not_spelling():
    source = textwrap.dedent('''\
        import tensorflow.compat.v1 as tf

        serialized = "a module-level name"


        def other(reader):
            serialized = reader + "!"
            return serialized


        def inputs(files):
            queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
            reader = tf.TFRecordReader()
            _, serialized = reader.read(queue)
            return tf.train.batch([serialized], 8)
        ''')
    result, code = _tfdata(source)
    assert not result.refused, result.notes
    assert 'serialized = "a module-level name"' in code and "def other(reader):" in code


def test_a_pipeline_name_used_later_in_its_own_scope_blocks_the_rewrite():
    source = textwrap.dedent('''\
        import tensorflow.compat.v1 as tf


        def inputs(files):
            queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
            reader = tf.TFRecordReader()
            _, serialized = reader.read(queue)
            batch = tf.train.batch([serialized], 8)
            return batch, reader.num_records_produced()
        ''')
    result, code = _tfdata(source)
    assert code == source
    assert any("`reader` is also used outside the pipeline" in n.message for n in result.refused)
    [outcome] = recognize(source)
    assert not outcome.rewritten and "`reader`" in outcome.reason


def test_comments_in_moved_statements_stay_with_the_code():
    source = textwrap.dedent('''\
        import tensorflow.compat.v1 as tf


        def inputs(files):
            # every file twice, in order
            queue = tf.train.string_input_producer(files, num_epochs=2, shuffle=False)  # the epochs
            reader = tf.TFRecordReader()  # one record at a time
            _, serialized = reader.read(queue)
            # decode the example
            features = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32)})
            x = features["x"] * 2.0  # scaled
            batch = tf.train.batch([x], batch_size=4,  # small batches
                                   allow_smaller_final_batch=True)
            return batch
        ''')
    result, code = _tfdata(source)
    assert not result.refused, result.notes
    for comment in ("# every file twice, in order", "# the epochs", "# one record at a time", "# decode the example",
                    "# scaled", "# small batches"):
        assert code.count(comment) == 1, comment
    assert code.index("# decode the example") < code.index("features = tf.parse_single_example")


def test_comments_of_a_helpers_reader_lines_stay_in_the_helper():
    source = HELPER.replace("    reader = tf.TextLineReader(", "    # lines of the table\n    reader = tf.TextLineReader(")
    source = source.replace("reader.read(filename_queue)", "reader.read(filename_queue)  # one line")
    assert source.count("#") == 2
    result, code = _tfdata(source)
    assert not result.refused, result.notes
    assert "    # lines of the table\n    # one line\n    a, b = tf.decode_csv(line" in code


def test_without_a_compat_v1_alias_one_is_imported():
    source = textwrap.dedent('''\
        from tensorflow.compat.v1 import train
        from tensorflow.python.ops import io_ops


        def inputs(files):
            queue = train.string_input_producer(files, num_epochs=1, shuffle=False)
            _, value = io_ops.TFRecordReader().read(queue)
            return train.batch([value], 8)
        ''')
    result, code = _tfdata(source)
    assert not result.refused, result.notes
    assert "import tensorflow.compat.v1 as tf\n" in code and "tf.data.TFRecordDataset" in code
    assert scan_source(code) == ()


RECORD = textwrap.dedent('''\
    import tensorflow.compat.v1 as tf


    class Record(object):
        pass


    def read_record(filename_queue):
        result = Record()
        label_bytes = 1
        result.height = 2
        result.width = 2
        image_bytes = result.height * result.width
        reader = tf.FixedLengthRecordReader(record_bytes=label_bytes + image_bytes)
        result.key, value = reader.read(filename_queue)
        raw = tf.decode_raw(value, tf.uint8)
        result.label = tf.cast(tf.strided_slice(raw, [0], [label_bytes]), tf.int32)
        result.image = tf.reshape(tf.strided_slice(raw, [label_bytes], [label_bytes + image_bytes]),
                                  [result.height, result.width])
        return result


    def inputs(files):
        read_input = read_record(tf.train.string_input_producer(files, num_epochs=1))
        image = tf.cast(read_input.image, tf.float32)
        image.set_shape([read_input.height, read_input.width])
        read_input.label.set_shape([1])
        return tf.train.batch([image, read_input.label], batch_size=4)
    ''')


def test_a_record_object_helper_returns_its_tensor_fields_as_a_dict():
    result, code = _tfdata(RECORD)
    assert not result.refused, result.notes
    assert 'return {"label": result.label, "image": result.image}' in code
    assert 'image = tf.cast(read_input["image"], tf.float32)\n        image.set_shape([2, 2])' in code
    assert 'read_input["label"].set_shape([1])' in code
    # the record size computed in the helper is what the dataset reads
    assert "tf.data.FixedLengthRecordDataset(file_names, 1 + (2 * 2))" in code
    assert scan_source(code) == ()


@pytest.mark.parametrize("change, reason", [
    ("return tf.train.batch([image, read_input.label]", "return tf.train.batch([image, read_input.key]"),
    ("read_input.label.set_shape([1])", "print(read_input)"),
])
def test_a_record_object_used_beyond_its_tensor_fields_is_left(change, reason):
    source = RECORD.replace(change, reason)
    result, code = _tfdata(source)
    assert code == source and result.refused


BATCH_HELPER = textwrap.dedent('''\
    import tensorflow.compat.v1 as tf


    def _generate_batch(image, label, min_queue_examples, batch_size, shuffle):
        if shuffle:
            images, labels = tf.train.shuffle_batch(
                [image, label], batch_size=batch_size, num_threads=4,
                capacity=min_queue_examples + 3 * batch_size, min_after_dequeue=min_queue_examples)
        else:
            images, labels = tf.train.batch([image, label], batch_size=batch_size, num_threads=4,
                                            capacity=min_queue_examples + 3 * batch_size)
        tf.summary.image("images", images)
        return images, tf.reshape(labels, [batch_size])


    def distorted_inputs(files, batch_size):
        queue = tf.train.string_input_producer(files)
        _, value = tf.TFRecordReader().read(queue)
        image = tf.parse_single_example(value, {"x": tf.FixedLenFeature([3], tf.float32)})["x"]
        label = tf.constant(1)
        return _generate_batch(image, label, 100, batch_size, shuffle=True)


    def inputs(files, batch_size):
        queue = tf.train.string_input_producer(files, shuffle=False)
        _, value = tf.TFRecordReader().read(queue)
        image = tf.parse_single_example(value, {"x": tf.FixedLenFeature([3], tf.float32)})["x"] * 2.0
        return _generate_batch(image, tf.constant(0), 100, batch_size, shuffle=False)
    ''')


def test_a_batch_helper_with_a_flag_keeps_the_flag_as_a_choice_between_two_chains():
    result, code = _tfdata(BATCH_HELPER)
    assert not result.refused, result.notes
    assert "def _generate_batch(dataset, min_queue_examples, batch_size, shuffle):\n    if shuffle:" in code
    assert ".shuffle(min_queue_examples + 3 * batch_size)" in code
    assert code.count("make_one_shot_iterator") == 2 and code.count("_generate_batch(dataset, ") == 2
    assert 'tf.summary.image("images", images)' in code
    assert scan_source(code) == ()
    assert [o.rewritten for o in recognize(BATCH_HELPER)] == [True, True]


def test_a_batch_helper_is_left_when_one_of_its_callers_is_not_a_pipeline():
    source = BATCH_HELPER + "\n\ndef fed(x, y):\n    return _generate_batch(x, y, 10, 2, False)\n"
    result, code = _tfdata(source)
    assert code == source
    assert any("batch helper" in n.message for n in result.refused)


def test_a_batch_helper_that_uses_its_tensor_beyond_the_batch_is_left():
    source = BATCH_HELPER.replace('tf.summary.image("images", images)', 'tf.summary.image("images", image)')
    result, code = _tfdata(source)
    assert code == source
    assert any("uses its tensor `image` beyond the batch" in n.message for n in result.refused)


def test_a_reader_helper_called_by_two_pipelines_is_rewritten_once_for_both():
    source = HELPER + textwrap.dedent('''\


        def eval_inputs(files):
            a, b = read_and_decode(tf.train.string_input_producer(files, num_epochs=1, shuffle=False))
            return tf.train.batch([a, b], batch_size=2)
        ''')
    result, code = _tfdata(source)
    assert not result.refused, result.notes
    assert code.count("def read_and_decode(line, skip=1):") == 1
    assert ".map(lambda value: read_and_decode(value, n))" in code and ".map(lambda value: read_and_decode(value, 1))" in code
    assert ".skip(1)" in code and scan_source(code) == ()


PREFETCH = textwrap.dedent('''\
    import tensorflow.compat.v1 as tf


    def prefetch_input_data(files, num_reader_threads=4, capacity=100):
        filename_queue = tf.train.string_input_producer(files, shuffle=True, capacity=16)
        values_queue = tf.RandomShuffleQueue(capacity=capacity, min_after_dequeue=capacity // 2,
                                             dtypes=[tf.string], name="random_input_queue")
        enqueue_ops = []
        for _ in range(num_reader_threads):
            reader = tf.TFRecordReader()
            _, value = reader.read(filename_queue)
            enqueue_ops.append(values_queue.enqueue([value]))
        tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(values_queue, enqueue_ops))
        return values_queue


    def inputs(files):
        queue = tf.FIFOQueue(capacity=50, dtypes=[tf.float32, tf.int64])
        filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        reader = tf.TFRecordReader()
        ops = []
        for i in range(2):
            _, serialized = reader.read(filename_queue)
            example = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([], tf.float32),
                                                           "y": tf.FixedLenFeature([], tf.int64)})
            ops.append(queue.enqueue([example["x"], example["y"]]))
        tf.train.add_queue_runner(tf.train.QueueRunner(queue, ops))
        x, y = queue.dequeue()
        return tf.train.batch([x * 2.0, y], batch_size=8)
    ''')


def test_a_queue_filled_by_k_readers_and_a_queue_runner_becomes_an_interleave():
    result, code = _tfdata(PREFETCH)
    inputs = code[code.index("def inputs"):]
    # one reader read by two ops still reads one file after another; the loop's parsing is one map
    assert "tf.data.TFRecordDataset(file_names)\n" in inputs and ".interleave(" not in inputs
    assert 'def read_element(serialized):\n        example = tf.parse_single_example' in inputs
    assert 'return example["x"], example["y"]' in inputs and ".shuffle(" not in inputs
    assert "tf.train.QueueRunner(" not in inputs and "tf.FIFOQueue(" not in inputs
    # the helper that returns its queue (dequeued elsewhere) is left, with a note
    assert code[:code.index("def inputs")] == PREFETCH[:PREFETCH.index("def inputs")]
    assert any(n.kind == "refused" for n in result.notes)


def test_the_k_reader_pattern_in_one_function_with_a_random_shuffle_queue():
    source = PREFETCH.replace("    return values_queue\n", "    value = values_queue.dequeue()\n"
                              "    return tf.train.batch([value], batch_size=4)\n")
    assert source != PREFETCH
    result, code = _tfdata(source)
    prefetch = code[:code.index("def inputs")]
    assert ".interleave(tf.data.TFRecordDataset, cycle_length=num_reader_threads, " \
           "num_parallel_calls=num_reader_threads, deterministic=False)" in prefetch
    assert ".shuffle(capacity)" in prefetch and "tf.RandomShuffleQueue(" not in prefetch
    assert scan_source(code) == ()


@pytest.mark.parametrize("extra", [
    "    fill = values_queue.size()\n",  # a tensor the program may run: the queue is measured
    "    tf.summary.scalar('fill', values_queue.size() + tf.shape(values_queue.dequeue())[0])\n",
    "    enqueue_ops.append(tf.no_op())\n",
])
def test_a_hand_built_queue_used_beyond_its_readers_and_runner_is_left(extra):
    source = PREFETCH.replace("    return values_queue\n", extra + "    value = values_queue.dequeue()\n"
                              "    return tf.train.batch([value], batch_size=4)\n")
    assert source != PREFETCH
    result, code = _tfdata(source)
    assert code[:code.index("def inputs")] == source[:source.index("def inputs")]


@pytest.mark.parametrize("summary", [
    "tf.summary.scalar('fill', values_queue.size())",
    "tf.summary.scalar('queue/%s/fraction' % 'x', tf.cast(values_queue.size(), tf.float32) * (1. / capacity))",
    "tf.compat.v1.summary.scalar(name='fill', tensor=values_queue.size())",
])
def test_a_fill_level_summary_of_a_hand_built_queue_is_dropped_with_a_note(summary):
    source = PREFETCH.replace("    return values_queue\n", f"    {summary}\n    value = values_queue.dequeue()\n"
                              "    return tf.train.batch([value], batch_size=4)\n")
    assert source != PREFETCH
    result, code = _tfdata(source)
    statements = "\n".join(line for line in code.splitlines() if not line.lstrip().startswith("#"))
    assert "values_queue" not in statements and "tf.RandomShuffleQueue(" not in statements
    assert any(summary in n.message and "dropped" in n.message for n in result.notes if n.kind == "info")


DECODE = textwrap.dedent('''\
    import tensorflow.compat.v1 as tf

    LINES_TO_SKIP = 1


    def read_and_decode(filename_queue):
        reader = tf.TextLineReader(skip_header_lines=1)
        _, line = reader.read(filename_queue)
        a, b = tf.decode_csv(line, [[0], [0.0]])
        return a, b * 2.0
    ''')
TRAIN = textwrap.dedent('''\
    import tensorflow.compat.v1 as tf

    from {module} import read_and_decode


    def inputs(files):
        queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        a, b = read_and_decode(queue)
        return tf.train.batch([a, b], batch_size=4)
    ''')


@pytest.mark.parametrize("module, train_path", [
    ("project.readers", "project/train.py"),  # absolute import
    (".readers", "project/train.py"),  # relative import in the package
])
def test_a_reader_helper_in_another_module_of_the_tree(tmp_path, module, train_path):
    sources = {str(tmp_path / "project/__init__.py"): "", str(tmp_path / "project/readers.py"): DECODE,
               str(tmp_path / train_path): TRAIN.format(module=module)}
    results = rewrite_tree(sources, root=str(tmp_path))
    train, readers = results[str(tmp_path / train_path)], results[str(tmp_path / "project/readers.py")]
    assert not train.refused and not readers.refused, (train.notes, readers.notes)
    assert ".map(tf.autograph.experimental.do_not_convert(read_and_decode))" in train.code and f"from {module} import read_and_decode" in train.code
    assert "def read_and_decode(line):\n    a, b = tf.decode_csv(line" in readers.code
    assert scan_source(train.code) == () and scan_source(readers.code) == ()


@pytest.mark.parametrize("given", ["project", "project/train.py project/readers.py", "."])
def test_the_cli_rewrites_a_reader_helper_of_another_module_it_is_given(tmp_path, given):
    (tmp_path / "project").mkdir()
    (tmp_path / "project/__init__.py").write_text("")
    (tmp_path / "project/readers.py").write_text(DECODE)
    (tmp_path / "project/train.py").write_text(TRAIN.format(module="project.readers"))
    root = pathlib.Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-m", "tfdata_bridge", "migrate", *given.split(), "--to", "tfdata",
                          "--write"], capture_output=True, text=True, timeout=120, cwd=tmp_path,
                         env={**os.environ, "PYTHONPATH": str(root)})
    assert out.returncode == 1, out.stderr
    train, readers = (tmp_path / "project/train.py").read_text(), (tmp_path / "project/readers.py").read_text()
    assert ".map(tf.autograph.experimental.do_not_convert(read_and_decode))" in train and "from project.readers import read_and_decode" in train
    assert "def read_and_decode(line):\n    a, b = tf.decode_csv(line" in readers
    assert scan_source(train) == () and scan_source(readers) == ()


def test_a_reader_helper_in_another_module_also_used_elsewhere_is_left(tmp_path):
    other = "from project.readers import read_and_decode\n\n\ndef count(q):\n    return read_and_decode(q)\n"
    sources = {str(tmp_path / "project/__init__.py"): "", str(tmp_path / "project/readers.py"): DECODE,
               str(tmp_path / "project/train.py"): TRAIN.format(module="project.readers"),
               str(tmp_path / "project/other.py"): other}
    results = rewrite_tree(sources, root=str(tmp_path))
    assert not any(r.changed for r in results.values())
    assert any("is also used where no pipeline is rewritten" in n.message
               for n in results[str(tmp_path / "project/train.py")].refused)


def test_a_reader_helper_imported_by_name_whose_reader_uses_its_own_modules_constant_gets_its_value(tmp_path):
    # called through its module the name is reached through it (test_migrate_module_constants.py); by name, a
    # literal bound once is written as its value (module_names.py); rebound at run time, it is left
    decode = DECODE.replace("skip_header_lines=1", "skip_header_lines=LINES_TO_SKIP")
    sources = {str(tmp_path / "project/__init__.py"): "", str(tmp_path / "project/readers.py"): decode,
               str(tmp_path / "project/train.py"): TRAIN.format(module="project.readers")}
    results = rewrite_tree(sources, root=str(tmp_path))
    train = results[str(tmp_path / "project/train.py")]
    assert not train.refused and ".skip(1)" in train.code, (train.notes, train.code)
    sources[str(tmp_path / "project/readers.py")] = decode + "\n\ndef skip(n):\n    global LINES_TO_SKIP\n" \
                                                             "    LINES_TO_SKIP = n\n"
    results = rewrite_tree(sources, root=str(tmp_path))
    assert not any(r.changed for r in results.values())
    assert any("uses `LINES_TO_SKIP` of its own module, which is bound there more than once" in n.message
               for n in results[str(tmp_path / "project/train.py")].refused)


def test_the_helper_before_after_in_docs_and_readme_is_what_the_tool_prints():
    root = pathlib.Path(__file__).resolve().parents[2]

    def diff_block(page: str) -> str:
        blocks = [b.split("```\n", 1)[0] for b in (root / page).read_text().split("```diff\n")[1:]]
        return next(b for b in blocks if b.startswith("--- a/tests/migrate_corpus/helper_read_and_decode.py"))

    out = subprocess.run([sys.executable, "-m", "tfdata_bridge", "migrate",
                          "tests/migrate_corpus/helper_read_and_decode.py", "--to", "tfdata"],
                         capture_output=True, text=True, timeout=120, cwd=root, env={**os.environ, "PYTHONPATH": str(root)})
    assert out.returncode == 1
    assert diff_block("docs/migration.md") == out.stdout  # the whole diff
    readme = diff_block("README.md")
    assert readme.count("\n@@ ") >= 1 and out.stdout.startswith(readme)  # the README shows the first hunks


def test_a_name_scope_emptied_by_the_rewrite_goes_and_one_with_other_statements_stays():
    source = textwrap.dedent('''\
        import tensorflow.compat.v1 as tf


        def inputs(files):
            with tf.name_scope("input"):
                queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
                _, value = tf.TFRecordReader().read(queue)
            with tf.name_scope("stats"):
                n = tf.size(files)
                value = tf.strings.length(value)
            batch = tf.train.batch([value], batch_size=4)
            return batch, n
        ''')
    result, code = _tfdata(source)
    assert not result.refused, result.notes
    assert 'tf.name_scope("input")' not in code
    assert '    with tf.name_scope("stats"):\n        n = tf.size(files)\n' in code


# -- forms seen in held-out programs --------------------------------------------------------------------------
OWN_PRODUCER = textwrap.dedent('''\
    import tensorflow.compat.v1 as tf


    def read_single(filenames, num_epochs=None, skip=1):
        filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)
        reader = tf.TextLineReader(skip_header_lines=skip)
        _, line = reader.read(filename_queue)
        a, b = tf.decode_csv(line, [[0], [0.0]])
        return a, b


    def inputs(files):
        a, b = read_single(files, 1)
        return tf.train.batch([a, b], batch_size=4)
    ''')


@pytest.mark.parametrize("variant", [
    pytest.param(lambda s: s, id="as-written"),
    pytest.param(lambda s: s.replace("        filename_queue = tf.train.string_input_producer(filenames, num_epochs="
                                     "num_epochs, shuffle=False)\n        reader = tf.TextLineReader(skip_header_lines"
                                     "=skip)\n",
                                     "        reader = tf.TextLineReader(skip_header_lines=skip)\n        filename_queue "
                                     "= tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)"
                                     "\n"), id="reader-first"),
    pytest.param(lambda s: s.replace("a, b = read_single(files, 1)", "a, b = read_single(num_epochs=1, filenames=files)"),
                 id="keywords"),
    pytest.param(lambda s: s.replace("        reader = tf.TextLineReader(skip_header_lines=skip)\n        _, line = "
                                     "reader.read(filename_queue)\n",
                                     "        _, line = tf.TextLineReader(skip_header_lines=skip).read(filename_queue)\n"),
                 id="inline-reader"),
])
def test_a_reader_helper_that_makes_its_own_producer_loses_it_and_the_parameters_only_it_used(variant):
    source = variant(OWN_PRODUCER)
    assert "read_single" in source
    result, code = _tfdata(source)
    assert not result.refused, result.notes
    assert "def read_single(line):\n" in code  # filenames, num_epochs and skip went with the producer and reader
    assert ".from_tensor_slices(files)" in code and ".repeat(1)" in code
    assert ".map(read_single)" in code
    assert scan_source(code) == ()


def test_a_helper_whose_own_file_queue_is_used_beyond_its_read_is_left():
    source = OWN_PRODUCER.replace("    return a, b\n", "    tf.summary.scalar('n', filename_queue.size())\n"
                                  "    return a, b\n")
    result, code = _tfdata(source)
    assert code == source
    assert any("uses its file queue `filename_queue` beyond the read" in n.message for n in result.refused)


@pytest.mark.parametrize("scope", ['tf.name_scope("read")', 'tf.variable_scope("read")', 'tf.device("/cpu:0")',
                                   'tf.name_scope("a"), tf.device("/cpu:0")'])
def test_a_reader_helper_reading_under_a_graph_scope_is_rewritten_without_the_scope(scope):
    source = HELPER.replace(
        "    reader = tf.TextLineReader(skip_header_lines=skip)\n    key, line = reader.read(filename_queue)\n",
        f"    with {scope}:\n        reader = tf.TextLineReader(skip_header_lines=skip)\n"
        "        key, line = reader.read(filename_queue)\n")
    assert source != HELPER
    result, code = _tfdata(source)
    assert not result.refused, result.notes
    assert "def read_and_decode(line, skip=1):\n    a, b = tf.decode_csv(line" in code


def test_a_with_that_is_not_a_graph_scope_keeps_the_helper_as_it_was():
    source = HELPER.replace(
        "    reader = tf.TextLineReader(skip_header_lines=skip)\n    key, line = reader.read(filename_queue)\n",
        "    with open('/dev/null'):\n        reader = tf.TextLineReader(skip_header_lines=skip)\n"
        "        key, line = reader.read(filename_queue)\n")
    result, code = _tfdata(source)
    assert code == source and result.refused


@pytest.mark.parametrize("join, batch", [
    ("tf.train.batch_join([[a, b]], batch_size=4)", ".batch(4, drop_remainder=True)"),
    ("tf.train.batch_join(tensors_list=[(a, b)], batch_size=4, allow_smaller_final_batch=True)",
     ".batch(4, drop_remainder=False)"),
    ("tf.train.shuffle_batch_join([[a, b]], 4, 40, 10)", ".shuffle(40)"),
])
def test_a_join_over_one_tensor_list_is_its_batch(join, batch):
    source = HELPER.replace("tf.train.batch([a, b], batch_size=4)", join)
    assert source != HELPER
    result, code = _tfdata(source)
    assert not result.refused, result.notes
    assert batch in code and "_join" not in code.split("# tfdata-bridge")[0] + code.split("dataset = (")[-1]
    assert scan_source(code) == ()


REUSED = textwrap.dedent('''\
    import tensorflow.compat.v1 as tf


    def build(files):
        queue = tf.train.string_input_producer(files[:1], num_epochs=1, shuffle=False)
        _, line = tf.TextLineReader().read(queue)
        value = tf.string_to_number(line)
        first = tf.train.batch([value], batch_size=2)
        queue = tf.train.string_input_producer(files[1:], num_epochs=1, shuffle=False)
        _, line = tf.TextLineReader().read(queue)
        value = tf.string_to_number(line)
        second = tf.train.batch([value], batch_size=3)
        return first, second
    ''')


def test_two_pipelines_reusing_names_in_one_block_are_each_rewritten():
    result, code = _tfdata(REUSED)
    assert not result.refused, result.notes
    assert ".from_tensor_slices(files[:1])" in code and ".from_tensor_slices(files[1:])" in code
    assert ".batch(2, " in code and ".batch(3, " in code
    assert scan_source(code) == ()


# (a summary of ``value`` that nothing writes goes instead: test_migrate_r39g_read_forms.py)
@pytest.mark.parametrize("use", ["    tf.add_to_collection('v', value)\n", "    print(line)\n"])
def test_a_reused_name_read_after_the_next_pipeline_starts_keeps_that_pipeline(use):
    # the first pipeline's ``value`` is read between the second's statements: it cannot move into a map function
    source = REUSED.replace("    queue = tf.train.string_input_producer(files[1:]",
                            use + "    queue = tf.train.string_input_producer(files[1:]")
    assert source != REUSED
    result, code = _tfdata(source)
    assert any("also used outside the pipeline" in n.message for n in result.refused), result.notes
    assert ".from_tensor_slices(files[1:])" in code  # the second is its own pipeline still


def test_names_reused_across_a_loop_are_not_decided_by_line():
    source = textwrap.dedent('''\
        import tensorflow.compat.v1 as tf


        def build(files):
            out = []
            for part in (files[:1], files[1:]):
                queue = tf.train.string_input_producer(part, num_epochs=1, shuffle=False)
                _, line = tf.TextLineReader().read(queue)
                out.append(line)
                queue = tf.train.string_input_producer(part, num_epochs=2, shuffle=False)
                _, line = tf.TextLineReader().read(queue)
                out.append(tf.train.batch([tf.string_to_number(line) + len(out)], batch_size=3))
            return out
        ''')
    result, code = _tfdata(source)
    # each read of ``line`` is decided by the assignment before it in the pass: the appended read is the first
    # producer's (one epoch), the batched one the second's (two epochs), both per ``part``
    assert not result.refused, result.notes
    first, second = code.index(".repeat(1)"), code.index(".repeat(2)")
    assert first < code.index("out.append(line)") < second < code.index("out.append(batch)")
    assert "def parse_record(line):\n            return tf.string_to_number(line) + len(out)" in code
    assert code.count(".from_tensor_slices(part)") == 2
    # a read at the top of the loop sees the previous pass's value: that ``line`` may be either, and is left
    carried = source.replace("    out = []\n", "    out = []\n    line = tf.constant('0')\n")
    carried = carried.replace("        queue = tf.train.string_input_producer(part, num_epochs=1",
                              "        out.append(line)\n"
                              "        queue = tf.train.string_input_producer(part, num_epochs=1", 1)
    assert carried.count("out.append(line)") == 2
    result, code = _tfdata(carried)
    assert result.refused and "train.batch(" in code, result.notes


@pytest.mark.parametrize("alias", ["v1 = tf.compat.v1", "compat = tf.compat.v1"])
def test_a_module_level_alias_of_tf_compat_v1_is_followed(alias):
    name = alias.split(" ")[0]
    source = textwrap.dedent(f'''\
        import tensorflow as tf

        {alias}


        def inputs(files):
            queue = {name}.train.string_input_producer(files, num_epochs=1, shuffle=False)
            _, line = {name}.TextLineReader().read(queue)
            return {name}.train.batch([line], batch_size=4)
        ''')
    result, code = _tfdata(source)
    assert not result.refused, result.notes
    assert f"{name}.data.Dataset.from_tensor_slices(files)" in code
    assert scan_source(code) == ()


def test_a_local_variable_named_like_an_alias_is_not_one():
    source = textwrap.dedent('''\
        import tensorflow as tf

        v1 = tf.compat.v1


        def inputs(files, v1):
            queue = v1.train.string_input_producer(files)
            return v1.train.batch([queue.dequeue()], batch_size=4)
        ''')
    result, code = _tfdata(source)
    assert code == source
