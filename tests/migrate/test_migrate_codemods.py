"""migrate as a codemod: before/after source strings, no-op cases, refusals, and the command's contract."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import textwrap

import pytest

from tfdata_bridge._src.symbols import SYMBOLS
from tfdata_bridge.migrate import rewrite, rewrite_file, scan_source

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _d(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


# -- --to compat ------------------------------------------------------------------------------------------------
COMPAT_FIXES = [
    pytest.param(
        "import tensorflow.compat.v1 as tf  # legacy\n\nq = tf.FIFOQueue(3, tf.int32)\n",
        "import tfdata_bridge.compat.v1 as tf  # legacy\n\nq = tf.FIFOQueue(3, tf.int32)\n",
        id="compat-v1-alias"),
    pytest.param(
        "from tensorflow.compat import v1 as tf\nx = tf.train.batch([a], 2)\n",
        "from tfdata_bridge.compat import v1 as tf\nx = tf.train.batch([a], 2)\n",
        id="from-compat-import-v1"),
    pytest.param(
        "from tensorflow.compat.v1 import train, Session\ntrain.batch([a], 2)\n",
        "from tfdata_bridge.compat.v1 import train, Session\ntrain.batch([a], 2)\n",
        id="from-import-submodule"),
    pytest.param(
        "import tensorflow as tf\nx = tf.train.shuffle_batch([a], 2, 10, 5)\n",
        "import tfdata_bridge.compat.v1 as tf\nx = tf.train.shuffle_batch([a], 2, 10, 5)\n",
        id="tf1-program"),
    pytest.param(
        "from tensorflow import train\ntrain.batch([a], 2)\n",
        "from tfdata_bridge.compat.v1 import train\ntrain.batch([a], 2)\n",
        id="tf1-from-import"),
    pytest.param(
        _d("""
        import os
        import tensorflow as tf

        x = tf.compat.v1.train.batch([a], 2)  # keep me
        sess = tf.compat.v1.Session()
        """),
        _d("""
        import os
        import tensorflow as tf
        import tfdata_bridge.compat.v1

        x = tfdata_bridge.compat.v1.train.batch([a], 2)  # keep me
        sess = tfdata_bridge.compat.v1.Session()
        """),
        id="tf2-program-reaching-compat-v1"),
]


@pytest.mark.parametrize("before, after", COMPAT_FIXES)
def test_to_compat_fixes(before, after):
    result = rewrite(before, to="compat")
    assert result.code == after
    assert rewrite(after, to="compat").code == after


COMPAT_NOOPS = [
    pytest.param('import tensorflow.compat.v1 as tf\ns = "tf.train.batch"  # tf.FIFOQueue\n', id="strings-comments"),
    pytest.param("import tensorflow as tf\nds = tf.data.Dataset.range(3).batch(2)\n", id="tf-data-only"),
    pytest.param("import tfdata_bridge.compat.v1 as tf\nx = tf.train.batch([a], 2)\n", id="already-migrated"),
    pytest.param("import numpy as np\n", id="no-tensorflow"),
]


@pytest.mark.parametrize("source", COMPAT_NOOPS)
def test_to_compat_noops(source):
    result = rewrite(source, to="compat")
    assert result.code == source and not result.changed and not result.notes


def test_to_compat_points_a_function_imported_on_its_own_at_the_drop_in_and_says_so():
    source = "from tensorflow.compat.v1.train import batch\nbatch([a], 2)\n"
    result = rewrite(source, to="compat")
    assert result.code == (
        "from tensorflow.compat.v1.train import batch\nimport tfdata_bridge.compat.v1\n"
        "tfdata_bridge.compat.v1.train.batch([a], 2)\n"
    )
    [note] = result.notes
    assert note.line == 2 and note.kind == "info" and "`batch` is imported on its own" in note.message


# -- --to tfdata ------------------------------------------------------------------------------------------------
TFRECORD_BEFORE = _d("""
    import tensorflow.compat.v1 as tf

    files = ["a.tfrecord", "b.tfrecord"]
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader()
    _, serialized = reader.read(queue)
    parsed = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([2], tf.float32)})
    x_batch = tf.train.batch([parsed["x"]], batch_size=4)  # the batch
    """)
TFRECORD_AFTER = _d("""
    import tensorflow.compat.v1 as tf

    files = ["a.tfrecord", "b.tfrecord"]

    # tfdata-bridge migrate: TFRecordReader, batch, string_input_producer rewritten to tf.data;
    # accepted: parsing runs on whole batches (same values)
    # graph-mode code, as the queue ran it: no AutoGraph conversion (it would only slow the start)
    @tf.autograph.experimental.do_not_convert
    def parse_batch(serialized):
        parsed = tf.io.parse_example(serialized, {"x": tf.FixedLenFeature([2], tf.float32)})
        return parsed["x"]
    file_names = (
        tf.data.Dataset.from_tensor_slices(files)
        .repeat(1)
    )
    dataset = (
        tf.data.TFRecordDataset(file_names)
        .batch(4, drop_remainder=True)
        .map(parse_batch)
        .prefetch(tf.data.AUTOTUNE)
    )
    x_batch = tf.data.make_one_shot_iterator(dataset).get_next()  # the batch
    """)

SLICE_BEFORE = _d("""
    import tensorflow as tf

    def build(images, labels):
        image, label = tf.compat.v1.train.slice_input_producer([images, labels], num_epochs=None, seed=1)
        image = tf.image.flip_left_right(image)
        return tf.compat.v1.train.shuffle_batch(
            [image, label], 32, capacity=1000, min_after_dequeue=500, num_threads=4, allow_smaller_final_batch=True)
    """)


def test_to_tfdata_tfrecord_pipeline_parses_after_batch():
    result = rewrite(TFRECORD_BEFORE, to="tfdata")
    assert result.code == TFRECORD_AFTER
    assert not result.refused
    assert rewrite(result.code, to="tfdata").code == result.code


def test_to_tfdata_keeps_per_element_parsing_when_a_feature_is_not_fixed_length():
    source = TFRECORD_BEFORE.replace('tf.FixedLenFeature([2], tf.float32)', "tf.VarLenFeature(tf.float32)")
    code = rewrite(source, to="tfdata").code
    assert "parse_example" not in code and "tf.parse_single_example(serialized" in code
    assert ".map(parse_record)\n    .batch(4, drop_remainder=True)" in code


def test_to_tfdata_keeps_per_element_parsing_when_an_op_follows_the_parse():
    source = TFRECORD_BEFORE.replace('[parsed["x"]]', '[parsed["x"] * 2.0]')
    code = rewrite(source, to="tfdata").code
    assert "parse_example" not in code and 'return parsed["x"] * 2.0' in code


def test_to_tfdata_spells_tf_data_through_the_programs_own_prefix():
    result = rewrite(SLICE_BEFORE, to="tfdata")
    assert "tf.compat.v1.data.Dataset.from_tensor_slices((images, labels))" in result.code
    assert ".shuffle(tf.compat.v1.shape(images, out_type=tf.compat.v1.int64)[0], seed=1, " \
           "reshuffle_each_iteration=True)\n        .repeat()" in result.code
    assert ".map(make_element, num_parallel_calls=4)" in result.code
    assert ".shuffle(1000)\n        .batch(32, drop_remainder=False)" in result.code
    # legacy returned a list of the batched tensors; so does the rewrite
    assert "return list(tf.compat.v1.data.make_one_shot_iterator(dataset).get_next())" in result.code
    assert not result.refused


def test_to_tfdata_refuses_a_batch_call_whose_result_is_not_named():
    source = "import tensorflow.compat.v1 as tf\ntf.train.batch([x], 2)\n"
    result = rewrite(source, to="tfdata")
    assert result.code == source
    assert "neither assigned to names nor returned" in result.refused[0].message


REFUSALS = [
    pytest.param(TFRECORD_BEFORE.replace("x_batch = tf.train.batch([parsed[\"x\"]], batch_size=4)",
                                         "x_batch = tf.train.batch([parsed[\"x\"]], batch_size=4)\nprint(parsed)"),
                 "`parsed` is also used outside the pipeline", id="name-used-outside"),
    # a used key is made again (test_migrate_record_keys.py); a reader with options= (compression) is still left
    pytest.param(TFRECORD_BEFORE.replace("_, serialized", "key, serialized").replace("[parsed[\"x\"]]",
                                                                                    "[key, parsed[\"x\"]]")
                 .replace("tf.TFRecordReader()", "tf.TFRecordReader(options=tf.io.TFRecordOptions(\"GZIP\"))"),
                 "TFRecordReader(options=...)", id="record-key-used-compressed"),
    # (``enqueue_many=True`` over per-record rows is rewritten now: map, unbatch, batch; test_migrate_rows_queue.py)
    pytest.param(TFRECORD_BEFORE.replace("batch_size=4)", "batch_size=4, dynamic_pad=PAD)"),
                 "not a literal True or False", id="non-literal-flag"),
    # (a compression known statically is read by TFRecordDataset(compression_type=...): test_migrate_r15a.py)
    pytest.param(TFRECORD_BEFORE.replace("tf.TFRecordReader()", "tf.TFRecordReader(options=opts)"),
                 "TFRecordReader(options=opts): its compression type is not known", id="compressed-records"),
    pytest.param(_d("""
        import tensorflow.compat.v1 as tf
        x = tf.placeholder(tf.float32, [3])
        x_batch = tf.train.batch([x], 4)
        """), "no input producer", id="no-source"),
]


@pytest.mark.parametrize("source, reason", REFUSALS)
def test_to_tfdata_refuses_what_it_cannot_prove_and_leaves_it_untouched(source, reason):
    result = rewrite(source, to="tfdata")
    assert result.code == source
    assert any(reason in n.message for n in result.refused), result.notes


def test_to_tfdata_leaves_plumbing_that_something_else_uses():
    source = _d("""
        import numpy as np
        import tensorflow.compat.v1 as tf

        value, = tf.train.slice_input_producer([np.arange(10)], num_epochs=1, shuffle=False)
        batch = tf.train.batch([value], 2)
        with tf.Session() as sess:
            coord = tf.train.Coordinator()
            threads = tf.train.start_queue_runners(sess=sess, coord=coord)
            while not coord.should_stop():
                if sess.run(batch)[0] > 4:
                    coord.request_stop()
            coord.join(threads)
        """)
    result = rewrite(source, to="tfdata")
    assert "make_one_shot_iterator" in result.code
    # the coordinator is the loop's stop flag: it stays, with its uses; the runners' start goes (it would start
    # nothing), its threads an empty list for the join
    assert "coord = tf.train.Coordinator()" in result.code and "start_queue_runners" not in result.code
    assert "threads = []" in result.code and "coord.join(threads)" in result.code and "coord.request_stop()" in result.code
    assert any("`coord` kept: a Coordinator used as the loop's stop flag" in n.message for n in result.notes)


def test_to_tfdata_a_should_stop_loop_runs_until_the_data_ends_and_used_threads_stay_a_list():
    source = _d("""
        import numpy as np
        import tensorflow.compat.v1 as tf

        value, = tf.train.slice_input_producer([np.arange(10)], num_epochs=1, shuffle=False)
        batch = tf.train.batch([value], 2)
        with tf.Session() as sess:
            coord = tf.train.Coordinator()
            threads = tf.train.start_queue_runners(sess=sess, coord=coord)
            print(len(threads))
            try:
                while not coord.should_stop():
                    print(sess.run(batch))
            except tf.errors.OutOfRangeError:
                pass
            finally:
                coord.request_stop()
            coord.join(threads)
        """)
    result = rewrite(source, to="tfdata")
    assert "coord" not in result.code and "start_queue_runners" not in result.code
    assert "    threads = []\n    print(len(threads))\n" in result.code
    assert "        while True:\n            print(sess.run(batch))\n" in result.code
    assert scan_source(result.code) == ()


def test_to_tfdata_removes_plumbing_and_unwraps_an_emptied_try():
    source = _d("""
        import numpy as np
        import tensorflow.compat.v1 as tf

        value, = tf.train.slice_input_producer([np.arange(10)], num_epochs=1, shuffle=False)
        batch = tf.train.batch([value], 2)
        with tf.Session() as sess:
            coord = tf.train.Coordinator()
            threads = tf.train.start_queue_runners(sess=sess, coord=coord)
            try:
                # five steps
                for _ in range(5):
                    print(sess.run(batch))
            finally:
                coord.request_stop()
                coord.join(threads)
        """)
    result = rewrite(source, to="tfdata")
    assert result.code.endswith(_d("""
        with tf.Session() as sess:
            # five steps
            for _ in range(5):
                print(sess.run(batch))
        """))
    assert scan_source(result.code) == ()


TFDATA_NOOPS = [
    pytest.param('import tensorflow.compat.v1 as tf\nprint("tf.train.batch([x], 2)")  # tf.train.batch\n',
                 id="strings-comments"),
    pytest.param("import tensorflow as tf\nds = tf.data.Dataset.range(3).batch(2)\n", id="tf-data-only"),
    pytest.param("def batch(x, n):\n    return x\nbatch([1], 2)\n", id="own-batch"),
]


@pytest.mark.parametrize("source", TFDATA_NOOPS)
def test_to_tfdata_noops(source):
    result = rewrite(source, to="tfdata")
    assert result.code == source and not result.notes


def test_a_source_that_does_not_parse_comes_back_unchanged_with_the_error():
    source = "import tensorflow as tf\ndef f(:\n"
    for target in ("compat", "tfdata"):
        result = rewrite(source, to=target)
        assert result.code == source and result.error and "does not parse" in result.error


def test_an_unknown_target_is_a_value_error_naming_the_choices():
    with pytest.raises(ValueError, match="to='compat' or to='tfdata'"):
        rewrite("", to="tf2")


# -- the command ------------------------------------------------------------------------------------------------
def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tfdata_bridge", *args], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})


LEGACY = "import tensorflow.compat.v1 as tf\nq = tf.FIFOQueue(3, tf.int32)\n"


def test_migrate_prints_a_diff_by_default_and_writes_nothing(tmp_path):
    path = tmp_path / "prog.py"
    path.write_text(LEGACY)
    out = _cli("migrate", str(tmp_path), "--to", "compat")
    assert out.returncode == 1
    assert f"--- a/{path}" in out.stdout and "+import tfdata_bridge.compat.v1 as tf" in out.stdout
    assert path.read_text() == LEGACY


def test_migrate_write_replaces_the_file_and_a_second_run_changes_nothing(tmp_path):
    path = tmp_path / "prog.py"
    path.write_text(LEGACY)
    os.chmod(path, 0o640)
    out = _cli("migrate", str(path), "--to", "compat", "--write")
    assert out.returncode == 1 and out.stdout == ""
    assert path.read_text() == LEGACY.replace("tensorflow.compat.v1", "tfdata_bridge.compat.v1")
    assert os.stat(path).st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["prog.py"]  # no temporary file left
    again = _cli("migrate", str(path), "--to", "compat", "--write")
    assert again.returncode == 0 and again.stdout == ""


def test_migrate_skips_a_file_that_does_not_parse_and_exits_2(tmp_path):
    broken = tmp_path / "broken.py"
    broken.write_text("import tensorflow.compat.v1 as tf\ndef f(:\n")
    good = tmp_path / "good.py"
    good.write_text(LEGACY)
    out = _cli("migrate", str(tmp_path), "--to", "tfdata", "--write")
    assert out.returncode == 2
    assert "broken.py: skipped: does not parse" in out.stderr
    assert broken.read_text() == "import tensorflow.compat.v1 as tf\ndef f(:\n"
    assert "good.py:2: left unchanged: `tf.compat.v1.FIFOQueue` left" in out.stderr


def test_migrate_exits_0_when_nothing_needs_changing(tmp_path):
    (tmp_path / "clean.py").write_text("import tensorflow as tf\n")
    out = _cli("migrate", str(tmp_path), "--to", "tfdata")
    assert out.returncode == 0 and out.stdout == ""


def test_rewrite_file_writes_atomically_only_when_changed(tmp_path):
    path = tmp_path / "prog.py"
    path.write_text(LEGACY)
    result = rewrite_file(str(path), to="compat", write=True)
    assert result.changed and path.read_text() == result.code
    assert not rewrite_file(str(path), to="compat", write=True).changed


FEED = _d("""
    import threading
    import tensorflow.compat.v1 as tf

    x = tf.placeholder(tf.float32, [2])
    queue = tf.FIFOQueue(10, [tf.float32], shapes=[[2]])
    enqueue_op = queue.enqueue([x])
    close_op = queue.close()
    batch = queue.dequeue_up_to(4)

    def feed(sess):
        for i in range(10):
            sess.run(enqueue_op, feed_dict={x: [i, i]})
        sess.run(close_op)

    with tf.Session() as sess:
        thread = threading.Thread(target=feed, args=(sess,))
        thread.start()
        print(sess.run(batch))
        thread.join()
    """)


def test_to_tfdata_feed_thread_becomes_a_generator():
    result = rewrite(FEED, to="tfdata")
    assert not result.refused, result.notes
    assert "    for i in range(10):\n        yield [i, i]\n" in result.code
    assert "output_signature=tf.TensorSpec(shape=[2], dtype=tf.float32)" in result.code
    assert ".batch(4, drop_remainder=False)" in result.code  # dequeue_up_to keeps the tail
    assert "threading" not in result.code and "sess.run(close_op)" not in result.code  # its import too
    assert scan_source(result.code) == ()


@pytest.mark.parametrize("change, reason", [
    pytest.param(("    sess.run(close_op)\n", "    sess.run(close_op)\n    sess.run(tf.no_op())\n"),
                 "beyond the enqueue and close", id="close-not-last"),
    pytest.param(("        sess.run(enqueue_op, feed_dict={x: [i, i]})\n",
                  "        sess.run(enqueue_op, feed_dict={x: [i, i]})\n        print(sess.graph)\n"),
                 "uses the session", id="session-used-for-more"),
    pytest.param(("    thread.start()\n", "    thread.start()\n    print(thread.name)\n"),
                 "used other than by start(), join()", id="thread-used-for-more"),
    pytest.param(("batch = queue.dequeue_up_to(4)\n", "batch = queue.dequeue_up_to(4)\nsize = queue.size()\n"),
                 "where the dequeue loop has not drained the queue", id="queue-size-used"),
])
def test_to_tfdata_feed_thread_refusals(change, reason):
    source = FEED.replace(*change)
    assert source != FEED
    result = rewrite(source, to="tfdata")
    assert result.code == source
    assert any(reason in n.message for n in result.refused), result.notes


JOIN = _d("""
    import tensorflow.compat.v1 as tf


    def read(queue):
        reader = tf.TextLineReader()
        _, line = reader.read(queue)
        number = tf.strings.to_number(line)
        return [number]


    queue = tf.train.string_input_producer(["a.txt", "b.txt"], num_epochs=1, shuffle=False)
    examples = [read(queue) for _ in range(3)]
    numbers = tf.train.batch_join(examples, 4)
    """)


def test_to_tfdata_batch_join_over_readers_becomes_an_interleave():
    result = rewrite(JOIN, to="tfdata")
    assert not result.refused, result.notes
    assert ".interleave(tf.data.TextLineDataset, cycle_length=3, num_parallel_calls=3, deterministic=False)" \
        in result.code
    assert "def parse_record(line):\n    number = tf.strings.to_number(line)\n    return number\n" in result.code
    assert "def read(" not in result.code and scan_source(result.code) == ()


def test_to_tfdata_batch_join_over_readers_whose_key_is_used_makes_the_key_per_file():
    # (each reader keys its lines within the file it took: "<file>:<line number>", record_keys.py; checked
    # against legacy by test_migrate_r30c_reader_keys.py)
    source = JOIN.replace("    _, line = reader.read(queue)\n", "    key, line = reader.read(queue)\n").replace(
        "    return [number]\n", "    return [number, key]\n")
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    assert "tf.data.TextLineDataset(filename).enumerate(1).map(lambda n, line: (tf.strings.join([filename, " \
        "tf.strings.as_string(n)], separator=\":\"), line))" in result.code, result.code


@pytest.mark.parametrize("changes, reason", [
    pytest.param([("examples = [read(queue) for _ in range(3)]\n", "examples = [read(queue), read(queue)]\n")],
                 "is not `[read_fn(filename_queue) for _ in range(k)]`", id="hand-built-list"),
    pytest.param([("numbers = tf.train.batch_join(examples, 4)\n",
                   "numbers = tf.train.batch_join(examples, 4)\nprint(read)\n")],
                 "`read` is used beyond the join", id="function-used-elsewhere"),
])
def test_to_tfdata_batch_join_refusals(changes, reason):
    source = JOIN
    for old, new in changes:
        assert old in source
        source = source.replace(old, new)
    result = rewrite(source, to="tfdata")
    assert result.code == source
    assert any(reason in n.message for n in result.refused), result.notes


TABLE_PATHS = [pytest.param(p, s, id=p) for s in SYMBOLS for p in s.paths if not p.startswith("tf_slim.")]


@pytest.mark.parametrize("path, sym", TABLE_PATHS)
def test_every_table_api_reached_through_compat_v1_moves_to_the_drop_in(path, sym):
    before = f"import tensorflow.compat.v1 as tf1\n\nuse = tf1.{path}  # {path}\n"
    if sym.zero_input:  # a py_func is not a queue API: alone it does not need the drop-in
        assert rewrite(before, to="compat").code == before
        return
    assert rewrite(before, to="compat").code == before.replace("tensorflow.compat.v1", "tfdata_bridge.compat.v1", 1)
    tf2 = f"import tensorflow as tf\n\nuse = tf.compat.v1.{path}\n"
    assert rewrite(tf2, to="compat").code == (
        f"import tensorflow as tf\nimport tfdata_bridge.compat.v1\n\nuse = tfdata_bridge.compat.v1.{path}\n")


@pytest.mark.parametrize("path, sym", TABLE_PATHS)
def test_every_table_api_outside_a_recognised_pipeline_is_left_with_a_note(path, sym):
    source = f"import tensorflow.compat.v1 as tf\n\nuse = tf.{path}\n"
    result = rewrite(source, to="tfdata")
    assert result.code == source
    if sym.to_tfdata in ("plumbing", "kept") or sym.zero_input:
        assert not result.refused  # nothing was rewritten, so plumbing is not even looked at; the rest stays
    else:
        [note] = result.refused
        assert note.line == 3 and f"`tf.compat.v1.{sym.name}` left" in note.message


def test_the_migration_docs_before_after_is_what_the_tool_prints():
    docs = (ROOT / "docs" / "migration.md").read_text()
    block = docs.split("```diff\n", 1)[1].split("```\n", 1)[0]
    out = subprocess.run([sys.executable, "-m", "tfdata_bridge", "migrate", "tests/legacy_programs/pyfunc_batch.py",
                          "--to", "tfdata"], capture_output=True, text=True, timeout=120, cwd=ROOT,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.returncode == 1
    assert block == out.stdout
